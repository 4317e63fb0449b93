// Agents every game has: uniform random, and the human seat.
#pragma once

#include "engine/core/agent.h"

namespace pg {

class RandomAgent : public Agent {
 public:
  std::string spec() const override { return "random"; }
  Decision decide(const State& state, Rng& rng) override;
};

// A human seat: the page asks the user; it has no distribution of its own.
class HumanAgent : public Agent {
 public:
  std::string spec() const override { return "human"; }
  Decision decide(const State& state, Rng& rng) override;
  bool is_human() const override { return true; }
};

}  // namespace pg
