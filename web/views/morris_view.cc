#include "web/views/morris_view.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/morris/board.h"
#include "engine/games/morris/morris_game.h"
#include "engine/games/morris/perfect_agent.h"
#include "imgui.h"
#include "web/ui.h"
#include "web/views/drawing.h"

namespace pg::web {

using morris::bit;
using morris::kNumPoints;

namespace {

const ImU32 kBoardColour = IM_COL32(196, 160, 112, 255);
const ImU32 kBoardEdge = IM_COL32(120, 88, 52, 255);
const ImU32 kLineColour = IM_COL32(60, 40, 22, 255);
const ImU32 kNameColour = IM_COL32(60, 40, 22, 200);
// A removal (an event, not a result): red stands out on the wood, where the palette's orange would not.
const ImU32 kRemovedColour = IM_COL32(220, 40, 40, 255);

// The project's app coordinates (a 400 px canvas, outer square 50..350, inner
// 125..275), scaled to the unit square.
constexpr float kPosition[kNumPoints][2] = {
    {0, 0},        {0.5f, 0}, {1, 0},         {0.25f, 0.25f}, {0.5f, 0.25f},  {0.75f, 0.25f}, {0, 0.5f}, {0.25f, 0.5f},
    {0.75f, 0.5f}, {1, 0.5f}, {0.25f, 0.75f}, {0.5f, 0.75f},  {0.75f, 0.75f}, {0, 1},         {0.5f, 1}, {1, 1},
};

struct Geometry {
  ImVec2 min, max;  // the outer square
  float side = 0, piece = 0;
  ImVec2 point[kNumPoints];
};

Geometry layout(ImVec2 origin, ImVec2 size) {
  Geometry g;
  // Room around the square for the hands (left and right) and the names.
  g.side = std::min(size.x / 1.7f, size.y / 1.25f);
  g.min = ImVec2(origin.x + (size.x - g.side) * 0.5f, origin.y + g.side * 0.12f);
  g.max = ImVec2(g.min.x + g.side, g.min.y + g.side);
  g.piece = g.side * 0.055f;
  for (int p = 0; p < kNumPoints; ++p)
    g.point[p] = ImVec2(g.min.x + kPosition[p][0] * g.side, g.min.y + kPosition[p][1] * g.side);
  return g;
}

void dashed_ring(ImDrawList* draw, ImVec2 c, float r, ImU32 colour, float thickness) {
  constexpr int kDashes = 10;
  for (int k = 0; k < kDashes; ++k) {
    const float a0 = 6.2831853f * float(k) / kDashes, a1 = a0 + 6.2831853f * 0.5f / kDashes;
    draw->PathArcTo(c, r, a0, a1, 6);
    draw->PathStroke(colour, 0, thickness);
  }
}

Json point_list(uint16_t mask) {
  Json j = Json::array();
  for (int p = 0; p < kNumPoints; ++p)
    if (mask & bit(p)) j.push_back(std::string(1, morris::point_name(p)));
  return j;
}

// "W7", "D", "L12": an action's exact value for the side deciding, short enough for the board.
std::string short_value(const morris::Outcome& o) {
  if (o.result == morris::Outcome::kDraw) return "D";
  return (o.result == morris::Outcome::kWin ? "W" : "L") + std::to_string(o.plies);
}

ImU32 value_colour(const morris::Outcome& o) { return result_colour(o.result); }
ImVec4 value_text_colour(const morris::Outcome& o) { return result_text_colour(o.result); }

// The exact values of the position and its actions, when the table is there and the game goes on.
struct ExactValues {
  bool available = false;
  morris::Outcome value;
  std::vector<std::pair<int, morris::Outcome>> actions;
};

// With `fetch`, a table that is not there yet is asked for (the page fetches it once).
ExactValues exact_values(const morris::MorrisState& state, bool fetch = false) {
  ExactValues e;
  if (state.is_terminal()) return e;
  std::shared_ptr<const morris::Solution> solution;
  try {
    solution = morris::current_solution();
    if (!solution && fetch) require_policy_file(morris::kShippedSolution);
  } catch (const InputError&) {
    return e;  // still loading, or a refused file: the page says so through the perfect agent
  }
  if (!solution || !solution->covers(state.board())) return e;
  e.available = true;
  e.value = solution->value(state.board());
  e.actions = solution->action_values(state.board());
  return e;
}

// The board: wood, the 20 lines, the points and their names.
void draw_board(ImDrawList* draw, const Geometry& g, bool names, float text_size) {
  const float pad = g.side * 0.08f;
  draw->AddRectFilled(ImVec2(g.min.x - pad, g.min.y - pad), ImVec2(g.max.x + pad, g.max.y + pad), kBoardColour, 8);
  draw->AddRect(ImVec2(g.min.x - pad, g.min.y - pad), ImVec2(g.max.x + pad, g.max.y + pad), kBoardEdge, 8, 0, 3);
  const float line = std::max(2.0f, g.side * 0.008f);
  for (const auto& [x, y] : morris::kLines) draw->AddLine(g.point[x], g.point[y], kLineColour, line);
  for (int p = 0; p < kNumPoints; ++p) {
    draw->AddCircleFilled(g.point[p], line * 2.2f, kLineColour, 16);
    if (names) {
      const ImVec2 at(g.point[p].x + g.piece * 0.95f, g.point[p].y - g.piece * 0.95f);
      centered_text(draw, at, text_size * 0.85f, kNameColour, std::string(1, morris::point_name(p)));
    }
  }
}

// Mills standing (a bar along the side, under the pieces) and threats (dashed rings).
void draw_mills_and_threats(ImDrawList* draw, const Geometry& g, const morris::Board& b) {
  for (int side = 0; side < 2; ++side) {
    for (uint16_t mill : morris::kMills) {
      if ((b.pieces[size_t(side)] & mill) != mill) continue;
      // A mill is a side of a square: its ends are its lowest and highest points.
      const int first = std::countr_zero(mill), last = 15 - std::countl_zero(mill);
      draw->AddLine(g.point[first], g.point[last], player_colour(side, 0.55f), g.piece * 0.9f);
    }
    const uint16_t t = b.threats(side);
    for (int p = 0; p < kNumPoints; ++p)
      if (t & bit(p))
        dashed_ring(draw, g.point[p], g.piece * (side == 0 ? 0.75f : 0.55f), player_colour(side, 0.95f), 2.5f);
  }
}

// The pieces on the board, and those in hand: seat 0's left of the board, seat 1's right.
void draw_pieces(ImDrawList* draw, const Geometry& g, const morris::Board& b, int mover, float text_size) {
  for (int p = 0; p < kNumPoints; ++p) {
    const int o = b.owner(p);
    if (o < 0) continue;
    draw->AddCircleFilled(g.point[p], g.piece, player_colour(o), 32);
    draw->AddCircle(g.point[p], g.piece, IM_COL32(30, 20, 10, 255), 32, 2);
    centered_text(draw, g.point[p], text_size * 0.8f, IM_COL32(30, 20, 10, 255), o == 0 ? "O" : "X");
  }
  const float pad = g.side * 0.08f;
  for (int side = 0; side < 2; ++side) {
    const float x = side == 0 ? g.min.x - pad - g.side * 0.16f : g.max.x + pad + g.side * 0.16f;
    centered_text(draw, ImVec2(x, g.min.y - pad * 0.4f), text_size * 0.8f, player_colour(side, 0.9f),
                  std::string("seat ") + char('0' + side) + (mover == side ? " <" : ""));
    for (int k = 0; k < b.in_hand[size_t(side)]; ++k) {
      const ImVec2 at(x, g.min.y + g.piece * 1.2f + float(k) * g.piece * 2.3f);
      draw->AddCircleFilled(at, g.piece * 0.9f, player_colour(side, 0.85f), 32);
      draw->AddCircle(at, g.piece * 0.9f, IM_COL32(30, 20, 10, 255), 32, 1.5f);
    }
  }
}

// The last step: its point (and where a move came from), or a cross on the piece removed.
void draw_last_move(ImDrawList* draw, const Geometry& g, Action a) {
  const int p = morris::action_point(a);
  if (morris::action_kind(a) == morris::ActionKind::kRemove) {
    const float r = g.piece * 0.7f;
    const ImVec2 q = g.point[p];
    draw->AddLine(ImVec2(q.x - r, q.y - r), ImVec2(q.x + r, q.y + r), kRemovedColour, 4);
    draw->AddLine(ImVec2(q.x - r, q.y + r), ImVec2(q.x + r, q.y - r), kRemovedColour, 4);
  } else {
    draw->AddCircle(g.point[p], g.piece + 4, palette().last_move, 32, palette().outline * 1.5f);
    if (const int from = morris::action_from(a); from >= 0)
      arrow(draw, g.point[from], g.point[p], (palette().last_move & 0x00FFFFFFu) | (ImU32(150) << 24), 3, g.piece);
  }
}

// Where an action's label goes: the middle of a move's arrow, under a placement's or removal's point.
ImVec2 label_position(const Geometry& g, Action a) {
  const int to = morris::action_point(a), from = morris::action_from(a);
  if (from >= 0) return ImVec2((g.point[from].x + g.point[to].x) * 0.5f, (g.point[from].y + g.point[to].y) * 0.5f);
  return ImVec2(g.point[to].x, g.point[to].y + g.piece * 1.75f);
}

const morris::Outcome* value_of(const ExactValues& exact, Action a) {
  for (const auto& [action, o] : exact.actions)
    if (action == a) return &o;
  return nullptr;
}

// The agent's distribution (arrows for moves, rings for placements and removals; its choice in teal), each
// action labelled with its probability and exact value; without a distribution, the exact values alone.
void draw_decision(ImDrawList* draw, const Geometry& g, const BoardContext& c, const morris::Board& b,
                   const ExactValues& exact, float text_size) {
  const int mover = c.state.current_player();
  const float size = text_size * 0.72f;
  if (!c.decision || !c.show_probabilities || mover < 0) {
    for (const auto& [a, o] : exact.actions)
      board_label(draw, label_position(g, a), size, {{short_value(o), value_colour(o)}});
    return;
  }
  const Decision& d = *c.decision;
  const bool removing = b.next_kind() == morris::ActionKind::kRemove;
  for (size_t k = 0; k < d.actions.size(); ++k) {
    const Action a = d.actions[k];
    const double prob = d.probabilities[k];
    const int to = morris::action_point(a), from = morris::action_from(a);
    const ImU32 colour =
        removing ? IM_COL32(230, 60, 60, int(90 + 165 * prob)) : player_colour(mover, 0.35f + 0.65f * float(prob));
    if (from >= 0)
      arrow(draw, g.point[from], g.point[to], colour, 1.5f + 7.0f * float(prob), g.piece * 1.05f);
    else
      draw->AddCircle(g.point[to], g.piece * 1.3f, colour, 32, 1.5f + 6.0f * float(prob));
    if (a == d.chosen) {
      if (from >= 0)
        arrow(draw, g.point[from], g.point[to], palette().chosen, palette().outline, g.piece * 1.05f);
      else
        draw->AddCircle(g.point[to], g.piece * 1.55f, palette().chosen, 32, palette().outline * 1.25f);
    }
    const morris::Outcome* v = value_of(exact, a);
    board_label(draw, label_position(g, a), size,
                {{prob >= 0.005 ? percent(prob) : ""}, {v ? short_value(*v) : "", v ? value_colour(*v) : 0}});
  }
}

// Where a human can click: empty points to place, enemy pieces to remove, own pieces to pick up, and the
// picked-up piece's targets.
void draw_human_targets(ImDrawList* draw, const Geometry& g, const morris::Board& b, const std::vector<Action>& legal,
                        int selected) {
  for (Action a : legal) {
    const int from = morris::action_from(a);
    if (from < 0)
      draw->AddCircle(g.point[morris::action_point(a)], g.piece * 1.15f,
                      b.pending_removal ? kRemovedColour : palette().target, 32, 2.0f);
    else if (from == selected)
      dashed_ring(draw, g.point[morris::action_point(a)], g.piece * 0.8f, palette().target, 3.0f);
    else if (selected < 0)
      draw->AddCircle(g.point[from], g.piece + 3, palette().target, 32, 2.0f);
  }
  if (selected >= 0) draw->AddCircle(g.point[selected], g.piece + 4, palette().last_move, 32, 3.5f);
}

std::string status_of(const morris::MorrisState& state) {
  const morris::Board& b = state.board();
  if (state.is_terminal())
    return (state.winner() >= 0 ? std::string("Seat ") + char('0' + state.winner()) + " wins: " : std::string()) +
           morris::ending_text(state);
  const int mover = state.current_player();
  const char* what = b.next_kind() == morris::ActionKind::kPlace  ? "to place"
                     : b.next_kind() == morris::ActionKind::kMove ? (b.flying(mover) ? "to move (flying)" : "to move")
                                                                  : "closed a mill: to remove a piece";
  return std::string("Seat ") + char('0' + mover) + (mover == 0 ? " (O) " : " (X) ") + what + "; turn " +
         std::to_string(b.moves + 1) + " of " + std::to_string(state.rules().max_moves);
}

// A click at `mouse`: placements and removals take one point; a move takes the piece (`selected`), then its
// target.
std::optional<Action> click_point(const Geometry& g, const std::vector<Action>& legal, ImVec2 mouse, int& selected) {
  int hovered = -1;
  for (int p = 0; p < kNumPoints; ++p) {
    const float dx = mouse.x - g.point[p].x, dy = mouse.y - g.point[p].y;
    if (dx * dx + dy * dy <= g.piece * g.piece * 1.7f) hovered = p;
  }
  std::optional<Action> clicked;
  bool selects = false;
  for (Action a : legal) {
    const int from = morris::action_from(a);
    if (hovered >= 0 &&
        (from < 0 ? morris::action_point(a) == hovered : from == selected && morris::action_point(a) == hovered))
      clicked = a;
    selects = selects || (hovered >= 0 && from == hovered);
  }
  selected = !clicked && selects && hovered != selected ? hovered : -1;
  return clicked;
}

}  // namespace

void MorrisView::draw_debug_toggles() {
  // Two to a line: four in one row run past the inspector's edge, out of sight and of keyboard reach.
  ImGui::Checkbox("Mills and threats", &show_mills_);
  ImGui::SameLine();
  ImGui::Checkbox("Last move", &show_last_);
  ImGui::Checkbox("Point names", &show_names_);
  ImGui::SameLine();
  ImGui::Checkbox("Exact values", &show_exact_);
  help_marker(
      PG_TEXT("A bar along a side of a square: a mill standing. A dashed ring on an empty point: a threat, the third "
              "point of a mill whose other two points hold that side's pieces (a piece there closes the mill). Exact "
              "values: each legal action's value under perfect play for the side deciding, from the solved game "
              "(policies/morris/solution.pgmt, fetched when they are first shown or perfect is seated): W7 a win in 7 "
              "plies, D a draw, L12 a loss in "
              "12 (a ply is a placement, a move or a removal)."));
}

std::string MorrisView::legend() const {
  return PG_TEXT(
             "Seat 0 (orange, O) places first; seat 1 (blue, X). Bars: mills standing; dashed rings: threats (a piece "
             "there closes a mill). Yellow: the last move; red cross: the piece just removed. The agent's "
             "distribution: "
             "arrows for moves, rings for placements and removals, teal: its choice. W7 / D / L12: the action's exact "
             "value (win in 7 plies, draw, loss in 12).")
      .str();
}

void MorrisView::draw_inspector(const BoardContext& c) {
  if (!c.decision || c.decision->scores.size() != c.decision->actions.size() || c.decision->scores.empty()) return;
  if (!ImGui::CollapsingHeader("The agent's values against the exact ones", ImGuiTreeNodeFlags_DefaultOpen)) return;
  help_marker(PG_TEXT(
      "Each legal action: the agent's own value of it (for the learned agent, its network's value of the position "
      "after, about +1 a win, 0 a draw, -1 a loss) and its exact value from the solved game. An orange row marked "
      "\"misjudged\": the agent values the action above one that keeps more (it would lose value there)."));
  const Decision& d = *c.decision;
  // The column asks for the solved game itself (fetched once): the values fill in when it arrives.
  const ExactValues exact = exact_values(dynamic_cast<const morris::MorrisState&>(c.state), true);
  if (!ImGui::BeginTable("agent_vs_exact", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn("action");
  ImGui::TableSetupColumn("agent's value");
  ImGui::TableSetupColumn("exact value");
  ImGui::TableHeadersRow();
  for (size_t k = 0; k < d.actions.size(); ++k) {
    const morris::Outcome* v = nullptr;
    for (const auto& [a, o] : exact.actions)
      if (a == d.actions[k]) v = &o;
    // Misjudged: the agent scores it at least as high as an action whose exact value is better.
    bool wrong = false;
    for (size_t j = 0; v && j < d.actions.size(); ++j)
      for (const auto& [a, o] : exact.actions)
        if (a == d.actions[j] && o.result > v->result && d.scores[k] >= d.scores[j]) wrong = true;
    ImGui::TableNextRow();
    if (wrong) {
      ImVec4 back = palette().text_bad;
      back.w = 0.3f;
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, ImGui::GetColorU32(back));
    }
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(morris::action_to_string(d.actions[k]).c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%+.3f%s%s", d.scores[k], d.actions[k] == d.chosen ? " (chosen)" : "", wrong ? " (misjudged)" : "");
    ImGui::TableNextColumn();
    if (v)
      ImGui::TextColored(value_text_colour(*v), "%s", v->text().c_str());
    else
      ImGui::TextDisabled("%s", exact.available ? "" : "loading the solved game");
  }
  ImGui::EndTable();
}

// The solved game's verdict on the position and on each action, as the board labels them when Exact values is
// on; the mirror says it either way (the table is fetched for it, as for the inspector's exact-value column).
std::string MorrisView::analysis_words(const BoardContext& c) {
  const auto& state = dynamic_cast<const morris::MorrisState&>(c.state);
  if (state.is_terminal()) return "";
  const ExactValues e = exact_values(state, true);
  if (!e.available) return "Solved game: loading, or this position is not in it.";
  const std::string value = e.value.result == morris::Outcome::kDraw ? "draw" : e.value.text() + " plies";
  std::string text = "Solved game: for the side to move, the position is a " + value + ".";
  std::string best;
  for (const auto& [a, o] : e.actions)
    if (o == e.value) best += (best.empty() ? " " : ", ") + state.action_name(a);
  if (!best.empty()) text += " Keeping it:" + best + ".";
  return text;
}

Json MorrisView::inspect(const BoardContext& c, const Episode& /*episode*/) {
  const auto& b = dynamic_cast<const morris::MorrisState&>(c.state).board();
  Json j = Json::object();
  j["mills"] = Json::array({point_list(b.in_mills(0)), point_list(b.in_mills(1))});
  j["threats"] = Json::array({point_list(b.threats(0)), point_list(b.threats(1))});
  j["selected"] = selected_ >= 0 ? Json(std::string(1, morris::point_name(selected_))) : Json();
  // The exact values shown: the position's for the side deciding and each legal action's; null while the
  // table is not there (loading) or the game is over.
  const ExactValues e = exact_values(dynamic_cast<const morris::MorrisState&>(c.state));
  if (e.available) {
    Json actions = Json::object();
    for (const auto& [a, o] : e.actions) actions[morris::action_to_string(a)] = o.text();
    j["exact"] = {{"value", e.value.text()}, {"actions", actions}};
  } else {
    j["exact"] = Json();
  }
  // The agent's own value of each action (its decision's scores), shown beside the exact values.
  if (c.decision && !c.decision->scores.empty() && c.decision->scores.size() == c.decision->actions.size()) {
    Json values = Json::object();
    for (size_t k = 0; k < c.decision->actions.size(); ++k)
      values[morris::action_to_string(c.decision->actions[k])] = c.decision->scores[k];
    j["agent_values"] = values;
  } else {
    j["agent_values"] = Json();
  }
  return j;
}

std::optional<Action> MorrisView::draw(const BoardContext& c) {
  const auto& state = dynamic_cast<const morris::MorrisState&>(c.state);
  const morris::Board& b = state.board();
  const int mover = c.state.current_player();
  const auto area = board_area(4.2f);  // room for the status and the legend
  if (!area) return std::nullopt;
  const Geometry g = layout(area->origin, area->size);
  const float text_size = std::max(13.0f, g.side * 0.04f);
  ImDrawList* draw = ImGui::GetWindowDrawList();

  // A selection lasts while the position is the same.
  const uint64_t here = uint64_t(b.key()) | (uint64_t(b.moves) << 32) | (uint64_t(b.pending_removal) << 48);
  if (here != selected_in_ || !c.human_to_move || b.next_kind() != morris::ActionKind::kMove) selected_ = -1;
  selected_in_ = here;

  draw_board(draw, g, show_names_, text_size);
  if (show_mills_) draw_mills_and_threats(draw, g, b);
  draw_pieces(draw, g, b, mover, text_size);
  if (show_last_ && c.last_step) draw_last_move(draw, g, c.last_step->action);
  const ExactValues exact = show_exact_ && c.show_analysis ? exact_values(state, true) : ExactValues{};
  draw_decision(draw, g, c, b, exact, text_size);
  for (int point = 0; point < kNumPoints; ++point) places.push_back({g.point[point].x, g.point[point].y});
  place_size = g.piece * 2.6f;

  // The click targets: a placement's or removal's point, a move's piece (its target once the piece is picked).
  const std::vector<Action> legal = c.state.legal_actions();
  targets.clear();
  for (Action a : legal) {
    const int from = morris::action_from(a);
    const int at = from >= 0 && from != selected_ ? from : morris::action_point(a);
    targets.push_back({a, g.point[at].x, g.point[at].y});
  }
  if (c.human_to_move) draw_human_targets(draw, g, b, legal, selected_);
  std::optional<Action> clicked;
  ImGui::SetCursorScreenPos(area->origin);
  ImGui::InvisibleButton("board", ImVec2(area->size.x, g.max.y + g.side * 0.08f - area->origin.y));
  if (c.human_to_move && ImGui::IsItemClicked()) clicked = click_point(g, legal, ImGui::GetIO().MousePos, selected_);

  board_status(status_of(state),
               c.state.is_terminal() ? ImGui::GetColorU32(palette().text_neutral) : player_colour(mover));
  if (show_exact_ && c.show_analysis && !c.state.is_terminal()) {
    if (exact.available)
      ImGui::TextColored(value_text_colour(exact.value),
                         "Exact value for seat %d: %s (perfect play; the table has no move cap)", mover,
                         exact.value.text().c_str());
    else
      ImGui::TextDisabled("Exact values: the solved game (%s) is still loading", morris::kShippedSolution);
  }
  const char* hint = b.next_kind() == morris::ActionKind::kPlace ? "Your move: click an empty point."
                     : b.pending_removal                         ? "You closed a mill: click an enemy piece to remove."
                     : selected_ >= 0                            ? "Click a highlighted point to move there."
                                      : "Your move: click one of your pieces, then its target.";
  board_legend(c, legend(), hint);
  return clicked;
}

}  // namespace pg::web
