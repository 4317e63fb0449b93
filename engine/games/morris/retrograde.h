// The exact solution of Five Men's Morris, placement included: every position
// between decisions gets win / draw / loss for the side to move and the
// number of plies to the end under perfect play (docs/experiments/morris.md, "The exact
// solution").
//
// What the table means:
// - A ply is one decision of the engine: a placement, a move, or a removal
//   (a turn that closes a mill is two plies).
// - A win is the shortest forced win, a loss the longest the loser can hold
//   out. Positions the fixpoint leaves unresolved (neither side can force an
//   end) are draws: play goes on forever, which the playground's threefold
//   repetition ends as a draw. The winner's shortest line never repeats a
//   position (the distance falls at every ply), so a win stays a win under
//   threefold repetition, and the loser cannot escape into a repetition.
// - The move cap (max_moves) is not in the table: a value holds when the cap
//   leaves room for it (at the default 200 turns, always from the opening,
//   see docs/experiments/morris.md). Repetitions already in a game's history are not in
//   it either: the value is that of the position as if reached afresh.
//
// How: the rules are the engine's own (Board::for_each_legal, Board::apply,
// Board::loser): every position is valued from its children as the engine
// generates them. Positions are keyed from the mover's side (seat labels do
// not matter to the rules) by the placements made (0..10) and the pieces of
// both sides on the board, numbered densely within a class by
// position_index.h. Positions with a removal pending are not stored: their
// value is the best removal's, one ply further (value()).
// - Movement (10 placements made): a move keeps the material unless it closes
//   a mill, so the classes (a against b pieces) and (b against a) form one
//   cycle of positions, solved together by retrograde analysis after every
//   smaller class: moves that close a mill leave the cycle for solved
//   positions; inside, losses and wins spread backwards through the
//   predecessors (moves taken back, for_each_predecessor) in order of
//   distance (a bucket queue), a position being lost once all its moves are
//   wins for the opponent.
// - Placement (0..9 placements made): every turn places a piece, so the
//   positions form layers solved from the last placement back to the first.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/games/morris/board.h"

namespace pg::morris {

// A position's exact value for the side to move.
struct Outcome {
  enum Result : int8_t { kLoss = -1, kDraw = 0, kWin = 1 };
  int8_t result = kDraw;
  uint16_t plies = 0;  // to the end under perfect play; 0 for a draw

  static Outcome win(int plies) { return {kWin, uint16_t(plies)}; }
  static Outcome loss(int plies) { return {kLoss, uint16_t(plies)}; }
  static Outcome draw() { return {}; }
  // The value one ply earlier for the side that played the ply: negated when
  // the turn passed to the other side.
  Outcome before(bool same_mover) const {
    if (result == kDraw) return {};
    return {int8_t(same_mover ? result : -result), uint16_t(plies + 1)};
  }
  // Higher is better for the side to move: the shortest win, a draw, the longest loss.
  int rank() const { return result == kWin ? 100000 - plies : result == kLoss ? -100000 + plies : 0; }
  // "win in 7", "draw", "loss in 12".
  std::string text() const;
  // Stored as 16 bits: 0 a draw, else plies * 4 + 1 for a win, + 2 for a loss.
  uint16_t code() const { return result == kDraw ? 0 : uint16_t(plies * 4 + (result == kWin ? 1 : 2)); }
  static Outcome from_code(uint16_t code) {
    if (code == 0) return {};
    return {(code & 3) == 1 ? kWin : kLoss, uint16_t(code >> 2)};
  }
  bool operator==(const Outcome&) const = default;
};

// Positions are grouped into classes by the placements made (0..10) and the
// pieces of the mover and of the other side on the board.
constexpr int kPlacementStages = 2 * kPiecesPerSide + 1;
// The pieces the mover and the other side have in hand after `placements` placements.
constexpr int mover_hand(int placements) { return kPiecesPerSide - placements / 2; }
constexpr int other_hand(int placements) { return kPiecesPerSide - (placements + 1) / 2; }

struct SolveProgress {
  std::string stage;  // "movement 5 against 4", "placement 7"
  uint64_t positions = 0;
  double seconds = 0;
};

class Solution {
 public:
  // Solves every class whose material (pieces on the board and in hand,
  // both sides) is at most `max_material`: 10 is the whole game; smaller
  // values give the endgames (the set is closed: material never grows).
  static Solution solve(int max_material = 2 * kPiecesPerSide,
                        const std::function<void(const SolveProgress&)>& progress = nullptr);

