// The principal variation of Kalah's alpha-beta searches (Greedy,
// ThetaGreedy): the line of moves the search expects from a position, which
// the inspector shows and TD-Leaf learns from (the value at its end).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>

#include "engine/core/rng.h"
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

// What minimax_line keeps when only the value is wanted: nothing.
struct NoLine {
  int length = 0;
  void set(int, const NoLine&) {}
};

// Alpha-beta (fail-soft) from player 0's point of view, also giving the line
// to the value it returns (a SearchLine; NoLine for the value alone):
// eval.leaf(board) at depth 0, eval.end(board, depth) where the game is over.
// Every Kalah search (Greedy, ThetaGreedy, the n-tuple player, the learners'
// targets) is this one.
template <class Score, class Eval, class Line>
Score minimax_line(const Board& board, const Rules& rules, int depth, Score alpha, Score beta, const Eval& eval,
                   long& nodes, Line& line) {
  ++nodes;
  line.length = 0;
  if (board.done) return eval.end(board, depth);
  if (depth == 0) return eval.leaf(board);
  const bool maximizing = board.to_move == 0;
  bool first = true;
  Score best{};
  const uint32_t mask = board.legal_mask();
  Line child_line;
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

// Player 0's value of `board` searched `depth` plies ahead (minimax_line without the line).
template <class Score, class Eval>
Score minimax_value(const Board& board, const Rules& rules, int depth, Score alpha, Score beta, const Eval& eval,
                    long& nodes) {
  NoLine line;
  return minimax_line(board, rules, depth, alpha, beta, eval, nodes, line);
}

// Each legal move's exact score for the mover (index = pit, unset = illegal).
template <class Score>
struct RootScores {
  std::array<Score, kPitsPerSide> score{};
  std::array<SearchLine, kPitsPerSide> line{};  // each move, then the line the search expects
  uint32_t legal = 0;
  long nodes = 0;
};

// Every legal move searched `depth` plies in all (the move is the first) with
// a full window at the root, so every move's score is exact and ties are real.
template <class Score, class Eval>
RootScores<Score> score_root_moves(const Board& board, const Rules& rules, int depth, const Eval& eval) {
  using Limits = std::numeric_limits<Score>;
  const Score lowest = Limits::has_infinity ? -Limits::infinity() : Limits::min();
  const Score highest = Limits::has_infinity ? Limits::infinity() : Limits::max();
  RootScores<Score> r;
  r.legal = board.legal_mask();
  const Score sign = board.to_move == 0 ? 1 : -1;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(r.legal & (1u << i))) continue;
    Board child = board;
    child.sow(i, rules);
    SearchLine rest;
    r.score[size_t(i)] = sign * minimax_line(child, rules, depth - 1, lowest, highest, eval, r.nodes, rest);
    r.line[size_t(i)].set(i, rest);
  }
  return r;
}

// The legal pit with the best score, ties drawn uniformly at random (one draw
// per further tied pit, as the learners have always drawn them).
template <class Score>
int draw_best_pit(const std::array<Score, kPitsPerSide>& score, uint32_t legal, Rng& rng) {
  int best = -1;
  int ties = 0;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(legal & (1u << i))) continue;
    if (best < 0 || score[size_t(i)] > score[size_t(best)]) {
      best = i;
      ties = 1;
    } else if (score[size_t(i)] == score[size_t(best)] && rng.below(uint32_t(++ties)) == 0) {
      best = i;
    }
  }
  return best;
}

// The line from `board` in the page's words: "P0 3, P1 5, P1 1" (the mover,
// player 0 or 1, then the pit 1..6 counted from the one farthest from its
// store; an extra turn shows as the same mover twice), and "(P0 wins)",
// "(P1 wins)" or "(draw)" if it ends the game.
std::string line_text(Board board, const Rules& rules, const SearchLine& line);

}  // namespace pg::mancala
