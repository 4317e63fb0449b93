// The exact solver's verdict on each move of the position on show, thought out a slice at a time: the page
// gives it a slice of each frame until every move is decided or its patience for the position runs out. The
// solver's table persists from slice to slice (and from position to position on the same board size), so
// each slice goes further.
#pragma once

#include <memory>
#include <vector>

#include "engine/games/binary/solver.h"

namespace pg::binary {

class MoveLabels {
 public:
  static constexpr double kSlice = 0.012;     // seconds of solver per call...
  static constexpr double kPatience = 2.0;    // ...up to this much per position...
  static constexpr double kThinkLonger = 10;  // ...plus this much for each think_longer()

  // Thinks one more slice about `board` (a position not seen last time starts afresh) unless settled;
  // returns the labels so far. A board beyond the solver's size gets none.
  const std::vector<Solver::Label>& think(const Board& board);
  // Every move decided, or the patience spent.
  bool settled() const { return settled_; }
  void think_longer() {
    patience_ += kThinkLonger;
    settled_ = false;
  }
  const std::vector<Solver::Label>& labels() const { return labels_; }
  // Forgets the position (the page's marks are switched off).
  void clear() {
    labels_.clear();
    settled_ = true;
  }

 private:
  std::unique_ptr<Solver> solver_;
  Board position_;
  std::vector<Solver::Label> labels_;
  bool settled_ = true;
  double spent_ = 0, patience_ = 0;
};

}  // namespace pg::binary
