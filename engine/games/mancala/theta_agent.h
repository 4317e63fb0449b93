// The report's ThetaGreedy player: the Greedy player's alpha-beta search
// (value_search.h; depth 1..5 plies, the same player again after an extra turn) with the
// learned linear value at the leaves instead of the store difference. A
// decided end scores +-(99999 + plies left), so an earlier win beats a later
// one and a later loss beats an earlier one (the report's "win sooner, lose
// later"; the document does not give its mechanism). Root ties, rare with
// real-valued leaves, are drawn uniformly at random. The report draws one of
// its last 2000 weight vectors per game; it did not publish them, so this
// player uses one vector (a documented deviation).
#pragma once

#include <memory>

#include "engine/core/agent.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/theta_policy.h"
#include "engine/games/mancala/value_search.h"

namespace pg::mancala {

// The learned linear value of a board for player 0, as the search's leaf value.
struct ThetaLeaf {
  const Rules& rules;
  const ThetaPolicy& policy;
  double operator()(const Board& board) const { return policy.value(features(board, rules, policy.feature_rules)); }
};

// Player 0's value of `board` searched `depth` plies ahead.
inline double theta_minimax(const Board& board, const Rules& rules, const ThetaPolicy& policy, int depth, double alpha,
                            double beta, long& nodes) {
  return value_minimax(board, rules, ThetaLeaf{rules, policy}, depth, alpha, beta, nodes);
}

class ThetaAgent : public Agent {
 public:
  static constexpr int kMaxDepth = 5;
  ThetaAgent(int depth, std::string weights, std::shared_ptr<const ThetaPolicy> policy)
      : depth_(depth), weights_(std::move(weights)), policy_(std::move(policy)) {}
  std::string spec() const override;
  Decision decide(const State& state, Rng& rng) override;
  const ThetaPolicy& policy() const { return *policy_; }
  int depth() const { return depth_; }

  using RootScores = mancala::RootScores<double>;
  static RootScores score_moves(const Board& board, const Rules& rules, const ThetaPolicy& policy, int depth) {
    return value_root_scores(board, rules, ThetaLeaf{rules, policy}, depth);
  }

 private:
  int depth_;
  std::string weights_;  // the weights' name in the spec: "td0", "seed", ...
  std::shared_ptr<const ThetaPolicy> policy_;
};

// "theta:D" (weights learned here by the report's method), "theta:D:seed" (the
// report's printed weights), "theta:D:pool" (learned against a pool of
// opponents) or "theta:D:NAME" (a policy stored under NAME); throws InputError.
std::unique_ptr<Agent> make_theta_agent(std::string_view spec);

}  // namespace pg::mancala
