// The `perfect` agent: plays from the solved game (solver.h). Of the moves with the best value it takes one at
// random, with equal odds; the best value is a win before a draw before a loss, a quicker win and a slower
// loss. Its scores are each move's exact result (+1 win, 0 draw, -1 loss), its lines what perfect play
// expects after each move.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "engine/core/agent.h"

namespace pg::tictactoe {

class PerfectAgent : public Agent {
 public:
  std::string spec() const override { return "perfect"; }
  Decision decide(const State& state, Rng& rng) override;
};

// "perfect" for this game; nullptr for other names.
std::unique_ptr<Agent> make_perfect_agent(std::string_view spec);

}  // namespace pg::tictactoe
