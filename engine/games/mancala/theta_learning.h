// The report's learning method (notes on the report, §3.9-3.13): linear
// semi-gradient Q-learning / TD(0) on afterstates, self-play. Each game the
// learner takes a random side; it moves one ply at a time, epsilon-greedy on
// the afterstate value (argmax for player 0, argmin for player 1: the value is
// player 0's), and after each of its greedy moves updates its previous
// afterstate's weights toward the new afterstate's value (no update after a
// random move: the report's "subtle change"). The opponent is ThetaGreedy depth
// 1 with the weights as they were when the game began. At the end the last
// afterstate is updated toward the result (+1 / 0 / -1). gamma = 1, weights
// start at 0; alpha is halved `alpha_halvings` times and epsilon
// `epsilon_halvings` times at equal intervals.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/core/json.h"
#include "engine/core/rng.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/theta_policy.h"

namespace pg::mancala {

struct ThetaTraining {
  long games = 500'000;
  double alpha = 0.001;
  int alpha_halvings = 4;
  double epsilon = 0.1;
  int epsilon_halvings = 5;
  uint64_t seed = 1;
  // "self": the report's self-play. "pool": beyond the report, each game's
  // opponent is drawn from self-play, Greedy 1..5 and Heuristic (the report's
  // authors suggest training against other players).
  std::string opponents = "self";
  FeatureRules feature_rules;

  Json to_json() const;
};

// The same learner a slice at a time (the page's Train panel runs it a few
// milliseconds per frame): train(n) plays n more games, exactly the games
// learn_theta plays.
class ThetaLearner {
 public:
  ThetaLearner(const Rules& rules, const ThetaTraining& settings);
  void train(long games);  // at most the games left
  long games_done() const { return done_; }
  bool finished() const { return done_ >= settings_.games; }
  double alpha() const;
  double epsilon() const;
  const ThetaPolicy& policy() const { return learner_; }  // info: the settings
  const ThetaTraining& settings() const { return settings_; }
  const Rules& rules() const { return rules_; }

 private:
  void play_game();

  Rules rules_;
  ThetaTraining settings_;
  ThetaPolicy learner_;
  Rng rng_;
  long done_ = 0;
};

// Learns from zero weights under `rules`. `progress(games_done, theta)` is
// called every `report_every` games.
ThetaPolicy learn_theta(const Rules& rules, const ThetaTraining& settings,
                        const std::function<void(long, const ThetaPolicy&)>& progress = nullptr,
                        long report_every = 10'000);

}  // namespace pg::mancala
