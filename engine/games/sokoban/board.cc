#include "engine/games/sokoban/board.h"

#include <algorithm>

#include "engine/games/sokoban/level_text.h"

namespace pg::sokoban {

Board::Board(std::shared_ptr<const Level> level) : Board(level, level->boxes, level->player, 0) {}

Board::Board(std::shared_ptr<const Level> level, std::vector<Square> boxes, Square player, int steps)
    : level_(std::move(level)), boxes_(std::move(boxes)), player_(player), steps_(steps) {
  box_at_.assign(size_t(level_->num_squares()), 0);
  for (const Square b : boxes_) {
    box_at_[size_t(b)] = 1;
    on_targets_ += level_->target[size_t(b)];
  }
}

StepResult Board::preview(int move) const {
  const Square next = neighbour(player_, move);
  if (wall(next)) return {StepKind::kBlockedByWall};
  if (!box_at(next)) return {StepKind::kWalk};
  const Square beyond = neighbour(next, move);
  if (wall(beyond) || box_at(beyond)) return {StepKind::kBlockedBox};
  return {StepKind::kPush, next, beyond};
}

StepResult Board::step(int move) {
  ++steps_;
  const StepResult result = preview(move);
  if (result.kind == StepKind::kPush) {
    box_at_[size_t(result.box_from)] = 0;
    box_at_[size_t(result.box_to)] = 1;
    on_targets_ += int(target(result.box_to)) - int(target(result.box_from));
    // Keep the boxes sorted: move the pushed one to its new place.
    auto it = std::lower_bound(boxes_.begin(), boxes_.end(), result.box_from);
    *it = result.box_to;
    while (it != boxes_.begin() && *(it - 1) > *it) {
      std::iter_swap(it - 1, it);
      --it;
    }
    while (it + 1 != boxes_.end() && *(it + 1) < *it) {
      std::iter_swap(it, it + 1);
      ++it;
    }
  }
  if (result.changed()) player_ = neighbour(player_, move);
  return result;
}

std::vector<std::string> Board::rows() const { return level_rows(*level_, boxes_, player_); }

std::string position_problem(const Level& level, const std::vector<Square>& boxes, Square player) {
  const auto on_level = [&](Square s) { return s >= 0 && s < level.num_squares() && !level.wall[size_t(s)]; };
  if (boxes.size() != level.boxes.size())
    return std::to_string(boxes.size()) + " boxes, the level has " + std::to_string(level.boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i) {
    if (!on_level(boxes[i])) return "a box outside the level or on a wall";
    if (i > 0 && boxes[i] <= boxes[i - 1]) return "the boxes must be distinct squares in increasing order";
  }
  if (!on_level(player)) return "the player outside the level or on a wall";
  if (std::binary_search(boxes.begin(), boxes.end(), player)) return "the player on a box";
  return "";
}

bool project_corner_stuck_at(const Board& board, Square b) {
  const Level& level = board.level();
  const auto blocks = [&](Square s) { return board.wall(s) || (board.box_at(s) && !board.target(s)); };
  const int r = level.row(b), c = level.column(b);
  // The project scans interior squares only.
  if (r == 0 || c == 0 || r == level.height - 1 || c == level.width - 1) return false;
  const bool vertical = blocks(b - level.width) || blocks(b + level.width);
  const bool horizontal = blocks(b - 1) || blocks(b + 1);
  // (up or down) and (left or right) is the project's four corner tests.
  return vertical && horizontal;
}

Square project_corner_stuck_box(const Board& board) {
  for (const Square b : board.boxes())
    if (project_corner_stuck_at(board, b)) return b;
  return -1;
}

std::vector<uint8_t> squares_inside(const Level& level) {
  std::vector<uint8_t> inside(size_t(level.num_squares()), 0);
  if (level.player < 0) return inside;
  std::vector<Square> stack = {level.player};
  inside[size_t(level.player)] = 1;
  while (!stack.empty()) {
    const Square s = stack.back();
    stack.pop_back();
    for (int m = 0; m < kNumMoves; ++m) {
      const int r = level.row(s) + kRowDelta[size_t(m)], c = level.column(s) + kColumnDelta[size_t(m)];
      if (!level.inside(r, c)) continue;
      const Square n = level.at(r, c);
      if (!inside[size_t(n)] && !level.wall[size_t(n)]) inside[size_t(n)] = 1, stack.push_back(n);
    }
  }
  return inside;
}

bool project_corner_stuck(const Board& board) { return project_corner_stuck_box(board) >= 0; }

int move_from_char(char c) {
  switch (c) {
    case 'U':
    case 'u': return kUp;
    case 'D':
    case 'd': return kDown;
    case 'L':
    case 'l': return kLeft;
    case 'R':
    case 'r': return kRight;
    default: return -1;
  }
}

}  // namespace pg::sokoban
