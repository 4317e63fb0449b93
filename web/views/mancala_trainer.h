// The page's live TD(0) run for Kalah's linear player (the report's learner,
// engine/games/mancala/theta_learning.h), in slices of a few milliseconds per
// frame. Every `eval_every` games it measures ThetaGreedy 1 with the weights
// as they are against Greedy 1 (`eval_games` games, half moving first): the
// learning curve. The weights can be seated at any time as "theta:D:live".
// It lives outside the view so that it survives switching games and so the
// JavaScript API can drive it (the same shape as Zuma's trainer).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/games/mancala/theta_learning.h"
#include "web/views/live_trainer.h"

namespace pg::web {

struct MancalaTrainer : LiveTrainer {
  struct Settings {
    mancala::ThetaTraining training = default_training();
    long eval_every = 1'000;
    long eval_games = 100;

    Json to_json() const;
    // Reads the fields present over `base`; throws InputError naming a bad one.
    static Settings from_json(const Json& j, const Settings& base);
  };
  struct CurvePoint {
    long games = 0;
    long wins = 0, draws = 0, played = 0;  // ThetaGreedy 1's, against Greedy 1
  };

  Settings settings;
  std::unique_ptr<mancala::ThetaLearner> learner;
  std::vector<CurvePoint> curve;
  bool training = false;  // set by start, cleared by pause, reset or the end of the run
  double games_per_second = 0;
  bool reveal = false;  // a start from the JavaScript API opens the panel

  // The page trains far fewer games than `playground mancala train`.
  static mancala::ThetaTraining default_training() {
    mancala::ThetaTraining t;
    t.games = 20'000;
    return t;
  }

  // A fresh learner under these rules with the current settings (a curve
  // point at 0 games: the zero weights).
  void restart(const mancala::Rules& rules);
  // Trains (and evaluates) for about `budget_ms`; true if it did any work.
  bool work(double budget_ms) override;
  bool running() const override { return training; }
  // The weights as they are now, stored as "live" (agents theta:D:live).
  void publish() const;
  // {running, games_done, games, alpha, epsilon, games_per_second, settings, curve: [{games, wins, draws, played,
  // win_rate}]}
  Json status() const override;
  // The weights as a policy file (theta_*.json's format, with the settings and curve).
  Json policy_json() const override;
  // The JavaScript API's train command for Kalah: start | pause | reset | use | status, with optional
  // "settings" and, for use, "depth" (1..5) and "seat" (0 or 1).
  Json command(App& app, const Json& j) override;

 private:
  CurvePoint evaluate() const;
};

MancalaTrainer& mancala_trainer();

}  // namespace pg::web
