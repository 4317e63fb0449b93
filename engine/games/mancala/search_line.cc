#include "engine/games/mancala/search_line.h"

namespace pg::mancala {

std::string line_text(Board board, const Rules& rules, const SearchLine& line) {
  std::string text;
  for (int i = 0; i < line.length && !board.done; ++i) {
    if (!text.empty()) text += ", ";
    text += "P" + std::to_string(board.to_move) + " " + std::to_string(line.pits[size_t(i)] + 1);
    board.sow(line.pits[size_t(i)], rules);
  }
  if (board.done) text += board.outcome() == 0 ? " (draw)" : board.outcome() > 0 ? " (P0 wins)" : " (P1 wins)";
  return text;
}

}  // namespace pg::mancala