  // The value of a position between decisions (the game not over, or over
  // by the rules: a side to move without 3 pieces or a legal move has lost
  // in 0). Throws InputError when the position is outside the solved classes.
  Outcome value(const Board& board) const;
  // Each legal action's value for the side deciding now (the value of the
  // position it leads to, from this side, one ply further), in action order.
  std::vector<std::pair<int, Outcome>> action_values(const Board& board) const;
  // Whether value() knows `board`.
  bool covers(const Board& board) const;

  int max_material() const { return max_material_; }
  uint64_t size() const { return entries_.size(); }
  // The stored (non-pending) positions' codes, in index order; and counts.
  const std::vector<uint16_t>& codes() const { return entries_; }
  struct Counts {
    uint64_t wins = 0, draws = 0, losses = 0;
    int longest_win = 0, longest_loss = 0;
  };
  Counts counts() const;

  // The table file (solution_file.cc): 92.7% of the positions are draws, so
  // only the others are written, each as the number of draws before it
  // (Rice-coded), 1 bit of result and the plies in as many bits as the
  // longest needs. 1.6 MB for the whole game.
  std::string serialize() const;
  // Reads serialize()'s bytes; throws InputError naming `where` when they are not a table.
  static Solution deserialize(const std::string& bytes, const std::string& where);

  // The class and index of a non-pending position (mover's side); -1 class when not stored.
  struct Key {
    int placements = 0, mine = 0, theirs = 0;
    uint64_t index = 0;  // into codes()
  };
  bool key_of(const Board& board, Key& key) const;
  // Whether the class (placements made, pieces of the mover and of the other side on the board) is stored.
  bool stores_class(int placements, int mine, int theirs) const {
    return placements >= 0 && placements < kPlacementStages && mine >= 0 && mine <= kPiecesPerSide && theirs >= 0 &&
           theirs <= kPiecesPerSide && offset_[placements][mine][theirs] >= 0;
  }

 private:
  void layout(int max_material);
  Outcome stored(const Board& board) const;
  void solve_placement(int placements);
  void solve_movement_cycle(int a, int b);

  int max_material_ = 0;
  // offset_[placements][mine][theirs] into entries_, or -1 when the class is not stored.
  int64_t offset_[kPlacementStages][kPiecesPerSide + 1][kPiecesPerSide + 1];
  std::vector<uint16_t> entries_;
};

// The board of a stored position: the mover as seat 0 (the rules do not
// depend on the seat), its pieces `mine`, the other side's `theirs`.
Board canonical_board(int placements, uint16_t mine, uint16_t theirs);

// The movement positions from which the side to move could have reached
// (mine, theirs) with a move that closed no mill: f(mine', theirs') for
// each, from that earlier mover's side (mine' is the pieces of this
// position's `theirs` with the moved piece back on its origin).
template <typename F>
void for_each_predecessor(uint16_t mine, uint16_t theirs, F&& f) {
  const uint16_t empty = uint16_t(~(mine | theirs));
  const bool flew = std::popcount(theirs) == 3;
  Board b;
  b.pieces = {theirs, mine};
  for (uint16_t pieces = theirs; pieces; pieces &= uint16_t(pieces - 1)) {
    const int to = std::countr_zero(pieces);
    if (b.mill_at(0, to)) continue;  // that move would have closed a mill: a removal followed
    const uint16_t from = flew ? empty : uint16_t(kNeighbours[size_t(to)] & empty);
    for (uint16_t o = from; o; o &= uint16_t(o - 1)) f(uint16_t((theirs & ~bit(to)) | (o & -o)), mine);
  }
}

}  // namespace pg::morris
