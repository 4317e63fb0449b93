#include "engine/core/random_agent.h"

namespace pg {

Decision RandomAgent::decide(const State& state, Rng& rng) {
  const auto legal = state.legal_actions();
  Decision d = uniform_over(legal, legal, rng);
  d.note = "uniform over " + std::to_string(legal.size()) + " legal actions";
  return d;
}

Decision HumanAgent::decide(const State& state, Rng& rng) {
  // Shown while the page waits for a click: every legal action is possible.
  const auto legal = state.legal_actions();
  Decision d = uniform_over(legal, legal, rng);
  d.note = "waiting for the human player";
  return d;
}

}  // namespace pg
