#include "engine/games/mancala/theta_learning.h"

#include <algorithm>
#include <cmath>

#include "engine/core/rng.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/heuristic_agent.h"
#include "engine/games/mancala/mancala_game.h"

namespace pg::mancala {

Json ThetaTraining::to_json() const {
  return {{"method", "TD(0) on afterstates, self-play (the report's)"},
          {"games", games},
          {"alpha", alpha},
          {"alpha_halvings", alpha_halvings},
          {"epsilon", epsilon},
          {"epsilon_halvings", epsilon_halvings},
          {"gamma", 1},
          {"seed", seed},
          {"opponents", opponents},
          {"features", feature_rules.to_json()}};
}

namespace {

// The value the learner's greedy choice compares: the result once decided.
double afterstate_value(const Board& b, const Rules& rules, const ThetaPolicy& p, Features* phi) {
  if (b.done) return b.outcome();
  *phi = features(b, rules, p.feature_rules);
  return p.value(*phi);
}

// The best move for the player to move by one-ply value (ties: the first).
int greedy_move(const Board& b, const Rules& rules, const ThetaPolicy& p, bool terminal_as_win_score) {
  const uint32_t mask = b.legal_mask();
  const double sign = b.to_move == 0 ? 1 : -1;
  int best = -1;
  double best_v = 0;
  Features phi;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(mask & (1u << i))) continue;
    Board child = b;
    child.sow(i, rules);
    double v = afterstate_value(child, rules, p, &phi);
    if (child.done && terminal_as_win_score) v *= kWinScore;  // ThetaGreedy's +-99999
    if (best < 0 || sign * v > sign * best_v) {
      best = i;
      best_v = v;
    }
  }
  return best;
}

}  // namespace

ThetaLearner::ThetaLearner(const Rules& rules, const ThetaTraining& settings)
    : rules_(rules), settings_(settings), rng_(settings.seed) {
  learner_.feature_rules = settings.feature_rules;
  learner_.info = {{"training", settings.to_json()}};
}

double ThetaLearner::alpha() const {
  const ThetaTraining& s = settings_;
  return s.alpha * std::ldexp(1.0, -int(done_ * (s.alpha_halvings + 1) / s.games));
}

double ThetaLearner::epsilon() const {
  const ThetaTraining& s = settings_;
  return s.epsilon * std::ldexp(1.0, -int(done_ * (s.epsilon_halvings + 1) / s.games));
}

void ThetaLearner::train(long games) {
  for (long g = 0; g < games && !finished(); ++g) {
    play_game();
    ++done_;
  }
}

void ThetaLearner::play_game() {
  const ThetaTraining& s = settings_;
  const Rules& rules = rules_;
  ThetaPolicy& learner = learner_;
  Rng& rng = rng_;
  const double alpha = this->alpha();
  const double epsilon = this->epsilon();
  const ThetaPolicy opponent = learner;  // "the product of the previous stage"
  const int side = int(rng.below(2));
  // 0: self-play; 1..5: Greedy of that depth; 6: Heuristic.
  const int kind = s.opponents == "pool" ? int(rng.below(7)) : 0;
  auto opponent_move = [&](const Board& board) {
    if (kind == 0) return greedy_move(board, rules, opponent, true);
    if (kind == 6) {
      HeuristicAgent heuristic(rules);
      return int(heuristic.decide(MancalaState(board, rules), rng).chosen);
    }
    // A uniform choice among the tied moves, as Greedy plays.
    const auto scores = GreedyAgent::score_moves(board, rules, kind);
    return draw_best_pit(scores.score, scores.legal, rng);
  };
  Board b = Board::initial(rules);
  bool have_prev = false;
  Features prev_phi{};
  double prev_v = 0;
  auto update = [&](double target) {
    const double delta = target - prev_v;
    for (int i = 0; i < kNumFeatures; ++i) learner.value.weights[size_t(i)] += alpha * delta * prev_phi[size_t(i)];
  };
  while (!b.done) {
    if (b.to_move != side) {
      b.sow(opponent_move(b), rules);
      continue;
    }
    const uint32_t mask = b.legal_mask();
    const bool random = rng.uniform() < epsilon;
    const int move =
        random ? nth_legal(mask, rng.below(uint32_t(legal_count(mask)))) : greedy_move(b, rules, learner, false);
    b.sow(move, rules);
    Features phi{};
    const double v = afterstate_value(b, rules, learner, &phi);
    if (have_prev && !random) update(v);
    have_prev = !b.done;
    prev_phi = phi;
    prev_v = v;
  }
  if (have_prev) update(b.outcome());
}

ThetaPolicy learn_theta(const Rules& rules, const ThetaTraining& s,
                        const std::function<void(long, const ThetaPolicy&)>& progress, long report_every) {
  ThetaLearner learner(rules, s);
  while (!learner.finished()) {
    const long step = progress ? std::min(report_every, s.games - learner.games_done()) : s.games;
    learner.train(step);
    if (progress && learner.games_done() % report_every == 0) progress(learner.games_done(), learner.policy());
  }
  return learner.policy();
}

}  // namespace pg::mancala
