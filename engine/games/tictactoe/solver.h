// Tic-tac-toe solved: the value under perfect play of each of its 5,478 positions, computed once by minimax over
// the whole game (a table of 3^9 entries, built on first use in well under a millisecond).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/games/tictactoe/board.h"

namespace pg::tictactoe {

// A position's value for the seat to move, under perfect play by both seats.
struct Outcome {
  enum Result : int8_t { kLoss = -1, kDraw = 0, kWin = 1 };
  Result result = kDraw;
  int plies = 0;  // marks placed until the win or loss (for a draw: 0)

  // Better for the seat to move: a win before a draw before a loss, a quicker win, a slower loss.
  bool better_than(const Outcome& other) const { return rank() > other.rank(); }
  bool operator==(const Outcome&) const = default;
  // "win in 3 plies", "draw", "loss in 4 plies"
  std::string text() const;
  // "W3", "D", "L4": short enough for a cell
  std::string short_text() const;

 private:
  int rank() const { return result == kDraw ? 0 : result * (32 - plies); }
};

// The value of the position for its mover (a finished game: a loss in 0 plies after a win, else a draw).
Outcome solve(const Board& board);

// Each empty cell's value for the mover: the value of placing there. Empty when the game is over.
std::vector<std::pair<int, Outcome>> action_values(const Board& board);

// The line perfect play expects after placing on `cell`, beginning with that cell ("b2 a1 c3"); at each later
// step the best cell (the first of equals).
std::string principal_line(Board board, int cell);

}  // namespace pg::tictactoe
