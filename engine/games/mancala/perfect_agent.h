// The `perfect` agent: the exact solver's move where the solver settles the
// position within a node budget (few stones left, an endgame-database hit, or
// a search that finishes), with equal probability on every move that keeps
// the position's value and each move's exact value as its score. Elsewhere it
// declines (Decision::declined) with a message instead of guessing: a human
// or another agent must move for it.
//
// The budget counts positions searched, not seconds, and the solver's table
// is cleared before each decision, so a decision is the same natively and in
// the page, whatever was asked before.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "engine/core/agent.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/solver.h"

namespace pg::mancala {

// Each move's exact value for the mover (final store difference, the mover's
// minus the opponent's, under perfect play), or nothing when the solver did not
// settle them all within `nodes` positions.
struct ExactMoves {
  int value = 0;  // the position's value for the mover
  std::array<int, kPitsPerSide> move_value{};
  uint32_t legal = 0;
  long nodes = 0;
};
std::optional<ExactMoves> exact_moves(Solver& solver, const Board& board, long nodes);

class PerfectAgent : public Agent {
 public:
  static constexpr int kDefaultKilonodes = 50;
  static constexpr int kMaxKilonodes = 100000;
  static constexpr int kDatabaseStones = 8;  // every position with up to 8 stones in the pits
  static constexpr int kTableLog2 = 16;
  PerfectAgent(const Rules& rules, int kilonodes) : rules_(rules), kilonodes_(kilonodes) {}
  std::string spec() const override {
    return kilonodes_ == kDefaultKilonodes ? "perfect" : "perfect:" + std::to_string(kilonodes_);
  }
  Decision decide(const State& state, Rng& rng) override;

 private:
  Rules rules_;
  int kilonodes_;
  std::unique_ptr<Solver> solver_;  // built on first use: its database is kept
};

// "perfect" or "perfect:N" for a MancalaGame; nullptr for other names.
std::unique_ptr<Agent> make_perfect_agent(const Game& game, std::string_view spec);

}  // namespace pg::mancala
