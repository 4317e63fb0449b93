#include "web/views/mancala_view.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "engine/games/mancala/board.h"
#include "engine/games/mancala/features.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/theta_agent.h"
#include "imgui.h"
#include "web/app.h"
#include "web/ui.h"
#include "web/views/drawing.h"
#include "web/views/mancala_trainer.h"

namespace pg::web {

using mancala::kNumHoles;
using mancala::kPitsPerSide;

namespace {

const ImU32 kBoardColour = IM_COL32(92, 60, 36, 255);
const ImU32 kBoardEdge = IM_COL32(140, 98, 60, 255);
const ImU32 kPitColour = IM_COL32(58, 36, 20, 255);
const ImU32 kTextColour = IM_COL32(240, 232, 220, 255);
const ImU32 kPathColour = IM_COL32(255, 255, 255, 150);

// The step log asks the solver about at most this many positions a frame,
// and only about positions with at most this many stones in the pits (the
// solver settles none beyond within the budget).
constexpr int kStepLogSolvesPerFrame = 2;
constexpr int kStepLogMaxStones = 30;

struct Geometry {
  ImVec2 origin;
  float cell = 0;
  ImVec2 centre[kNumHoles];
  float radius[kNumHoles];
  bool top[kNumHoles];  // drawn in the top row (player 1's side)
  ImVec2 board_min() const;
  ImVec2 board_max() const;
  ImVec2 middle() const {
    return ImVec2((board_min().x + board_max().x) * 0.5f, (board_min().y + board_max().y) * 0.5f);
  }
};

// Columns 1..6 hold the pits; the stores sit in columns 0 (player 1) and 7
// (player 0). Bottom row: holes 0..5 left to right; top row: 12..7. Bands
// above and below the rows carry the agent's probability bars; the band
// between the rows carries capture and extra-turn notes.
constexpr float kBand = 0.38f, kMidBand = 0.5f, kBoardHeight = 2 * kBand + 2.0f + kMidBand;
constexpr float kOutside = 0.75f;  // player label and pit names, above and below the board

ImVec2 Geometry::board_min() const { return origin; }
ImVec2 Geometry::board_max() const { return ImVec2(origin.x + 8 * cell, origin.y + kBoardHeight * cell); }

Geometry layout(ImVec2 origin, ImVec2 size) {
  Geometry g;
  g.cell = std::min(size.x / 8.2f, size.y / (kBoardHeight + 2 * kOutside));
  const float width = 8.0f * g.cell;
  g.origin = ImVec2(origin.x + (size.x - width) * 0.5f, origin.y + kOutside * g.cell);
  const float top_y = g.origin.y + (kBand + 0.5f) * g.cell;
  const float bottom_y = g.origin.y + (kBand + 1.5f + kMidBand) * g.cell;
  for (int i = 0; i < kPitsPerSide; ++i) {
    g.centre[i] = ImVec2(g.origin.x + (1.5f + float(i)) * g.cell, bottom_y);
    g.centre[12 - i] = ImVec2(g.origin.x + (1.5f + float(i)) * g.cell, top_y);
    g.radius[i] = g.radius[12 - i] = 0.42f * g.cell;
    g.top[i] = false;
    g.top[12 - i] = true;
  }
  const float mid_y = g.origin.y + kBoardHeight * g.cell * 0.5f;
  g.centre[6] = ImVec2(g.origin.x + 7.5f * g.cell, mid_y);
  g.centre[13] = ImVec2(g.origin.x + 0.5f * g.cell, mid_y);
  g.radius[6] = g.radius[13] = 0.45f * g.cell;
  g.top[6] = false;
  g.top[13] = true;
  return g;
}

// Stones as small pebbles, placed on a sunflower spiral so they never move
// when others are added.
void draw_stones(ImDrawList* draw, ImVec2 centre, float radius, bool is_store, int count) {
  const int shown = std::min(count, 40);
  const float stone = radius * (is_store ? 0.13f : 0.16f);
  const float spread = radius - stone * 1.6f;
  for (int k = 0; k < shown; ++k) {
    const float r = spread * (0.45f + 0.55f * std::sqrt((float(k) + 0.5f) / float(std::max(shown, 8))));
    const float angle = float(k) * 2.39996f;
    const ImVec2 p(centre.x + r * std::cos(angle) * (is_store ? 0.7f : 1.0f),
                   centre.y + r * std::sin(angle) * (is_store ? 2.3f : 1.0f));
    const int hue = (k * 37) % 3;
    const ImU32 colour = hue == 0   ? IM_COL32(120, 190, 230, 235)
                         : hue == 1 ? IM_COL32(200, 220, 235, 235)
                                    : IM_COL32(90, 150, 200, 235);
    draw->AddCircleFilled(p, stone, colour, 10);
  }
}

// The board, and whose side is whose (and whose turn) above and below it.
void draw_board(ImDrawList* draw, const Geometry& g, int mover, float text_size) {
  const ImVec2 bmin = g.board_min(), bmax = g.board_max();
  draw->AddRectFilled(bmin, bmax, kBoardColour, g.cell * 0.3f);
  draw->AddRect(bmin, bmax, kBoardEdge, g.cell * 0.3f, 0, 3.0f);
  for (int p = 0; p < 2; ++p) {
    const float y = p == 1 ? bmin.y - 0.55f * g.cell : bmax.y + 0.55f * g.cell;
    std::string label = "Player " + std::to_string(p) + (p == 0 ? " (bottom, store right)" : " (top, store left)");
    if (mover == p) label = "> " + label + " to move";
    // A narrow board (a phone, a small embed) gets the short form rather than text past its edge.
    if (board_text(text_size * 0.85f).measure(label).x > bmax.x - bmin.x)
      label = (mover == p ? "> P" : "P") + std::to_string(p) + (mover == p ? " to move" : "");
    board_text(text_size * 0.85f)
        .draw(draw, ImVec2(bmin.x, y - text_size * 0.45f), player_colour(p, mover == p ? 1.0f : 0.55f), label);
  }
}

// Pits and stores with their stones and counts (the pit just played ringed), and the pits' names: "pit 1" to
// "pit 6" from each player's left (the pit farthest from its store).
void draw_holes(ImDrawList* draw, const Geometry& g, const mancala::Board& board, int last_pit, float text_size) {
  for (int h = 0; h < kNumHoles; ++h) {
    const bool store = h == mancala::store_of(0) || h == mancala::store_of(1);
    const ImVec2 ctr = g.centre[h];
    if (store) {
      const float hw = g.radius[h] * 0.8f, hh = g.cell * 1.3f;
      draw->AddRectFilled(ImVec2(ctr.x - hw, ctr.y - hh), ImVec2(ctr.x + hw, ctr.y + hh), kPitColour, hw);
    } else {
      draw->AddCircleFilled(ctr, g.radius[h], kPitColour, 40);
    }
    draw_stones(draw, ctr, g.radius[h], store, board.holes[size_t(h)]);
    draw->AddCircleFilled(ctr, text_size * (store ? 0.85f : 0.62f), IM_COL32(30, 18, 10, 220), 24);
    centered_text(draw, ImVec2(ctr.x, ctr.y), text_size * (store ? 1.3f : 1.0f), kTextColour,
                  std::to_string(board.holes[size_t(h)]));
    if (h == last_pit) draw->AddCircle(ctr, g.radius[h] + 3, palette().last_move, 40, palette().outline * 1.5f);
  }
  // "pit 3" where it fits between two pits' centres, else "3" (labels must not run into each other).
  const float spacing = std::fabs(g.centre[mancala::first_pit_of(0) + 1].x - g.centre[mancala::first_pit_of(0)].x);
  const bool long_names = board_text(text_size * 0.75f).measure("pit 6").x < spacing * 0.9f;
  for (int p = 0; p < 2; ++p) {
    for (int i = 0; i < kPitsPerSide; ++i) {
      const int h = mancala::first_pit_of(p) + i;
      const float y = g.top[h] ? g.board_min().y - 0.2f * g.cell : g.board_max().y + 0.2f * g.cell;
      centered_text(draw, ImVec2(g.centre[h].x, y), text_size * 0.75f, player_colour(p, 0.8f),
                    (long_names ? "pit " : "") + std::to_string(i + 1));
    }
  }
}

// The last move's sowing path: an arrow from hole to hole; later laps drawn slightly inward so they stay
// visible.
void draw_sowing_path(ImDrawList* draw, const Geometry& g, const Json& events) {
  ImVec2 prev = g.centre[events[mancala::events::kPit].get<int>()];
  const auto& sown = events[mancala::events::kSown];
  for (size_t k = 0; k < sown.size(); ++k) {
    const int h = sown[k].get<int>();
    const float inset = 0.35f * g.radius[h] * float(k / 13) / 2.0f;
    ImVec2 to = g.centre[h];
    to.y += g.top[h] ? inset : -inset;
    arrow(draw, prev, to, kPathColour, std::max(1.5f, g.cell * 0.025f));
    prev = to;
  }
}

// The last move's capture: both pits ringed in the palette's bad colour, an arrow to the mover's store, the count.
void draw_capture(ImDrawList* draw, const Geometry& g, const Json& events, float text_size) {
  const Json& capture = events[mancala::events::kCapture];
  const int pit = capture[mancala::events::kCapturePit].get<int>();
  const int opposite = capture[mancala::events::kOpposite].get<int>();
  const int mover_store = mancala::store_of(events[mancala::events::kMover].get<int>());
  const ImU32 colour = palette().bad;
  draw->AddCircle(g.centre[opposite], g.radius[opposite] + 3, colour, 40, 3.0f);
  draw->AddCircle(g.centre[pit], g.radius[pit] + 3, colour, 40, 3.0f);
  arrow(draw, g.centre[opposite], g.centre[mover_store], colour, std::max(2.0f, g.cell * 0.04f));
  centered_text(draw, g.middle(), text_size * 0.9f, colour,
                "capture: " + std::to_string(capture[mancala::events::kStones].get<int>()) + " stones");
}

void draw_extra_turn(ImDrawList* draw, const Geometry& g, const Json& events, float text_size) {
  const int s = mancala::store_of(events[mancala::events::kMover].get<int>());
  draw->AddCircle(g.centre[s], g.radius[s] * 1.15f, palette().last_move, 40, palette().outline * 1.5f);
  const float x = s == mancala::store_of(0) ? g.centre[s].x - g.cell * 1.2f : g.centre[s].x + g.cell * 1.2f;
  centered_text(draw, ImVec2(x, g.centre[s].y), text_size * 0.85f, palette().last_move, "extra turn!");
}

// The agent's distribution on the mover's pits: a bar and a number (and its search score), a ring as strong
// as the probability, its choice in the chosen colour.
void draw_distribution(ImDrawList* draw, const Geometry& g, const Decision& d, int mover, bool scores,
                       float text_size) {
  for (size_t k = 0; k < d.actions.size(); ++k) {
    const int h = mancala::first_pit_of(mover) + d.actions[k];
    const ImVec2 ctr = g.centre[h];
    const double p = d.probabilities[k];
    const float bar_w = g.radius[h] * 1.9f, bar_h = kBand * g.cell * 0.62f;
    const float y = g.top[h] ? g.board_min().y + kBand * g.cell * 0.19f : g.board_max().y - kBand * g.cell * 0.81f;
    const ImVec2 bar0(ctr.x - bar_w * 0.5f, y);
    draw->AddRectFilled(bar0, ImVec2(bar0.x + bar_w, y + bar_h), IM_COL32(0, 0, 0, 130), 3);
    draw->AddRectFilled(bar0, ImVec2(bar0.x + bar_w * float(p), y + bar_h), player_colour(mover, 0.9f), 3);
    if (p > 0)
      draw->AddCircle(ctr, g.radius[h] - 2, player_colour(mover, 0.35f + 0.65f * float(p)), 40, 2.0f + 4.0f * float(p));
    if (d.actions[k] == d.chosen)
      draw->AddCircle(ctr, g.radius[h] + 6, palette().chosen, 40, palette().outline * 1.25f);
    // As large as the band allows and never wider than the pit, so that neighbours' labels do not run together;
    // where the score would make the text too small to read (a phone), the probability alone (the inspector
    // lists the scores).
    const float wanted = std::min(text_size * 0.8f, bar_h * 1.1f), room = g.radius[h] * 2.1f;
    const float readable = std::min(wanted, ImGui::GetFontSize() * 10.0f / 13.0f);  // 10 px at the UI's scale
    const auto fitted = [&](const std::string& text) {
      const float width = board_text(wanted).measure(text).x;
      return width > room ? wanted * room / width : wanted;
    };
    std::string label = percent(p);
    if (scores && k < d.scores.size()) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%s %+.2f", label.c_str(), d.scores[k]);
      if (fitted(buf) >= readable) label = buf;
    }
    centered_text(draw, ImVec2(ctr.x, y + bar_h * 0.5f), fitted(label), palette().label_text, label);
  }
}

// Each of the mover's moves labelled "= v", its exact value: in the good colour when it keeps the position's
// value, else in the bad colour and marked "?" (a blunder).
void draw_exact_values(ImDrawList* draw, const Geometry& g, const mancala::ExactMoves& m, int mover, float text_size) {
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(m.legal & (1u << i))) continue;
    const int h = mancala::first_pit_of(mover) + i;
    const int v = m.move_value[size_t(i)];
    const ImVec2 at(g.centre[h].x, g.centre[h].y + (g.top[h] ? -1.0f : 1.0f) * g.radius[h] * 0.62f);
    board_label(
        draw, at, text_size * 0.72f,
        {{"= " + mancala::signed_value(v) + (v == m.value ? "" : "?"), v == m.value ? palette().good : palette().bad}});
  }
}

