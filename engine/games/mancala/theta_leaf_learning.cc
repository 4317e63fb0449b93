#include "engine/games/mancala/theta_leaf_learning.h"

#include <cmath>
#include <limits>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/heuristic_agent.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/theta_agent.h"

namespace pg::mancala {

Json ThetaLeafTraining::to_json() const {
  return {{"method", "TD-Leaf(lambda) through ThetaGreedy's alpha-beta search"},
          {"games", games},
          {"depth", depth},
          {"lambda", lambda},
          {"alpha", alpha},
          {"alpha_halvings", alpha_halvings},
          {"random_plies", random_plies},
          {"opponents", "self, greedy:1..5, heuristic (one in seven each)"},
          {"seed", seed},
          {"start", start}};
}

namespace {

// The best pit for the mover by ThetaGreedy's search (ties: uniformly at
// random) and the line it expects, that pit first.
int searched_move(const Board& b, const Rules& rules, const ThetaPolicy& p, int depth, Rng& rng, SearchLine* line) {
  const ThetaAgent::RootScores r = ThetaAgent::score_moves(b, rules, p, depth);
  const int best = draw_best_pit(r.score, r.legal, rng);
  if (line) *line = r.line[size_t(best)];
  return best;
}

int greedy_pit(const Board& b, const Rules& rules, int depth, Rng& rng) {
  const auto scores = GreedyAgent::score_moves(b, rules, depth);
  return draw_best_pit(scores.score, scores.legal, rng);
}

}  // namespace

ThetaPolicy learn_theta_leaf(const Rules& rules, const ThetaLeafTraining& s, const ThetaPolicy& start,
                             const std::function<void(long, const ThetaPolicy&)>& progress, long report_every) {
  ThetaPolicy learner = start;
  Rng rng(s.seed);
  struct Leaf {
    Features phi{};
    double value = 0;
    bool decided = false;  // the line ends the game: its result, no gradient
  };
  std::vector<Leaf> leaves;
  leaves.reserve(64);
  for (long g = 0; g < s.games; ++g) {
    const double alpha = s.alpha * std::ldexp(1.0, -int(g * (s.alpha_halvings + 1) / s.games));
    const ThetaPolicy opponent = learner;
    const int side = int(rng.below(2));
    const int kind = int(rng.below(7));  // 0: self; 1..5: Greedy of that depth; 6: Heuristic
    const int random_plies = int(rng.below(uint32_t(s.random_plies + 1)));
    Board b = Board::initial(rules);
    leaves.clear();
    for (int ply = 0; !b.done; ++ply) {
      const uint32_t mask = b.legal_mask();
      if (ply < random_plies) {
        b.sow(nth_legal(mask, rng.below(uint32_t(legal_count(mask)))), rules);
        continue;
      }
      if (b.to_move != side) {
        int pit = 0;
        if (kind == 0) {
          pit = searched_move(b, rules, opponent, s.depth, rng, nullptr);
        } else if (kind == 6) {
          HeuristicAgent heuristic(rules);
          pit = int(heuristic.decide(MancalaState(b, rules), rng).chosen);
        } else {
          pit = greedy_pit(b, rules, kind, rng);
        }
        b.sow(pit, rules);
        continue;
      }
      SearchLine line;
      const int pit = searched_move(b, rules, learner, s.depth, rng, &line);
      const Board leaf_board = line.leaf(b, rules);
      Leaf leaf;
      if (leaf_board.done) {
        leaf.decided = true;
        leaf.value = leaf_board.outcome();
      } else {
        leaf.phi = features(leaf_board, rules, learner.feature_rules);
        leaf.value = learner.value(leaf.phi);
      }
      leaves.push_back(leaf);
      b.sow(pit, rules);
    }
    // Backwards: e_t = delta_t + lambda * e_{t+1}, the lambda-return's error.
    double next = b.outcome();
    double error = 0;
    for (size_t t = leaves.size(); t-- > 0;) {
      error = (next - leaves[t].value) + s.lambda * error;
      next = leaves[t].value;
      if (leaves[t].decided) continue;
      for (int i = 0; i < kNumFeatures; ++i)
        learner.value.weights[size_t(i)] += alpha * error * leaves[t].phi[size_t(i)];
    }
    if (progress && (g + 1) % report_every == 0) progress(g + 1, learner);
  }
  learner.info = {{"training", s.to_json()}};
  return learner;
}

}  // namespace pg::mancala
