// The report's Heuristic player (deterministic):
//   1. the move that chains the most extra turns (following the chain), the
//      first such pit (farthest from the store) on ties;
//   2. if no move gives an extra turn, the move that most increases the mover's
//      store difference, the last such pit (nearest the store) on ties;
//   3. if no move increases it, the pit nearest the store.
#pragma once

#include "engine/core/agent.h"
#include "engine/games/mancala/board.h"

namespace pg::mancala {

class HeuristicAgent : public Agent {
 public:
  explicit HeuristicAgent(const Rules& rules) : rules_(rules) {}
  std::string spec() const override { return "heuristic"; }
  Decision decide(const State& state, Rng& rng) override;

  // The longest chain of extra turns the mover can play from `board`.
  static int longest_chain(const Board& board, const Rules& rules);

 private:
  Rules rules_;
};

}  // namespace pg::mancala