void draw_game_over(ImDrawList* draw, const Geometry& g, const mancala::Board& board, float text_size) {
  const int o = board.outcome();
  const std::string text = std::string(o > 0   ? "Player 0 wins"
                                       : o < 0 ? "Player 1 wins"
                                               : "Draw") +
                           "  " + std::to_string(board.store(0)) + " : " + std::to_string(board.store(1));
  board_banner(draw, g.middle(), ImVec2(g.cell * 2.2f, g.cell * 0.3f), text_size * 1.2f, palette().label_text, text);
}

}  // namespace

void MancalaView::draw_debug_toggles() {
  ImGui::Checkbox("Sowing path", &show_path_);
  ImGui::SameLine();
  ImGui::Checkbox("Capture", &show_capture_);
  ImGui::SameLine();
  ImGui::Checkbox("Extra turn", &show_extra_turn_);
  ImGui::Checkbox("Search scores on the pits", &show_scores_);
  ImGui::Checkbox("Exact values (solver)", &show_exact_);
  help_marker(PG_TEXT(
      "Where the exact solver settles the position within the perfect agent's budget, each of the mover's pits "
      "shows \"= v\": the final store difference for the mover if it plays that pit and both sides then play "
      "perfectly. Blue keeps the position's value; orange, marked \"?\", gives some of it away (a blunder, marked in "
      "the step log)."));
}

