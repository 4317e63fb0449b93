// The page's live Q-learning run for Zuma. It lives outside the view so that
// it survives switching games and scenarios, and so the JavaScript API can
// drive it. Work is done in slices of a few milliseconds per frame.
#pragma once

#include <memory>
#include <string>

#include "engine/core/json.h"
#include "engine/games/zuma/q_learning.h"
#include "web/views/live_trainer.h"

namespace pg::web {

struct ZumaTrainer : LiveTrainer {
  zuma::TrainSettings settings = default_settings();
  std::unique_ptr<zuma::QLearner> learner;
  bool training = false;  // set by start, cleared by pause, reset or the end of the run
  double episodes_per_second = 0;

  // The page trains far fewer episodes than `playground zuma train`.
  static zuma::TrainSettings default_settings() {
    zuma::TrainSettings s;
    s.episodes = 200'000;
    s.curve_every = 2'000;
    s.alpha = 0.05;
    return s;
  }

  // A fresh learner on this scenario with the current settings.
  void restart(const zuma::Scenario& scenario);
  // Trains for about `budget_ms`; returns true if it did any work.
  bool work(double budget_ms) override;
  bool running() const override { return training; }
  // {running, episodes_done, episodes, epsilon, curve, settings, episodes_per_second}
  Json status() const override;
  // The table as a policy file (with its settings and curve).
  Json policy_json() const override;
  // A command of the JavaScript API (playground.train): {"command": "start" | "pause" | "reset" | "use" |
  // "status", "settings": {...}}, trained on the scenario that is open; returns the status. Throws InputError.
  Json command(App& app, const Json& j) override;
};

ZumaTrainer& zuma_trainer();

}  // namespace pg::web
