#include "engine/games/zuma/q_learning.h"

#include <algorithm>

#include "engine/core/error.h"

namespace pg::zuma {

Json TrainSettings::to_json() const {
  return {{"episodes", episodes}, {"alpha", alpha}, {"epsilon_start", epsilon_start}, {"epsilon_end", epsilon_end},
          {"gamma", gamma},       {"seed", seed},   {"curve_every", curve_every}};
}

TrainSettings TrainSettings::from_json(const Json& j, TrainSettings s) {
  if (!j.is_object()) throw InputError("settings", "expected a JSON object");
  for (const auto& item : j.items()) {
    const std::string key = item.key();
    const Json& v = item.value();
    const std::string where = "settings." + key;
    auto real = [&](double lo, double hi) {
      if (!v.is_number() || v.get<double>() < lo || v.get<double>() > hi)
        throw InputError(where, "expected a number from " + std::to_string(lo) + " to " + std::to_string(hi));
      return v.get<double>();
    };
    auto integer = [&](int64_t lo, int64_t hi) {
      if (!v.is_number_integer() || v.get<int64_t>() < lo || v.get<int64_t>() > hi)
        throw InputError(where, "expected an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
      return v.get<int64_t>();
    };
    if (key == "episodes") {
      s.episodes = integer(1, 1'000'000'000);
    } else if (key == "alpha") {
      s.alpha = real(1e-6, 1);
    } else if (key == "epsilon_start") {
      s.epsilon_start = real(0, 1);
    } else if (key == "epsilon_end") {
      s.epsilon_end = real(0, 1);
    } else if (key == "gamma") {
      s.gamma = real(0, 1);
    } else if (key == "seed") {
      s.seed = uint64_t(integer(0, int64_t(1) << 53));
    } else if (key == "curve_every") {
      s.curve_every = integer(1, 100'000'000);
    } else {
      throw InputError(where,
                       "unknown setting (episodes, alpha, epsilon_start, epsilon_end, gamma, seed, curve_every)");
    }
  }
  return s;
}

QLearner::QLearner(const Scenario& scenario, const TrainSettings& settings) : QLearner(scenario, settings, QPolicy{}) {}

QLearner::QLearner(const Scenario& scenario, const TrainSettings& settings, const QPolicy& start)
    : scenario_(std::make_shared<const Scenario>(scenario)),
      settings_(settings),
      policy_(std::make_shared<QPolicy>(start)),
      game_(*scenario_, settings.seed),
      explore_(mix_seed(settings.seed, 0x51ea)) {}

double QLearner::epsilon() const {
  const double progress = settings_.episodes > 1 ? double(done_) / double(settings_.episodes - 1) : 1.0;
  return settings_.epsilon_start + (settings_.epsilon_end - settings_.epsilon_start) * std::min(1.0, progress);
}

void QLearner::train(int64_t episodes) {
  for (int64_t i = 0; i < episodes && !finished(); ++i) episode();
}

void QLearner::episode() {
  QPolicy& p = *policy_;
  const Scenario& s = *scenario_;
  game_.reset(s.random_lines);  // the homework's reset(new_line)
  game_.ensure_ball();
  const double eps = epsilon();
  double total = 0;

  // The key of the action taken in the previous step, waiting for its target.
  int64_t pending = -1;
  double pending_reward = 0;
  while (!game_.done()) {
    const Line& line = game_.line();
    const int ball = game_.ball();
    const int steps_left = s.max_steps - game_.steps() - 1;
    keys_.clear();
    int best = 0;
    for (int a = kSkip; a <= line.size; ++a) {
      keys_.push_back(feature_key(action_features(line, ball, steps_left, s.max_length, a)));
      if (p.q[keys_.back()] > p.q[keys_[size_t(best)]]) best = int(keys_.size()) - 1;
    }
    if (pending >= 0) {  // Q-learning target: r + gamma * max_a' Q(s', a')
      float& q = p.q[size_t(pending)];
      const double step = std::max(settings_.alpha, 1.0 / double(p.visits[size_t(pending)]));
      q += float(step * (pending_reward + settings_.gamma * p.q[keys_[size_t(best)]] - q));
    }
    const int choice = explore_.uniform() < eps ? int(explore_.below(uint32_t(keys_.size()))) : best;
    pending = keys_[size_t(choice)];
    ++p.visits[size_t(pending)];
    pending_reward = game_.submit(choice - 1);
    total += pending_reward;
  }
  float& q = p.q[size_t(pending)];
  const double step = std::max(settings_.alpha, 1.0 / double(p.visits[size_t(pending)]));
  q += float(step * (pending_reward - q));

  ++done_;
  block_sum_ += total;
  if (++block_count_ == settings_.curve_every || finished()) {
    curve_.push_back(block_sum_ / double(block_count_));
    block_sum_ = 0;
    block_count_ = 0;
  }
}

}  // namespace pg::zuma
