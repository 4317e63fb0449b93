// The exact values the page shows for Kalah positions (each move's final store difference under perfect
// play), as the perfect agent finds them: its solver, its budget, a fresh table for each position, so that a
// value shown is the one `perfect` would act on. Each position is solved once and remembered.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "engine/games/mancala/perfect_agent.h"

namespace pg::mancala {

class ExactValues {
 public:
  // Every move's exact value, or nothing where the solver does not settle the position within the perfect
  // agent's budget.
  const std::optional<ExactMoves>& of(const Board& board, const Rules& rules);
  // Whether blunder() would have to solve the position (the page's step log solves only a few a frame).
  bool needs_solving(const Board& before, const Rules& rules, int max_stones = 30) const;

  // The value a move gave away, for the step log and the page's list of blunders: {the position's value,
  // the move's}, or nothing when the move keeps the value, the position is not settled, or the position has
  // a single move or more than `max_stones` stones in the pits (the solver settles none of those).
  std::optional<std::pair<int, int>> blunder(const Board& before, const Rules& rules, Action action,
                                             int max_stones = 30);

 private:
  using Key = std::array<uint8_t, kNumHoles + 1>;
  static Key key_of(const Board& board);

  std::unique_ptr<Solver> solver_;
  Rules rules_;
  std::map<Key, std::optional<ExactMoves>> known_;
};

// "+3", "0", "-2"
inline std::string signed_value(int v) { return (v > 0 ? "+" : "") + std::to_string(v); }

}  // namespace pg::mancala
