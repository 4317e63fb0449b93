// The search of Kalah's players over a learned value (ThetaGreedy, the n-tuple
// player): Greedy's alpha-beta (minimax_line) with the value at the leaves and
// +-(99999 + plies left) at a decided end, so an earlier win beats a later one
// and a later loss beats an earlier one. Root ties are drawn at random.
#pragma once

#include <string>

#include "engine/core/agent.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/search_line.h"

namespace pg::mancala {

// The leaves for minimax_line: `value(board)` (player 0's value), or
// +-(99999 + plies left) at a decided end.
template <class Value>
struct ValueEval {
  Value value;
  double leaf(const Board& board) const { return value(board); }
  double end(const Board& board, int depth) const { return board.outcome() * (kWinScore + depth); }
};

// Player 0's value of `board` searched `depth` plies ahead.
template <class Value>
double value_minimax(const Board& board, const Rules& rules, const Value& value, int depth, double alpha, double beta,
                     long& nodes) {
  return minimax_value(board, rules, depth, alpha, beta, ValueEval<Value>{value}, nodes);
}

// Each legal move's score for the mover, searched `depth` plies in all.
template <class Value>
RootScores<double> value_root_scores(const Board& board, const Rules& rules, const Value& value, int depth) {
  return score_root_moves<double>(board, rules, depth, ValueEval<Value>{value});
}

// The decision over a value search's root scores: `value_words` names the
// value ("n-tuple value"), `best_reason` follows "pit N scores best" when one
// pit is best.
Decision value_search_decision(const Board& board, const Rules& rules, const RootScores<double>& r, int depth,
                               const std::string& value_words, const std::string& best_reason, Rng& rng);

}  // namespace pg::mancala
