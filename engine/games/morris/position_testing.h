// Positions drawn for the tests: the points of a board drawing, and how many turns were played.
#pragma once

#include <string_view>

#include "engine/games/morris/morris_game.h"

namespace pg::morris {

// A position from a drawing. `moves` turns were played (seat moves % 2 is to move); the hands are what those
// turns leave (5 each, minus the placements), and `pending` means the mover has a piece to remove.
inline MorrisState position(std::string_view drawing_text, int moves, bool pending = false, const Rules& rules = {}) {
  Board b = board_from_points(drawing_text);
  b.moves = uint16_t(moves);
  b.to_move = uint8_t(moves % 2);
  b.pending_removal = pending;
  for (int s = 0; s < 2; ++s) {
    int placed = moves < 10 ? (moves + 1 - s) / 2 : 5;
    if (pending && s == b.to_move && moves < 10) ++placed;
    b.in_hand[size_t(s)] = uint8_t(5 - placed);
  }
  return MorrisState(b, rules);
}

}  // namespace pg::morris
