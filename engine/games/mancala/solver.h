// An exact Kalah solver: the game-theoretic value of a position, the final
// store difference (player 0's store minus player 1's) under perfect play by
// both sides. MTD(f) over a fail-soft alpha-beta search to the end of the
// game, with a transposition table and move ordering (the table's best move,
// then extra turns, then captures), and an endgame database of every
// position with at most `database_stones` stones left in the pits, computed
// once by a memoised search over those positions.
//
// Without the early-end rule the rest of the game depends only on the pits
// and the player to move, not on the stores: the table and the database keep
// the store difference still to be gained from a position, so positions that
// differ only in their stores share one entry. With early_end the stores are
// part of the key and the database is off.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/games/mancala/board.h"

namespace pg::mancala {

struct SolveLimits {
  double seconds = 0;  // 0: no limit
  long nodes = 0;      // 0: no limit
};

struct Solution {
  bool solved = false;  // false: a limit was reached first
  int value = 0;        // final store difference, player 0's view
  // Each legal move's value (player 0's view), when solve_moves asked for them.
  std::array<int, kPitsPerSide> move_value{};
  uint32_t legal = 0;
  // What the search proved, player 0's view: lower <= value <= upper. Equal
  // when solved; when a limit stopped it, the bounds its finished MTD(f)
  // passes established (wide open before the first pass ends).
  int lower = -1000, upper = 1000;
  long nodes = 0;
  double seconds = 0;
};

// What bounds on a value say, for people: "value = +8", "value >= +10",
// "+8 <= value <= +12", "nothing yet" (the open bounds are +-1000).
std::string bounds_text(int lower, int upper);

class Solver {
 public:
  // `table_log2`: the transposition table holds 2^table_log2 entries (24 bytes each).
  Solver(const Rules& rules, int database_stones = 0, int table_log2 = 20);

  // The value of `board`. `guess` (player 0's view) starts MTD(f): the
  // nearer the true value, the fewer null-window passes.
  Solution solve(const Board& board, const SolveLimits& limits = {}, int guess = 0);
  // The value of `board` and of each of its legal moves.
  Solution solve_moves(const Board& board, const SolveLimits& limits = {}, int guess = 0);

  // Called after each finished MTD(f) pass of the root with the bounds proven
  // so far (player 0's view), the nodes and seconds since solve() began: a
  // long proof reports its progress.
  using PassReport = std::function<void(int lower, int upper, long nodes, double seconds)>;
  void on_pass(PassReport report) { on_pass_ = std::move(report); }
  // Builds the endgame database now (solve() does it on first use): a caller
  // can report it before a long search starts.
  void build_database();
  // Forgets the transposition table (keeps the database): a budgeted search
  // then depends only on the position, not on what was searched before.
  void clear_table();

  const Rules& rules() const { return rules_; }
  int database_stones() const { return database_stones_; }
  size_t database_bytes() const { return database_.size(); }
  double database_seconds() const { return database_seconds_; }

 private:
  struct Entry {
    uint64_t lo = 0, hi = 0;  // the key: the board's words (stores masked when they do not matter)
    int8_t lower = -128, upper = 127;
    int8_t best = -1;
  };
  struct OutOfBudget {};

  int gain(const Board& board, int alpha, int beta);  // store difference still to be gained
  int mtdf(const Board& board, int guess, int offset, Solution& bounds);
  int database_gain(const Board& board);
  bool in_database(const Board& board) const;
  size_t database_index(const Board& board) const;
  void key_of(const Board& board, uint64_t& lo, uint64_t& hi) const;

  Rules rules_;
  int database_stones_;
  std::vector<Entry> table_;
  uint64_t table_mask_;
  std::vector<int8_t> database_;  // kUnknown until computed
  double database_seconds_ = 0;
  long nodes_ = 0;
  SolveLimits limits_;
  double deadline_ = 0;
  double start_ = 0;
  PassReport on_pass_;
};

}  // namespace pg::mancala