void MancalaView::new_frame() {
  const int frame = ImGui::GetCurrentContext() ? ImGui::GetFrameCount() : frame_ + 1;
  if (frame == frame_) return;
  frame_ = frame;
  notes_pending_ = skipped_;
  skipped_ = false;
  solves_this_frame_ = 0;
}

std::string MancalaView::step_note(const Episode& episode, size_t i) {
  new_frame();
  if (!show_exact_) return "";
  const auto& before = dynamic_cast<const mancala::MancalaState&>(episode.state_at(i));
  if (exact_.needs_solving(before.board(), before.rules(), kStepLogMaxStones)) {
    if (solves_this_frame_ >= kStepLogSolvesPerFrame) {
      skipped_ = notes_pending_ = true;
      return "";
    }
    ++solves_this_frame_;
  }
  const auto blunder = exact_.blunder(before.board(), before.rules(), episode.step(i).action, kStepLogMaxStones);
  if (!blunder) return "";
  return "blunder: " + mancala::signed_value(blunder->first) + " -> " + mancala::signed_value(blunder->second) + ";";
}

std::string MancalaView::analysis_words(const BoardContext& c) {
  const int mover = c.state.current_player();
  if (!show_exact_ || !c.show_analysis || mover < 0) return "";
  const auto& state = dynamic_cast<const mancala::MancalaState&>(c.state);
  const std::optional<mancala::ExactMoves>& m = exact_.of(state.board(), state.rules());
  if (!m) return "Solver: not settled here (too many stones left).";
  std::string best, worse;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(m->legal & (1u << i))) continue;
    const int v = m->move_value[size_t(i)];
    std::string& list = v == m->value ? best : worse;
    list += (list.empty() ? "" : ", ") + ("pit " + std::to_string(i + 1)) +
            (v == m->value ? "" : " " + mancala::signed_value(v));
  }
  return "Solver: the position is worth " + mancala::signed_value(m->value) +
         " to the mover (its final store lead with perfect play). Keeping that value: " + best +
         (worse.empty() ? "." : ". Giving some away: " + worse + ".");
}

