// An exact solver for small Binary Game boards: does the player to move win
// with perfect play, and which moves win?
//
// The game is impartial (both players have the same moves) and ends when the
// player to move has none, who loses; there are no draws. A position is won
// if some move leads to a lost position. The search is depth-first with
//   - a transposition table keyed by the position's canonical form,
//   - symmetry reduction: the canonical form is the least of the position
//     under the board's symmetries (4 for a rectangle, 8 for a square) with
//     the digits as they are or swapped (the rules treat 0 and 1 alike);
//   - an enhanced transposition cutoff: before searching a child, the
//     children already known to be lost are looked up;
//   - the mirror rule (docs/experiments/binary.md): a position that equals its image
//     under a flip, the half turn or (on a square) a diagonal reflection,
//     with the digits swapped, and where no point the symmetry leaves in
//     place can still be played, is lost for the player to move: the
//     opponent answers every move with its image, which is always legal.
//     With an even side the empty board is such a position, so the second
//     player wins every board with an even side. The rule can be switched
//     off to check the search alone.
// Points are bits y * width + x of two 64-bit masks (filled, ones); boards of
// up to kMaxSolverPoints points.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

#include "engine/games/binary/board.h"

namespace pg::binary {

constexpr int kMaxSolverPoints = 56;  // the table packs a position and its facts in 128 bits

enum class Outcome : uint8_t { kUnknown, kWin, kLoss };  // for the player to move

// How long a call may search: seconds (0: no limit) and positions expanded
// (0: no limit). A node budget gives the same answer on every machine.
struct SearchBudget {
  double seconds = 0;
  uint64_t nodes = 0;
};

class Solver {
 public:
  // Throws InputError unless 1 <= width * height <= kMaxSolverPoints.
  // `table_bits`: the table holds 2^table_bits positions (16 bytes each).
  Solver(int width, int height, int table_bits = 22, bool mirror_rule = true);

  // Whether the player to move on `board` wins; kUnknown when the budget runs out.
  Outcome solve(const Board& board, SearchBudget budget = {});

  // Each legal move (in the course's order) and its outcome for the player
  // who makes it: kWin if the opponent then loses.
  struct Label {
    int x, y, d;
    Outcome outcome;
  };
  std::vector<Label> label_moves(const Board& board, SearchBudget budget = {});

  uint64_t nodes() const { return nodes_; }  // positions expanded, since construction
  size_t stored() const { return stored_; }  // positions in the table
  int width() const { return width_; }
  int height() const { return height_; }

  // The legal moves of digit d as a mask of points (for the tests, which
  // compare it with Board::for_each_legal).
  uint64_t legal_mask(const Board& board, int d) const;

 private:
  struct Position {
    uint64_t filled[8], ones[8];  // under each symmetry (index 0: as is)
    int count = 0;                // filled points
  };
  struct Entry {
    uint64_t filled, ones_and_facts;  // facts: the value and the filled count, above the board's bits
  };
  static constexpr uint64_t kEmptySlot = ~0ull;

  Position position_of(const Board& board) const;
  void place(Position& p, int point, int d) const;
  uint64_t legal(const Position& p, int d) const;
  void canonical(const Position& p, uint64_t& filled, uint64_t& ones) const;
  // -1 unknown, 0 lost, 1 won.
  int probe(const Position& p) const;
  void store(const Position& p, bool won);
  bool mirrored(const Position& p, uint64_t open) const;  // lost by the mirror rule; `open`: the legal points
  bool wins(const Position& p);                           // throws OutOfBudget
  void start(const SearchBudget& budget);

  int width_, height_, points_, symmetries_;
  std::vector<int> involutions_;              // the symmetries the mirror rule uses
  std::vector<uint64_t> fixed_;               // the points each symmetry leaves in place
  std::vector<std::array<uint8_t, 64>> map_;  // map_[s][point]: the point under symmetry s
  uint64_t all_ = 0;
  std::vector<uint64_t> rows_, columns_;
  uint64_t not_first_col_ = 0, not_first_two_cols_ = 0, not_last_col_ = 0, not_last_two_cols_ = 0;
  std::vector<Entry> table_;
  uint64_t mask_ = 0;
  uint64_t nodes_ = 0;
  size_t stored_ = 0;
  bool timed_ = false;
  std::chrono::steady_clock::time_point deadline_;
  uint64_t node_limit_ = ~0ull;  // nodes_ at which the call gives up
};

// What a position's move labels say of it for the player to move: a win when some move wins, a loss when
// every move loses; otherwise the moves not known to lose are still unknown.
struct LabelsVerdict {
  int winning = 0, losing = 0, moves = 0;
  bool wins() const { return winning > 0; }
  bool loses() const { return moves > 0 && losing == moves; }
};
LabelsVerdict verdict_of(const std::vector<Solver::Label>& labels);

// The outcome from the player's point of view after the move: the solver's
// labels as the course's players name them ("wins", "loses", "?").
const char* outcome_text(Outcome outcome);

}  // namespace pg::binary
