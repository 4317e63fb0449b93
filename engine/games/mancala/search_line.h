// The principal variation of Kalah's alpha-beta searches (Greedy,
// ThetaGreedy): the line of moves the search expects from a position, which
// the inspector shows and TD-Leaf learns from (the value at its end).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

#include "engine/games/mancala/board.h"

namespace pg::mancala {

constexpr int kMaxLine = 8;  // plies; the searches go at most 5 deep (the learner up to 8)

// Pits (0..5 of whoever moves) from the searched position on.
struct SearchLine {
  std::array<int8_t, kMaxLine> pits{};
  int length = 0;

  void set(int first, const SearchLine& rest) {
    pits[0] = int8_t(first);
    for (int i = 0; i < rest.length && i + 1 < kMaxLine; ++i) pits[size_t(i + 1)] = rest.pits[size_t(i)];
    length = rest.length + 1 < kMaxLine ? rest.length + 1 : kMaxLine;
  }
  // The board at the end of the line.
  Board leaf(Board board, const Rules& rules) const {
    for (int i = 0; i < length && !board.done; ++i) board.sow(pits[size_t(i)], rules);
    return board;
  }
};

// Alpha-beta (fail-soft) from player 0's point of view, also giving the line
// to the value it returns: eval.leaf(board) at depth 0, eval.end(board,
// depth) where the game is over. The same values as the plain searches.
template <class Score, class Eval>
Score minimax_line(const Board& board, const Rules& rules, int depth, Score alpha, Score beta, const Eval& eval,
                   long& nodes, SearchLine& line) {
  ++nodes;
  line.length = 0;
  if (board.done) return eval.end(board, depth);
  if (depth == 0) return eval.leaf(board);
  const bool maximizing = board.to_move == 0;
  bool first = true;
  Score best{};
  const uint32_t mask = board.legal_mask();
  SearchLine child_line;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(mask & (1u << i))) continue;
    Board child = board;
    child.sow(i, rules);
    const Score v = minimax_line(child, rules, depth - 1, alpha, beta, eval, nodes, child_line);
    if (first || (maximizing ? v > best : v < best)) {
      best = v;
      line.set(i, child_line);
      first = false;
    }
    if (maximizing) {
      alpha = std::max(alpha, v);
    } else {
      beta = std::min(beta, v);
    }
    if (alpha >= beta) break;
  }
  return best;
}

// The line from `board` in the page's words: "P0 3, P1 5, P1 1" (the mover,
// player 0 or 1, then the pit 1..6 counted from the one farthest from its
// store; an extra turn shows as the same mover twice), and "(P0 wins)",
// "(P1 wins)" or "(draw)" if it ends the game.
std::string line_text(Board board, const Rules& rules, const SearchLine& line);

}  // namespace pg::mancala