Json MancalaView::features_json(const BoardContext& c) {
  if (c.state.current_player() < 0 || c.agent.rfind("theta", 0) != 0) return nullptr;
  auto& agent = linear_agents_[c.agent];
  if (!agent) agent = c.game.make_agent(c.agent);
  const auto* theta = dynamic_cast<const mancala::ThetaAgent*>(agent.get());
  if (!theta) return nullptr;
  const auto& state = dynamic_cast<const mancala::MancalaState&>(c.state);
  Json j = mancala::afterstate_features(state.board(), state.rules(), theta->policy());
  j["agent"] = c.agent;
  return j;
}

void MancalaView::draw_inspector(const BoardContext& c) {
  new_frame();
  const Json f = features_json(c);
  if (f.is_null()) return;
  if (!ImGui::CollapsingHeader("Features of each move (linear value)", ImGuiTreeNodeFlags_DefaultOpen)) return;
  help_marker(PG_TEXT(
      "A linear player scores an afterstate (the board after a move) as theta . phi: each of the report's 40 "
      "features phi (normalised to 0..1) times its learned weight theta. Each cell is one feature's contribution "
      "for the mover (weight x feature, sign flipped for player 1); the sums are what ThetaGreedy 1 scores each move. "
      "Deeper searches put this value at the leaves instead. Hover a cell for the feature's value and weight."));
  ImGui::Checkbox("Hide features that are zero for every move", &hide_zero_features_);
  const Json& moves = f["moves"];
  const int columns = 2 + int(moves.size());
  // Wider than the inspector: the table scrolls sideways, the feature names stay.
  const float number = ImGui::CalcTextSize("+0.0000").x;
  const float name = ImGui::CalcTextSize("player0.reverse.can_fill_all_empties").x;
  const float padding = 2 * ImGui::GetStyle().CellPadding.x + 1;
  const float inner = name + float(columns - 1) * number + float(columns) * padding;
  if (!ImGui::BeginTable("features", columns,
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY |
                             ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit,
                         ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 16), inner))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("feature", ImGuiTableColumnFlags_WidthFixed, name);
  ImGui::TableSetupColumn("weight", ImGuiTableColumnFlags_WidthFixed, number);
  for (const auto& m : moves)
    ImGui::TableSetupColumn(("pit " + m["action"].get<std::string>()).c_str(), ImGuiTableColumnFlags_WidthFixed,
                            number);
  ImGui::TableHeadersRow();
  // The sums first: what each move scores.
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted("value (sum)");
  ImGui::TableNextColumn();
  for (const auto& m : moves) {
    ImGui::TableNextColumn();
    if (m["terminal"].get<bool>())
      ImGui::Text("end %+d", m["outcome"].get<int>());
    else
      ImGui::Text("%+.3f", m["value"].get<double>());
  }
  const auto& names = f["names"];
  for (size_t k = 0; k < names.size(); ++k) {
    bool any = false;
    for (const auto& m : moves)
      if (!m["terminal"].get<bool>() && m["features"][k].get<double>() != 0) any = true;
    if (hide_zero_features_ && !any) continue;
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(names[k].get<std::string>().c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%+.3f", f["weights"][k].get<double>());
    for (const auto& m : moves) {
      ImGui::TableNextColumn();
      if (m["terminal"].get<bool>()) {
        ImGui::TextDisabled("-");
        continue;
      }
      const double part = m["contributions"][k].get<double>();
      const ImVec4 colour = part > 0 ? palette().text_good : part < 0 ? palette().text_bad : palette().text_dim;
      ImGui::TextColored(colour, "%+.3f", part);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s = %.3f, weight %+.4f", names[k].get<std::string>().c_str(),
                          m["features"][k].get<double>(), f["weights"][k].get<double>());
    }
  }
  ImGui::EndTable();
}

