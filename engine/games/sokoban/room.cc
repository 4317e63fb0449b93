#include "engine/games/sokoban/room.h"

#include <string>

#include "engine/core/error.h"

namespace pg::sokoban {

Room::Room(const Level& level) : width_(level.width), height_(level.height) {
  if (width_ < 1 || height_ < 1 || width_ > kMaxSide || height_ > kMaxSide)
    throw InputError("level", "size " + std::to_string(width_) + "x" + std::to_string(height_) + " is out of range");
  const size_t n = size_t(width_) * size_t(height_);
  if (level.wall.size() != n || level.target.size() != n)
    throw InputError("level", "wall and target arrays must have width * height entries");
  if (level.player < 0 || size_t(level.player) >= n || level.wall[size_t(level.player)])
    throw InputError("level", "the player must stand on a square that is not a wall");
  for (Square b : level.boxes)
    if (b < 0 || size_t(b) >= n || level.wall[size_t(b)]) throw InputError("level", "a box stands on a wall");

  // The floor: everything the player reaches through non-wall squares.
  floor_.assign(n, 0);
  std::vector<Square> stack = {level.player};
  floor_[size_t(level.player)] = 1;
  const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  while (!stack.empty()) {
    const Square s = stack.back();
    stack.pop_back();
    for (int d = 0; d < 4; ++d) {
      const int r = s / width_ + dr[d], c = s % width_ + dc[d];
      if (r < 0 || r >= height_ || c < 0 || c >= width_) continue;
      const Square t = r * width_ + c;
      if (level.wall[size_t(t)] || floor_[size_t(t)]) continue;
      floor_[size_t(t)] = 1;
      stack.push_back(t);
    }
  }
  next_.assign(n * 4, kNoSquare);
  target_.assign(n, 0);
  target_index_.assign(n, -1);
  for (Square s = 0; s < Square(n); ++s) {
    if (!floor_[size_t(s)]) continue;
    floor_squares_.push_back(s);
    if (level.target[size_t(s)]) {
      target_[size_t(s)] = 1;
      target_index_[size_t(s)] = int(targets_.size());
      targets_.push_back(s);
    }
    for (int d = 0; d < 4; ++d) {
      const int r = s / width_ + dr[d], c = s % width_ + dc[d];
      if (r < 0 || r >= height_ || c < 0 || c >= width_) continue;
      if (floor_[size_t(r * width_ + c)]) next_[size_t(s) * 4 + size_t(d)] = r * width_ + c;
    }
  }
}

}  // namespace pg::sokoban
