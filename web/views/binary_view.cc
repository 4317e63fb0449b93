#include "web/views/binary_view.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "engine/core/error.h"
#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/pattern_files.h"
#include "engine/games/binary/patterns.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "web/app.h"
#include "web/ui.h"
#include "web/views/drawing.h"

namespace pg::web {

using binary::Board;
using binary::kEmpty;

namespace {

const ImU32 kBoardColour = IM_COL32(38, 44, 56, 255);
const ImU32 kGridColour = IM_COL32(90, 100, 120, 255);
const ImU32 kDigitColour[2] = {IM_COL32(240, 240, 240, 255), IM_COL32(255, 196, 80, 255)};
const ImU32 kHeatColour[2] = {IM_COL32(80, 170, 255, 255), IM_COL32(255, 120, 60, 255)};
const ImU32 kWindowColour = IM_COL32(200, 120, 255, 200);

// An illegal half's cross: the palette's bad colour, faded.
ImU32 illegal_colour() { return (palette().bad & 0x00FFFFFFu) | (ImU32(150) << 24); }

struct Grid {
  ImVec2 origin;  // top-left corner of point (0, 0)
  float cell = 0;
  ImVec2 corner(int x, int y) const { return ImVec2(origin.x + float(x) * cell, origin.y + float(y) * cell); }
  ImVec2 centre(int x, int y) const {
    return ImVec2(origin.x + (float(x) + 0.5f) * cell, origin.y + (float(y) + 0.5f) * cell);
  }
  // The centre of the half of (x, y) that stands for digit d.
  ImVec2 half(int x, int y, int d) const {
    return ImVec2(origin.x + (float(x) + 0.25f + 0.5f * float(d)) * cell, origin.y + (float(y) + 0.5f) * cell);
  }
};

// The probability shown for each move, indexed (y * width + x) * 2 + d
// (negative: not a legal move).
struct Heat {
  std::vector<double> p;
  double max = 0;
  size_t index(const Board& b, int x, int y, int d) const { return size_t((y * b.width + x) * 2 + d); }
};

Heat heat_of(const Board& b, const std::vector<Action>& actions, const std::vector<double>& probabilities) {
  Heat h;
  h.p.assign(size_t(b.width * b.height * 2), -1.0);
  for (size_t i = 0; i < actions.size(); ++i) {
    const binary::Move m = binary::decode_action(b, actions[i]);
    h.p[h.index(b, m.x, m.y, m.d)] = probabilities[i];
    h.max = std::max(h.max, probabilities[i]);
  }
  return h;
}

Heat pattern_heat(const Board& b, const binary::PatternTable& table) {
  std::vector<binary::WeightedMove> moves;
  binary::weigh_moves(b, table, moves);
  std::vector<Action> actions;
  for (const auto& m : moves) actions.push_back(binary::encode_action(b, m.x, m.y, m.d));
  return heat_of(b, actions, binary::probabilities(moves));
}

// "20 (pattern 10..1)" or "10 (no pattern)": one direction's weight.
std::string weight_source(const binary::PatternTable& table, int code, int d) {
  char buf[96];
  const int line = table.match(code, d);
  if (line < 0) {
    std::snprintf(buf, sizeof buf, "%g (no pattern)", binary::kDefaultWeight);
    return buf;
  }
  const auto& l = table.lines()[size_t(line)];
  std::snprintf(buf, sizeof buf, "%g (pattern %s%s, line %d)", l.weight, l.pattern.c_str(),
                l.pattern == binary::pattern_text(code) ? "" : " mirrored", l.line);
  return buf;
}

void point_tooltip(const binary::BinaryState& s, const binary::PatternTable& table, const std::string& file,
                   const Heat& heat, bool heat_from_agent, const std::vector<binary::Solver::Label>& labels, int x,
                   int y) {
  const Board& b = s.board();
  ImGui::BeginTooltip();
  ImGui::Text("point %d,%d   row %s   column %s", x, y, s.row_string(x, y).c_str(), s.column_string(x, y).c_str());
  std::vector<binary::WeightedMove> moves;
  binary::weigh_moves(b, table, moves);
  const std::vector<double> p = binary::probabilities(moves);
  for (int d = 0; d < 2; ++d) {
    const binary::Explanation e = b.explain(x, y, d);
    if (e.verdict != binary::Verdict::kLegal) {
      ImGui::TextColored(palette().text_error, "%d: illegal, %s", d, binary::explain_text(e, x, y, d).c_str());
      continue;
    }
    for (size_t i = 0; i < moves.size(); ++i) {
      if (moves[i].x != x || moves[i].y != y || moves[i].d != d) continue;
      ImGui::Text("%d: %s under %s: weight %g = row %s + column %s", d, percent(p[i]).c_str(), file.c_str(),
                  moves[i].weight(), weight_source(table, binary::row_code(b, x, y), d).c_str(),
                  weight_source(table, binary::column_code(b, x, y), d).c_str());
    }
    if (heat_from_agent) {
      const double q = heat.p[heat.index(b, x, y, d)];
      if (q >= 0) ImGui::TextDisabled("   the agent: %s", percent(q).c_str());
    }
    for (const auto& l : labels)
      if (l.x == x && l.y == y && l.d == d && l.outcome != binary::Outcome::kUnknown)
        ImGui::TextColored(l.outcome == binary::Outcome::kWin ? palette().text_good : palette().text_bad,
                           "   the solver: this move %s against perfect play",
                           l.outcome == binary::Outcome::kWin ? "wins" : "loses");
  }
  ImGui::EndTooltip();
}

// The five points a pattern reads along the row and the column of (x, y):
// faint where they fall off the board (the patterns' X), strong on it.
void draw_windows(ImDrawList* draw, const Grid& g, const Board& b, int x, int y) {
  const float t = std::max(2.0f, g.cell * 0.05f);
  const ImU32 faint = (kWindowColour & 0x00FFFFFFu) | (ImU32(70) << 24);
  draw->AddRect(g.corner(x - 2, y), g.corner(x + 3, y + 1), faint, 4, 0, t * 0.5f);
  draw->AddRect(g.corner(x, y - 2), g.corner(x + 1, y + 3), faint, 4, 0, t * 0.5f);
  draw->AddRect(g.corner(std::max(0, x - 2), y), g.corner(std::min<int>(b.width, x + 3), y + 1), kWindowColour, 4, 0,
                t);
  draw->AddRect(g.corner(x, std::max(0, y - 2)), g.corner(x + 1, std::min<int>(b.height, y + 3)), kWindowColour, 4, 0,
                t);
  for (int i = -2; i <= 2; ++i) {
    if (!b.on_board(x + i, y)) centered_text(draw, g.centre(x + i, y), g.cell * 0.35f, faint, "X");
    if (!b.on_board(x, y + i)) centered_text(draw, g.centre(x, y + i), g.cell * 0.35f, faint, "X");
  }
}

// Whose turn (or who won) above the board, and the x and y coordinates around it.
void draw_title_and_coordinates(ImDrawList* draw, const Grid& g, const binary::BinaryState& state, float small,
                                float top_y) {
  const Board& b = state.board();
  const int mover = state.current_player();
  const std::string title =
      mover >= 0 ? "Player " + std::to_string(mover) + " (the course's " + std::to_string(mover + 1) + ") to move"
                 : "Player " + std::to_string(state.winner()) + " wins: player " + std::to_string(1 - state.winner()) +
                       " has no legal move";
  board_text(small * 1.3f)
      .draw(draw, ImVec2(g.origin.x, top_y), player_colour(mover >= 0 ? mover : state.winner()), title);
  const ImU32 coordinate = ImGui::GetColorU32(palette().text_dim);  // on the panel's background
  for (int x = 0; x < b.width; ++x)
    centered_text(draw, ImVec2(g.centre(x, 0).x, g.origin.y - small * 0.8f), small, coordinate, std::to_string(x));
  for (int y = 0; y < b.height; ++y)
    centered_text(draw, ImVec2(g.origin.x - g.cell * 0.25f, g.centre(0, y).y), small, coordinate, std::to_string(y));
}

struct PointMarks {
  bool heat, illegal, numbers;
};

// One half of an empty point (the move that puts digit d there): its heat, and a cross when it is illegal,
// its probability written in it, or the faint digit.
void draw_half(ImDrawList* draw, const Grid& g, const Board& b, const Heat& heat, int x, int y, int d, float small,
               PointMarks marks) {
  const ImVec2 p0 = g.corner(x, y), p1 = g.corner(x + 1, y + 1);
  const ImVec2 h0(p0.x + float(d) * g.cell * 0.5f, p0.y), h1(h0.x + g.cell * 0.5f, p1.y);
  const double p = heat.p[heat.index(b, x, y, d)];
  if (marks.heat && p > 0 && heat.max > 0) {
    const float a = 0.15f + 0.85f * float(p / heat.max);
    draw->AddRectFilled(ImVec2(h0.x + 1, h0.y + 1), ImVec2(h1.x - 1, h1.y - 1),
                        (kHeatColour[d] & 0x00FFFFFFu) | (ImU32(a * 255) << 24));
  }
  const ImVec2 hc = g.half(x, y, d);
  if (marks.illegal && !b.is_legal(x, y, d)) {
    const float r = g.cell * 0.12f;
    draw->AddLine(ImVec2(hc.x - r, hc.y - r), ImVec2(hc.x + r, hc.y + r), illegal_colour(), 2);
    draw->AddLine(ImVec2(hc.x - r, hc.y + r), ImVec2(hc.x + r, hc.y - r), illegal_colour(), 2);
  } else if (marks.numbers && p >= 0 && g.cell >= 44) {
    centered_text(draw, hc, small, palette().probability, percent(p));
  } else {
    centered_text(draw, ImVec2(hc.x, p0.y + small * 0.7f), small, IM_COL32(255, 255, 255, 70), std::to_string(d));
  }
}

// The board: each point's digit, or for an empty point its two halves.
void draw_points(ImDrawList* draw, const Grid& g, const Board& b, const Heat& heat, float small, float text,
                 PointMarks marks) {
  draw->AddRectFilled(g.origin, g.corner(b.width, b.height), kBoardColour);
  for (int y = 0; y < b.height; ++y) {
    for (int x = 0; x < b.width; ++x) {
      const ImVec2 p0 = g.corner(x, y), p1 = g.corner(x + 1, y + 1);
      const int v = b.at(x, y);
      if (v != kEmpty) {
        centered_text(draw, g.centre(x, y), text, kDigitColour[v], std::to_string(v));
      } else {
        for (int d = 0; d < 2; ++d) draw_half(draw, g, b, heat, x, y, d, small, marks);
        draw->AddLine(ImVec2(g.centre(x, y).x, p0.y + 3), ImVec2(g.centre(x, y).x, p1.y - 3),
                      IM_COL32(255, 255, 255, 25));
      }
      draw->AddRect(p0, p1, kGridColour);
    }
  }
}

// What the solver's verdicts say of the position, for the player to move (`mover`): "" before the first.
std::string solver_verdict(const binary::MoveLabels& marks, int mover) {
  if (marks.labels().empty() || mover < 0) return "";
  const binary::LabelsVerdict v = binary::verdict_of(marks.labels());
  if (v.wins())
    return "solver: player " + std::to_string(mover) + " wins with perfect play (" + std::to_string(v.winning) +
           " winning move" + (v.winning > 1 ? "s)" : ")");
  if (v.loses()) return "solver: player " + std::to_string(mover) + " loses against perfect play";
  return "solver: " + std::to_string(v.losing) + " of " + std::to_string(v.moves) + " moves lose; " +
         (marks.settled() ? "the rest undecided (Think longer in the inspector)" : "thinking...");
}

// The solver's verdicts: W or L in the bottom of each half it has decided, and a line above the board on
// what they say of the position.
void draw_solver_marks(ImDrawList* draw, const Grid& g, const binary::MoveLabels& marks, int mover, float small,
                       ImVec2 at) {
  for (const auto& l : marks.labels()) {
    if (l.outcome == binary::Outcome::kUnknown) continue;
    const bool win = l.outcome == binary::Outcome::kWin;
    const ImVec2 hc = g.half(l.x, l.y, l.d), mark(hc.x, hc.y + g.cell * 0.3f);
    draw->AddCircleFilled(mark, small * 0.75f, palette().label_back, 16);
    centered_text(draw, mark, small, win ? palette().good : palette().bad, win ? "W" : "L");
  }
  if (marks.labels().empty() || mover < 0) return;
  // Above the board, on the panel's background.
  board_text(small * 1.05f)
      .draw(
          draw, at,
          ImGui::GetColorU32(binary::verdict_of(marks.labels()).wins() ? palette().text_good : palette().text_neutral),
          solver_verdict(marks, mover));
}

// The last move's point framed, and the agent's choice (the half of its digit) framed in the chosen colour.
void draw_last_and_chosen(ImDrawList* draw, const Grid& g, const Board& b, const EpisodeStep* last,
                          const Decision* chosen) {
  if (last && last->transition.events.contains(binary::events::kX)) {
    const Json& ev = last->transition.events;
    const int lx = ev[binary::events::kX].get<int>(), ly = ev[binary::events::kY].get<int>();
    draw->AddRect(g.corner(lx, ly), g.corner(lx + 1, ly + 1), palette().last_move, 0, 0, palette().outline * 1.5f);
  }
  if (chosen) {
    const binary::Move m = binary::decode_action(b, chosen->chosen);
    const ImVec2 hc = g.half(m.x, m.y, m.d);
    draw->AddRect(ImVec2(hc.x - g.cell * 0.25f + 2, hc.y - g.cell * 0.5f + 2),
                  ImVec2(hc.x + g.cell * 0.25f - 2, hc.y + g.cell * 0.5f - 2), palette().chosen, 0, 0,
                  palette().outline * 1.25f);
  }
}

}  // namespace

void BinaryView::draw_debug_toggles() {
  ImGui::Checkbox("Heat", &show_heat_);
  help_marker(PG_TEXT(
      "Each empty point is split in two: the left half is the move that puts a 0 there, the right half a 1. The "
      "brighter the colour, the more likely the policy plays it (scaled to the likeliest move). Hover a point for "
      "the numbers."));
  ImGui::SameLine();
  ImGui::Checkbox("Numbers", &show_numbers_);
  ImGui::SameLine();
  ImGui::Checkbox("Illegal", &show_illegal_);
  help_marker(PG_TEXT("An orange cross on a half: that digit may not go there (hover for the rule it breaks)."));
  ImGui::Checkbox("Pattern windows", &show_windows_);
  help_marker(
      PG_TEXT("On hover: the five points along the row and along the column that the patterns read. A pattern matches "
              "them forwards or backwards; X stands for a point off the board."));
  ImGui::Checkbox("Solver marks", &show_solver_);
  help_marker(PG_TEXT(
      "The exact solver (boards of up to 56 points) thinks about each new position for up to 2 s, a slice of each "
      "frame: a blue W on a half means "
      "that move wins against any defence, an orange L that it loses against perfect play. Unmarked: not decided yet. "
      "The game is impartial, so whoever can always answer wins; on a board with an even side the second player "
      "wins by mirroring every move with the other digit."));
  ImGui::SameLine();
  if (ImGui::SmallButton("Think longer")) solver_marks_.think_longer();
  ImGui::Checkbox("Heat from the deciding agent", &heat_from_agent_);
  help_marker(
      PG_TEXT("On: the heat is the distribution of the agent to move (uniform for random). Off, or when a human is to "
              "move: the pattern-weight policy of the file chosen below."));
  const auto names = binary::shipped_pattern_names();
  if (heat_file_.empty()) heat_file_ = binary::kDefaultPatterns;
  ImGui::SetNextItemWidth(160);
  if (ImGui::BeginCombo("Pattern file", heat_file_.c_str())) {
    for (const auto& n : names)
      if (ImGui::Selectable(n.c_str(), n == heat_file_)) heat_file_ = n;
    if (binary::pattern_tables().find(kEditedPatterns) &&
        ImGui::Selectable(kEditedPatterns, heat_file_ == kEditedPatterns))
      heat_file_ = kEditedPatterns;
    ImGui::EndCombo();
  }
  help_marker(PG_TEXT(
      "A pattern file holds lines 'PATTERN DIGIT WEIGHT'. A move's weight is its row weight plus its column weight "
      "(10 each where no pattern matches); its probability is its weight over the sum of all legal moves' weights."));
  if (ImGui::CollapsingHeader("Pattern editor")) {
    if (!editor_loaded_) {
      auto table = binary::pattern_tables().find(heat_file_);
      editor_text_ = table ? table->to_text() : "";
      editor_loaded_ = true;
    }
    ImGui::TextWrapped(
        "Lines 'PATTERN DIGIT WEIGHT' ('#' starts a comment). Apply stores them as the pattern file '%s' (agents "
        "patterns:%s, mcts:N:%s) and shows its heat; with an error nothing changes.",
        kEditedPatterns, kEditedPatterns, kEditedPatterns);
    ImGui::InputTextMultiline("##patterns", &editor_text_, ImVec2(-1, ImGui::GetTextLineHeight() * 8));
    note_text_field("patterns");
    if (editor_text_ != editor_checked_) {
      editor_errors_ = binary::PatternTable::errors(editor_text_, "pattern editor");
      editor_checked_ = editor_text_;
    }
    for (size_t i = 0; i < editor_errors_.size() && i < 6; ++i)
      ImGui::TextColored(palette().text_error, "%s", editor_errors_[i].c_str());
    if (editor_errors_.size() > 6) ImGui::TextDisabled("... %zu errors in all", editor_errors_.size());
    if (ImGui::Button("Apply")) {
      const auto errors = apply_pattern_text(editor_text_);
      if (errors.empty()) {
        heat_file_ = kEditedPatterns;
        editor_status_ = "Applied as '" + std::string(kEditedPatterns) + "'.";
      } else {
        editor_status_ = "Not applied: " + std::to_string(errors.size()) + " error" + (errors.size() > 1 ? "s" : "") +
                         "; the earlier patterns stay.";
      }
    }
    ImGui::SameLine();
    if (ImGui::Button("Load the file shown")) {
      auto table = binary::pattern_tables().find(heat_file_);
      editor_text_ = table ? table->to_text() : "";
    }
    ImGui::SameLine();
    ImGui::TextUnformatted(editor_status_.c_str());
  }
}

std::vector<std::string> apply_pattern_text(const std::string& text) {
  auto errors = binary::PatternTable::errors(text, "pattern editor");
  if (errors.empty())
    binary::pattern_tables().store(kEditedPatterns, std::make_shared<const binary::PatternTable>(
                                                        binary::PatternTable::parse(text, "pattern editor")));
  return errors;
}

// The solver's verdict as the line above the board says it, and the moves it has found winning, for the text
// mirror.
std::string BinaryView::analysis_words(const BoardContext& c) {
  if (!show_solver_ || !c.show_analysis || c.state.is_terminal()) return "";
  std::string text = solver_verdict(solver_marks_, c.state.current_player());
  if (text.empty()) return "";
  text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
  text += ".";
  std::string winning;
  for (const auto& l : solver_marks_.labels())
    if (l.outcome == binary::Outcome::kWin)
      winning +=
          (winning.empty() ? " " : ", ") + std::to_string(l.x) + "," + std::to_string(l.y) + "," + std::to_string(l.d);
  if (!winning.empty()) text += " Winning moves:" + winning + ".";
  return text;
}

std::string BinaryView::legend() const {
  return PG_TEXT(
             "Left half of a point: a 0 there; right half: a 1. Colour: the probability of that move. Yellow: the last "
             "move; teal: the agent's choice; purple: the five-point row and column the patterns read; orange cross: "
             "illegal.")
      .str();
}

std::shared_ptr<const binary::PatternTable> BinaryView::heat_table() {
  if (heat_file_.empty()) heat_file_ = binary::kDefaultPatterns;
  std::shared_ptr<const binary::PatternTable> table;
  try {
    table = binary::pattern_tables().find(heat_file_);
    if (!table) table = binary::pattern_tables().find(heat_file_ = binary::kDefaultPatterns);
  } catch (const InputError&) {
    table = nullptr;  // a malformed file: the agents that read it say so
  }
  // The pattern files are still loading (or failed): every weight is the default meanwhile.
  static const auto no_patterns = std::make_shared<const binary::PatternTable>();
  return table ? table : no_patterns;
}

// The digit chooser a human's click on an empty point opens: a button per digit (a disabled one says why the
// digit is illegal there), also typed as 0 or 1. Its buttons are click targets too.
std::optional<Action> BinaryView::digit_chooser(const Board& b, ImVec2 point_min, ImVec2 point_max, float cell,
                                                bool open) {
  std::optional<Action> chosen;
  if (open) {
    ImGui::GetWindowDrawList()->AddRect(point_min, point_max, palette().target, 0, 0, 3);
    ImGui::SetNextWindowPos(ImVec2(point_max.x, point_min.y), ImGuiCond_Appearing);
  }
  if (!ImGui::BeginPopup("digit")) {
    if (open && !ImGui::IsPopupOpen("digit")) chooser_x_ = chooser_y_ = -1;  // closed by a click elsewhere or Esc
    return chosen;
  }
  if (!open) {
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return chosen;
  }
  ImGui::Text("Put at %d,%d:", chooser_x_, chooser_y_);
  const auto& typed = ImGui::GetIO().InputQueueCharacters;
  for (int d = 0; d < 2; ++d) {
    const binary::Explanation e = b.explain(chooser_x_, chooser_y_, d);
    const bool legal = e.verdict == binary::Verdict::kLegal;
    ImGui::BeginDisabled(!legal);
    const bool pressed = ImGui::Button(d == 0 ? "  0  " : "  1  ", ImVec2(cell * 0.8f + 30, 0));
    ImGui::EndDisabled();
    const ImVec2 r0 = ImGui::GetItemRectMin(), r1 = ImGui::GetItemRectMax();
    const Action a = binary::encode_action(b, chooser_x_, chooser_y_, d);
    if (legal) targets.push_back({a, (r0.x + r1.x) * 0.5f, (r0.y + r1.y) * 0.5f});
    if (!legal && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", binary::explain_text(e, chooser_x_, chooser_y_, d).c_str());
    const bool key = std::find(typed.begin(), typed.end(), ImWchar('0' + d)) != typed.end();
    if (legal && (pressed || key)) {
      chosen = a;
      chooser_x_ = chooser_y_ = -1;
      ImGui::CloseCurrentPopup();
    }
    if (d == 0) ImGui::SameLine();
  }
  ImGui::TextDisabled("(or type 0 / 1; Esc closes)");
  ImGui::EndPopup();
  return chosen;
}

std::optional<Action> BinaryView::draw(const BoardContext& c) {
  const auto& state = dynamic_cast<const binary::BinaryState&>(c.state);
  const Board& b = state.board();
  const std::shared_ptr<const binary::PatternTable> table = heat_table();
  const auto area = board_area(3.2f);  // room for the legend
  if (!area) return std::nullopt;
  const ImVec2 origin = area->origin, avail = area->size;
  // Above the board: whose turn, the solver's verdict and the x labels (about four lines of small text); the
  // y labels on the left.
  Grid g;
  constexpr float kTopLines = 4.2f;
  g.cell = std::min(avail.x / (float(b.width) + 1.0f), (avail.y - kTopLines * 12.0f) / float(b.height));
  g.cell = std::max(g.cell, 8.0f);
  const float small = std::clamp(g.cell * 0.22f, 9.0f, 18.0f), top = kTopLines * small;
  g.cell = std::max(8.0f, std::min(g.cell, (avail.y - top) / float(b.height)));  // the top as it really is
  const float text = std::clamp(g.cell * 0.55f, 11.0f, 48.0f);
  const float board_w = g.cell * float(b.width), board_h = g.cell * float(b.height);
  g.origin = ImVec2(origin.x + (avail.x - board_w) * 0.5f + g.cell * 0.5f, origin.y + top);
  ImDrawList* draw = ImGui::GetWindowDrawList();

  if (show_solver_ && c.show_analysis)
    solver_marks_.think(b);
  else
    solver_marks_.clear();
  const int mover = c.state.current_player();
  const bool use_agent = heat_from_agent_ && c.decision && !c.human_to_move && mover >= 0;
  const Heat heat = use_agent ? heat_of(b, c.decision->actions, c.decision->probabilities) : pattern_heat(b, *table);

  draw_title_and_coordinates(draw, g, state, small, origin.y);
  draw_points(draw, g, b, heat, small, text, {show_heat_ && c.show_analysis, show_illegal_, show_numbers_});
  draw_solver_marks(draw, g, solver_marks_, mover, small, ImVec2(g.origin.x, origin.y + small * 1.5f));
  draw_last_and_chosen(draw, g, b, c.last_step, use_agent && c.show_probabilities ? c.decision : nullptr);
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) places.push_back({g.centre(x, y).x, g.centre(x, y).y});
  place_size = g.cell;

  // Hover: the numbers, the pattern windows; a human's click opens the digit chooser.
  ImGui::SetCursorScreenPos(origin);
  ImGui::InvisibleButton("board", ImVec2(avail.x, top + board_h + small));
  const bool hovered = ImGui::IsItemHovered();
  const bool board_clicked = ImGui::IsItemClicked();
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const int hx = int(std::floor((mouse.x - g.origin.x) / g.cell)),
            hy = int(std::floor((mouse.y - g.origin.y) / g.cell));
  if (hovered && b.on_board(hx, hy)) {
    if (show_windows_) draw_windows(draw, g, b, hx, hy);
    if (b.at(hx, hy) == kEmpty) {
      point_tooltip(state, *table, heat_file_, heat, use_agent, solver_marks_.labels(), hx, hy);
      if (c.human_to_move && board_clicked && (b.is_legal(hx, hy, 0) || b.is_legal(hx, hy, 1))) {
        chooser_x_ = hx, chooser_y_ = hy;
        ImGui::OpenPopup("digit");
      }
    }
  }
  // The click targets: each legal move's point, or with the chooser open on a point, its digit buttons.
  targets.clear();
  const bool chooser_open =
      c.human_to_move && b.on_board(chooser_x_, chooser_y_) && b.at(chooser_x_, chooser_y_) == kEmpty;
  for (Action a : c.state.legal_actions()) {
    const binary::Move m = binary::decode_action(b, a);
    if (!(chooser_open && m.x == chooser_x_ && m.y == chooser_y_))
      targets.push_back({a, g.centre(m.x, m.y).x, g.centre(m.x, m.y).y});
  }
  const std::optional<Action> clicked = digit_chooser(b, g.corner(chooser_x_, chooser_y_),
                                                      g.corner(chooser_x_ + 1, chooser_y_ + 1), g.cell, chooser_open);

  board_legend(c, legend(), "Your move: click an empty point, then choose 0 or 1.");
  if (!c.human_to_move && !use_agent && show_heat_)
    ImGui::TextDisabled("Heat: the pattern policy of %s.txt", heat_file_.c_str());
  return clicked;
}

}  // namespace pg::web

namespace pg::web {

Json BinaryView::apply_editor_text(App& app, const std::string& text) {
  const auto errors = apply_pattern_text(text);
  if (errors.empty())
    app.info(std::string("Pattern editor: applied as '") + kEditedPatterns + "'.");
  else
    app.error("Pattern editor: " + errors.front() + (errors.size() > 1 ? " (and more)" : ""));
  Json reply = Json::object();
  reply["applied"] = errors.empty();
  reply["errors"] = errors;
  return reply;
}

}  // namespace pg::web
