// The "solver" agent: the exact solver's next move. It solves the position
// it is shown, plays the plan move by move, and solves again whenever the
// position is not the one the plan expects (someone else moved, or a new
// episode began). It declines to move when the position is unsolvable or the
// solver runs out of its node budget.
//
// Specs: "solver" (fewest moves), "solver:pushes" (fewest pushes).
// A node budget rather than a time budget keeps its decisions the same on
// every machine. While it follows a plan its choice depends on the plan it
// found earlier (another optimal plan could start differently).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "engine/core/agent.h"
#include "engine/games/sokoban/level.h"
#include "engine/games/sokoban/plan_follower.h"
#include "engine/games/sokoban/solver.h"

namespace pg::sokoban {

class SolverAgent : public Agent {
 public:
  static constexpr uint64_t kNodeBudget = 2'000'000;
  explicit SolverAgent(Optimise optimise) : optimise_(optimise) {}
  std::string spec() const override { return optimise_ == Optimise::kPushes ? "solver:pushes" : "solver"; }
  Decision decide(const State& state, Rng& rng) override;

 private:
  Optimise optimise_;
  PlanFollower plan_;  // the plan being played
  SolveResult last_;
};

// The agent for "solver" or "solver:pushes"; nullptr for any other spec
// name; InputError for "solver:" with another argument.
std::unique_ptr<Agent> make_solver_agent(std::string_view spec);

}  // namespace pg::sokoban