Json MancalaView::inspect(const BoardContext& c, const Episode& episode) {
  Json j = Json::object();
  const auto& state = dynamic_cast<const mancala::MancalaState&>(c.state);
  if (c.state.current_player() >= 0) {
    const auto& m = exact_.of(state.board(), state.rules());
    if (m) {
      Json moves = Json::object();
      for (int i = 0; i < kPitsPerSide; ++i)
        if (m->legal & (1u << i)) moves[std::to_string(i + 1)] = m->move_value[size_t(i)];
      j["exact"] = {{"value", m->value}, {"moves", moves}, {"nodes", m->nodes}};
    } else {
      j["exact"] = nullptr;
    }
  }
  j["features"] = features_json(c);
  // Every blunder of the recorded episode (settled now, whatever the frame budget).
  Json blunders = Json::array();
  for (size_t i = 0; i < episode.length(); ++i) {
    const auto& before = dynamic_cast<const mancala::MancalaState&>(episode.state_at(i));
    const auto blunder = exact_.blunder(before.board(), before.rules(), episode.step(i).action, kStepLogMaxStones);
    if (blunder)
      blunders.push_back({{"step", i + 1},
                          {"action", episode.step(i).action_name},
                          {"value", blunder->first},
                          {"after", blunder->second}});
  }
  j["blunders"] = blunders;
  return j;
}

