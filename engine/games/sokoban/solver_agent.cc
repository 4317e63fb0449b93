#include "engine/games/sokoban/solver_agent.h"

#include <cctype>

#include "engine/core/error.h"
#include "engine/games/sokoban/board.h"
#include "engine/games/sokoban/sokoban_game.h"

namespace pg::sokoban {

Decision SolverAgent::decide(const State& state, Rng& /*rng*/) {
  const auto& board = dynamic_cast<const SokobanState&>(state).board();
  const bool on_plan = next_ < plan_.size() && expected_level_ == board.level_ptr() &&
                       expected_player_ == board.player() && expected_boxes_ == board.boxes();
  if (!on_plan) {
    Level position = board.level();
    position.boxes = board.boxes();
    position.player = board.player();
    SolveOptions options;
    options.optimise = optimise_;
    options.time_limit_seconds = 0;
    options.node_limit = kNodeBudget;
    last_ = solve(position, options);
    plan_ = last_.status == SolveStatus::kSolved ? last_.plan : "";
    next_ = 0;
    if (last_.status == SolveStatus::kUnsolvable) return declined_decision("solver: no solution from here (deadlock)");
    if (last_.status != SolveStatus::kSolved)
      return declined_decision("solver: no solution within " + std::to_string(kNodeBudget) + " positions");
    if (plan_.empty()) return declined_decision("solver: already solved");
  }
  const int move = move_from_char(plan_[next_]);
  // Where the plan expects the position after this move.
  Board after = board;
  after.step(move);
  expected_level_ = board.level_ptr();
  expected_player_ = after.player();
  expected_boxes_ = after.boxes();

  Decision d;
  d.actions = state.legal_actions();
  d.probabilities.assign(d.actions.size(), 0.0);
  for (size_t i = 0; i < d.actions.size(); ++i)
    if (d.actions[i] == move) d.probabilities[i] = 1.0;
  d.chosen = move;
  const std::string rest = plan_.substr(next_);
  d.note = "plan " + (rest.size() > 60 ? rest.substr(0, 60) + "..." : rest);
  d.value = -double(rest.size());  // moves still to play
  d.debug = {{"moves left", double(rest.size())},
             {"plan moves", double(last_.moves)},
             {"plan pushes", double(last_.pushes)},
             {"nodes expanded", double(last_.nodes_expanded)}};
  ++next_;
  return d;
}

std::unique_ptr<Agent> make_solver_agent(std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  if (name != "solver") return nullptr;
  if (arg.empty() || arg == "moves") return std::make_unique<SolverAgent>(Optimise::kMoves);
  if (arg == "pushes") return std::make_unique<SolverAgent>(Optimise::kPushes);
  throw InputError("agent '" + std::string(spec) + "'", "expected solver, solver:moves or solver:pushes");
}

}  // namespace pg::sokoban
