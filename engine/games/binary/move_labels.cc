#include "engine/games/binary/move_labels.h"

#include <algorithm>
#include <chrono>

namespace pg::binary {

const std::vector<Solver::Label>& MoveLabels::think(const Board& b) {
  if (b.width * b.height > kMaxSolverPoints) {
    clear();
    return labels_;
  }
  if (!solver_ || solver_->width() != b.width || solver_->height() != b.height)
    solver_ = std::make_unique<Solver>(b.width, b.height, 18);
  if (!(b == position_) || labels_.empty()) {
    position_ = b;
    spent_ = 0;
    patience_ = kPatience;
    settled_ = false;
  }
  if (settled_) return labels_;
  const auto start = std::chrono::steady_clock::now();
  labels_ = solver_->label_moves(b, {kSlice, 0});
  spent_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const bool decided =
      std::none_of(labels_.begin(), labels_.end(), [](const auto& l) { return l.outcome == Outcome::kUnknown; });
  settled_ = decided || spent_ >= patience_;
  return labels_;
}

}  // namespace pg::binary
