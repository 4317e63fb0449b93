// Boards for the Kalah tests, written out hole by hole, and the rules most of them play.
#pragma once

#include <array>
#include <cstdint>

#include "engine/games/mancala/board.h"

namespace pg::mancala {

// Kalah with four stones per pit: the defaults of Rules.
inline const Rules kStandard{};

// Holes in sowing order: player 0's pits 0..5, its store, player 1's pits
// 7..12, its store.
inline Board make_board(std::array<int, kNumHoles> holes, int to_move) {
  Board b;
  for (size_t i = 0; i < kNumHoles; ++i) b.holes[i] = uint8_t(holes[i]);
  b.to_move = uint8_t(to_move);
  return b;
}

}  // namespace pg::mancala
