// Tabular Q-learning on the feature keys (features.h), learned only through
// the homework's interface: read the current state, submit an action, reset
// (with a new line under the grading protocol). Runs in slices so the page
// can train a few hundred episodes per frame without freezing.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/json.h"
#include "engine/core/rng.h"
#include "engine/games/zuma/engine.h"
#include "engine/games/zuma/q_policy.h"

namespace pg::zuma {

struct TrainSettings {
  int64_t episodes = 2'000'000;
  double alpha = 0.02;           // step size once a key is well visited (1/visits before)
  double epsilon_start = 0.3;    // exploration, decayed linearly...
  double epsilon_end = 0.0;      // ...to this at the last episode
  double gamma = 1.0;            // the homework scores undiscounted totals
  uint64_t seed = 1;             // Python seed of the training game
  int64_t curve_every = 10'000;  // episodes per point of the learning curve

  Json to_json() const;
  // Fills the fields present in `json` (unknown keys are errors).
  static TrainSettings from_json(const Json& json, TrainSettings base);
};

class QLearner {
 public:
  QLearner(const Scenario& scenario, const TrainSettings& settings);
  QLearner(const Scenario& scenario, const TrainSettings& settings, const QPolicy& start);

  // Trains up to `episodes` more episodes (stops at settings.episodes).
  void train(int64_t episodes);
  int64_t episodes_done() const { return done_; }
  bool finished() const { return done_ >= settings_.episodes; }
  double epsilon() const;
  const TrainSettings& settings() const { return settings_; }
  const Scenario& scenario() const { return *scenario_; }
  // Mean training return (with exploration) per curve_every episodes.
  const std::vector<double>& curve() const { return curve_; }
  const QPolicy& policy() const { return *policy_; }
  // A copy that stays valid while training goes on.
  std::shared_ptr<const QPolicy> snapshot() const { return std::make_shared<const QPolicy>(*policy_); }

 private:
  void episode();

  std::shared_ptr<const Scenario> scenario_;
  TrainSettings settings_;
  std::shared_ptr<QPolicy> policy_;
  ZumaEngine game_;
  Rng explore_;
  int64_t done_ = 0;
  double block_sum_ = 0;
  int64_t block_count_ = 0;
  std::vector<double> curve_;
  std::vector<uint32_t> keys_;
};

}  // namespace pg::zuma