std::string MancalaView::legend() const {
  return PG_TEXT(
             "Sowing runs counter-clockwise. Yellow ring: the pit just played; white line: where its stones went; "
             "orange: a capture; teal ring: the agent's choice. Bars by the mover's pits: the agent's probability for "
             "each pit, and its search score. \"= v\" in a pit: that move's exact value (the solver), orange and "
             "marked \"?\" if it gives value away.")
      .str();
}

std::optional<Action> MancalaView::draw(const BoardContext& c) {
  new_frame();
  const auto& state = dynamic_cast<const mancala::MancalaState&>(c.state);
  const mancala::Board& board = state.board();
  const auto area = board_area(3.2f);  // room for the legend
  if (!area) return std::nullopt;
  const Geometry g = layout(area->origin, area->size);
  const float text_size = std::max(13.0f, g.cell * 0.26f);
  const int mover = c.state.current_player();
  ImDrawList* draw = ImGui::GetWindowDrawList();

  draw_board(draw, g, mover, text_size);
  const Json* events = c.last_step ? &c.last_step->transition.events : nullptr;
  draw_holes(draw, g, board,
             events && events->contains(mancala::events::kPit) ? (*events)[mancala::events::kPit].get<int>() : -1,
             text_size);
  if (events && show_path_ && events->contains(mancala::events::kSown) && events->contains(mancala::events::kPit))
    draw_sowing_path(draw, g, *events);
  if (events && show_capture_ && events->contains(mancala::events::kCapture)) draw_capture(draw, g, *events, text_size);
  if (events && show_extra_turn_ && events->value(mancala::events::kExtraTurn, false))
    draw_extra_turn(draw, g, *events, text_size);
  if (c.decision && c.show_probabilities && mover >= 0)
    draw_distribution(draw, g, *c.decision, mover, show_scores_, text_size);
  const std::optional<mancala::ExactMoves>* exact_here =
      show_exact_ && c.show_analysis && mover >= 0 ? &exact_.of(board, state.rules()) : nullptr;
  if (exact_here && *exact_here) draw_exact_values(draw, g, **exact_here, mover, text_size);
  if (c.state.is_terminal()) draw_game_over(draw, g, board, text_size);
  for (int h = 0; h < mancala::kNumHoles; ++h) places.push_back({g.centre[h].x, g.centre[h].y});
  place_size = 2 * g.radius[0];

  // A human plays by clicking one of their non-empty pits.
  targets.clear();
  for (Action a : c.state.legal_actions()) {
    const int h = mancala::first_pit_of(mover) + a;
    targets.push_back({a, g.centre[h].x, g.centre[h].y});
  }
  const float pit_radius = g.radius[0];
  const std::optional<Action> clicked =
      clicked_target(c, *area, (kBoardHeight + 2 * kOutside) * g.cell, targets, pit_radius);
  if (c.human_to_move && ImGui::IsItemHovered()) {
    if (const auto a = hovered_target(targets, pit_radius)) {
      const int h = mancala::first_pit_of(mover) + *a;
      draw->AddCircle(g.centre[h], g.radius[h] + 2, palette().target, 40, 3.0f);
      ImGui::SetTooltip("Sow pit %d (%d stones)", *a + 1, board.holes[size_t(h)]);
    }
  }

  ImGui::TextWrapped("%s", legend().c_str());
  if (exact_here && *exact_here) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette().text_good);
    ImGui::TextWrapped(
        "Solver: the position is worth %s to the mover (its final store lead with perfect play); \"= v\" on each pit: "
        "that move's value, orange and marked \"?\" if it gives some away.",
        mancala::signed_value((*exact_here)->value).c_str());
    ImGui::PopStyleColor();
  } else if (exact_here) {
    ImGui::TextDisabled("Solver: not settled within %dk positions here (too many stones left).",
                        mancala::PerfectAgent::kDefaultKilonodes);
  }
  board_legend(c, "", "Your move: click one of your non-empty pits.");
  return clicked;
}

}  // namespace pg::web

namespace pg::web {

LiveTrainer* MancalaView::trainer() { return &mancala_trainer(); }

}  // namespace pg::web
