// An agent that asks the exact solver: a winning move when it proves one
// within its budget, else a move not yet proved to lose.
#pragma once

#include <string>

#include "engine/core/agent.h"

namespace pg::binary {

class SolverAgent : public Agent {
 public:
  // `kilonodes`: thousands of positions it may expand per decision. A node
  // budget (not a time budget) and a fresh table per decision make its
  // decisions the same on every machine, natively and in the page.
  static constexpr int kDefaultKilonodes = 300;
  static constexpr int kMaxKilonodes = 100000;
  explicit SolverAgent(int kilonodes) : kilonodes_(kilonodes) {}
  std::string spec() const override {
    return kilonodes_ == kDefaultKilonodes ? "solver" : "solver:" + std::to_string(kilonodes_);
  }
  Decision decide(const State& state, Rng& rng) override;

 private:
  int kilonodes_;
};

}  // namespace pg::binary
