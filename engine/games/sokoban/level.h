// A Sokoban level: the fixed squares (walls, targets), where the boxes stand
// and where the player stands. This is the contract between the level files
// (level_text.h), the rules (board.h) and the solver (solver.h).
//
// Squares are numbered row-major: square = row * width + column, row 0 at the
// top. Everything outside the walls that the player cannot reach is still a
// square; the rules never let the player or a box leave the room because a
// level's border must be closed (the readers check it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace pg::sokoban {

using Square = int;

constexpr int kMaxSide = 64;  // the spec asks for at least 32x32

struct Level {
  std::string title;               // "" when the file gives none
  std::vector<std::string> notes;  // comment lines the file attached to it
  int width = 0, height = 0;
  std::vector<uint8_t> wall;    // width * height, 1 = wall
  std::vector<uint8_t> target;  // width * height, 1 = target
  std::vector<Square> boxes;    // increasing order
  Square player = -1;

  int row(Square s) const { return s / width; }
  int column(Square s) const { return s % width; }
  Square at(int row, int column) const { return row * width + column; }
  bool inside(int row, int column) const { return row >= 0 && row < height && column >= 0 && column < width; }
  int num_squares() const { return width * height; }
};

}  // namespace pg::sokoban
