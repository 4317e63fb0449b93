// The report's Greedy player: alpha-beta minimax on the store difference,
// depth 1..5 plies (a ply is one move; after an extra turn the same player
// moves again). A finished game scores +-99999 (0 for a draw). Moves whose
// exact root scores tie for best are chosen uniformly at random, so the
// distribution it shows is the real policy: uniform over the tied moves.
#pragma once

#include <array>
#include <limits>
#include <vector>

#include "engine/core/agent.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/search_line.h"

namespace pg::mancala {

constexpr int kWinScore = 99999;

class GreedyAgent : public Agent {
 public:
  static constexpr int kMaxDepth = 5;
  explicit GreedyAgent(int depth) : depth_(depth) {}
  std::string spec() const override { return "greedy:" + std::to_string(depth_); }
  Decision decide(const State& state, Rng& rng) override;

  using RootScores = mancala::RootScores<int>;
  static RootScores score_moves(const Board& board, const Rules& rules, int depth);

 private:
  int depth_;
};

// Greedy's leaves for minimax_line: the store difference, +-99999 at the end.
struct StoreDifferenceEval {
  int leaf(const Board& board) const { return board.store(0) - board.store(1); }
  int end(const Board& board, int) const { return kWinScore * board.outcome(); }
};

// The root lines of a search as the decision's per-action text (`legal`'s pits in order).
template <class Lines>
std::vector<std::string> root_line_texts(const Board& board, const Rules& rules, const Lines& lines, uint32_t legal) {
  std::vector<std::string> texts;
  for (int i = 0; i < kPitsPerSide; ++i)
    if (legal & (1u << i)) texts.push_back(line_text(board, rules, lines[size_t(i)]));
  return texts;
}

// A decision over a search's root scores (index = pit, `legal` a bit per pit):
// the pits tied for the best score share the probability, and every legal
// pit's score is listed. Shared by the greedy and the ThetaGreedy agents.
template <class Score>
struct RootChoice {
  Decision decision;
  std::vector<Action> best;
  Score best_score = std::numeric_limits<Score>::lowest();
};
template <class Score>
RootChoice<Score> choose_best_pits(const std::array<Score, kPitsPerSide>& score, uint32_t legal, Rng& rng) {
  RootChoice<Score> c;
  std::vector<Action> actions;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(legal & (1u << i))) continue;
    actions.push_back(i);
    const Score v = score[size_t(i)];
    if (v > c.best_score) {
      c.best_score = v;
      c.best.clear();
    }
    if (v == c.best_score) c.best.push_back(i);
  }
  c.decision = uniform_over(actions, c.best, rng);
  for (Action a : actions) c.decision.scores.push_back(double(score[size_t(a)]));
  return c;
}

}  // namespace pg::mancala
