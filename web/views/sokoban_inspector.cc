// The Sokoban inspector: the project's reward of the last step, and what the solver says of the position;
// and playground.view()'s account of the board.
#include <cstdio>

#include "engine/games/sokoban/sokoban_game.h"
#include "imgui.h"
#include "web/ui.h"
#include "web/views/sokoban_parts.h"
#include "web/views/sokoban_view.h"

namespace pg::web {

using sokoban::Board;
using sokoban::Level;
using sokoban::Square;
using namespace sokoban_parts;

namespace {

// The last step's reward, term by term, and what the shaping term measures. False when the section is closed.
bool reward_section(const BoardContext& c, const sokoban::SokobanState& state) {
  namespace events = sokoban::events;
  if (!ImGui::CollapsingHeader("The project's reward", ImGuiTreeNodeFlags_DefaultOpen)) return false;
  help_marker(PG_TEXT(
      "-0.1 every step; +5 / -2 when the first box (row-major) gets closer to / farther from the first target "
      "(Manhattan distance); +20 / -10 when a box goes onto / off a target; +100 when solved, else -50 when the "
      "corner test flags a box."));
  if (c.last_step && c.last_step->transition.events.contains(events::kRewardTerms)) {
    const Json& t = c.last_step->transition.events[events::kRewardTerms];
    ImGui::Text("last step: %+.1f", c.last_step->transition.rewards[0]);
    ImGui::Text("  = %+.1f step %+.0f shaping", t[events::kStepTerm].get<double>(),
                t[events::kShapingTerm].get<double>());
    const double end = t[events::kEndTerm].get<double>();
    ImGui::Text("    %+.0f target %+.0f end", t[events::kTargetTerm].get<double>(), end);
    if (end < 0 && !state.rules().corner_ends)  // the project's penalty, though this level's episode goes on
      ImGui::TextWrapped(
          "(the corner test's -50; on this level the episode goes on: only the project's maps end "
          "there)");
  } else {
    ImGui::TextDisabled("no step yet");
  }
  const auto& reward = state.rules().reward;
  const Board& board = state.board();
  if (reward.first_target() >= 0 && !board.boxes().empty()) {
    const Level& level = board.level();
    ImGui::Text("first box (%d, %d), first target (%d, %d)", level.row(board.boxes().front()),
                level.column(board.boxes().front()), level.row(reward.first_target()),
                level.column(reward.first_target()));
    ImGui::Text("  Manhattan distance %d", reward.distance(level, board.boxes().front()));
  }
  ImGui::Text("corner test: %s", sokoban::project_corner_stuck(board) ? "a box is flagged" : "no box flagged");
  return true;
}

// The dead squares, the lower bound and the solver's plan.
void solver_lines(const sokoban::PositionAnalysis& a) {
  ImGui::Text("dead squares: %zu", a.deadlocks.dead_squares.size());
  ImGui::Text("deadlocked: %s", a.deadlocks.deadlocked ? "yes" : "no");
  if (a.bound.pushes == sokoban::kNoMatching)
    wrapped_text(PG_TEXT("lower bound: no matching (some box can reach no free target)"));
  else
    ImGui::Text("lower bound: %d pushes", a.bound.pushes);
  ImGui::Text("solver: %s", sokoban::status_name(a.plan_status));
  if (a.plan_status == sokoban::SolveStatus::kSolved) {
    ImGui::PushTextWrapPos(0);
    ImGui::Text("  %d moves, %d pushes%s", a.plan_moves, a.plan_pushes,
                a.plan_reused ? " (the rest of the last plan)" : "");
    ImGui::PopTextWrapPos();
    if (!a.plan_reused) ImGui::Text("  %s positions expanded", with_thousands(a.nodes_expanded).c_str());
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("%s", a.plan.c_str());
    ImGui::PopTextWrapPos();
  }
}

}  // namespace

void SokobanView::draw_inspector(const BoardContext& c) {
  const auto& state = sokoban_state(c.state);
  if (!reward_section(c, state)) return;
  if (!ImGui::CollapsingHeader("Solver and deadlocks", ImGuiTreeNodeFlags_DefaultOpen)) return;
  help_marker(PG_TEXT(
      "What the exact solver says of the position on the board. The plan is fewest-moves optimal (LURD: lowercase "
      "walks, uppercase pushes); the lower bound counts the pushes of the best box-to-target matching, which no "
      "plan can beat."));
  solver_lines(analyst_.analyse(state.board()));
}

Json SokobanView::inspect(const BoardContext& c, const Episode& /*episode*/) {
  const Board& board = sokoban_state(c.state).board();
  const Square stuck = sokoban::project_corner_stuck_box(board);
  const Level& level = board.level();
  const auto cell = [&](Square sq) { return Json::array({level.row(sq), level.column(sq)}); };
  const auto cells = [&](const std::vector<Square>& squares) {
    Json list = Json::array();
    for (const Square sq : squares) list.push_back(cell(sq));
    return list;
  };
  Json j = Json::object();
  j["corner_box"] = stuck < 0 ? Json() : cell(stuck);
  const sokoban::PositionAnalysis& a = analyst_.analyse(board);
  j["dead_squares"] = cells(a.deadlocks.dead_squares);
  j["deadlocked"] = a.deadlocks.deadlocked;
  j["deadlocked_boxes"] = cells(sokoban::deadlocked_boxes(a.deadlocks));
  j["lower_bound"] = a.bound.pushes == sokoban::kNoMatching ? Json() : Json(a.bound.pushes);
  Json matching = Json::array();
  for (const auto& [box, target] : a.bound.box_to_target) matching.push_back({cell(box), cell(target)});
  j["matching"] = matching;
  const auto rect = [](const Rect& r) { return Json::array({r.x, r.y, r.w, r.h}); };
  Json& editor = j["editor"];
  editor["open"] = editor_open_;
  editor["open_button"] = rect(open_editor_button_);
  editor["squares"] = rect(sketch_rect_);
  editor["square_size"] = sketch_cell_;
  editor["play_button"] = rect(play_button_);
  editor["text"] = editor_text_;
  Json& plan = j["plan"];
  plan["status"] = sokoban::status_name(a.plan_status);
  plan["lurd"] = a.plan;
  plan["moves"] = a.plan_moves;
  plan["pushes"] = a.plan_pushes;
  plan["reused"] = a.plan_reused;
  plan["nodes_expanded"] = a.nodes_expanded;
  return j;
}

}  // namespace pg::web
