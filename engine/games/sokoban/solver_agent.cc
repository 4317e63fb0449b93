#include "engine/games/sokoban/solver_agent.h"

#include "engine/core/error.h"
#include "engine/games/sokoban/analysis.h"
#include "engine/games/sokoban/sokoban_game.h"

namespace pg::sokoban {

Decision SolverAgent::decide(const State& state, Rng& /*rng*/) {
  const auto& board = dynamic_cast<const SokobanState&>(state).board();
  if (!plan_.on_plan(board)) {
    SolveOptions options;
    options.optimise = optimise_;
    options.time_limit_seconds = 0;
    options.node_limit = kNodeBudget;
    last_ = solve(position_level(board), options);
    plan_.start(last_.status == SolveStatus::kSolved ? last_.plan : "");
    if (last_.status == SolveStatus::kUnsolvable) return declined_decision("solver: no solution from here (deadlock)");
    if (last_.status != SolveStatus::kSolved)
      return declined_decision("solver: no solution within " + std::to_string(kNodeBudget) + " positions");
    if (plan_.rest().empty()) return declined_decision("solver: already solved");
  }
  Decision d = plan_.play_next(state, board);
  d.debug.insert(d.debug.end(), {{"plan moves", double(last_.moves)},
                                 {"plan pushes", double(last_.pushes)},
                                 {"nodes expanded", double(last_.nodes_expanded)}});
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
