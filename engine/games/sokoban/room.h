// The fixed part of a Sokoban level as the solver sees it: the floor (the
// squares the player can reach when boxes are ignored), the targets on it,
// and each floor square's floor neighbours. Squares outside the floor act as
// walls, so searches never need bounds checks.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/games/sokoban/level.h"

namespace pg::sokoban {

// Directions are the project's action order (board.h's Move): 0 up, 1 down,
// 2 left, 3 right; opposite(d) = d ^ 1.
constexpr int opposite(int direction) { return direction ^ 1; }
// LURD notation: lowercase letters walk, uppercase letters push.
constexpr std::array<char, 4> kWalkLetters = {'u', 'd', 'l', 'r'};
constexpr std::array<char, 4> kPushLetters = {'U', 'D', 'L', 'R'};
constexpr Square kNoSquare = -1;

class Room {
 public:
  // Throws InputError when the level is malformed (sizes, player).
  explicit Room(const Level& level);

  int width() const { return width_; }
  int height() const { return height_; }
  int num_squares() const { return width_ * height_; }
  bool is_floor(Square s) const { return floor_[size_t(s)] != 0; }
  bool is_target(Square s) const { return target_[size_t(s)] != 0; }
  // The floor square next to s in `direction`, or kNoSquare.
  Square next(Square s, int direction) const { return next_[size_t(s) * 4 + size_t(direction)]; }
  const std::vector<Square>& floor_squares() const { return floor_squares_; }
  const std::vector<Square>& targets() const { return targets_; }  // on the floor, increasing
  // Index of a target square in targets(), or -1.
  int target_index(Square s) const { return target_index_[size_t(s)]; }

 private:
  int width_ = 0, height_ = 0;
  std::vector<uint8_t> floor_, target_;
  std::vector<Square> next_;
  std::vector<Square> floor_squares_, targets_;
  std::vector<int> target_index_;
};

}  // namespace pg::sokoban
