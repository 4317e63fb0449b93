// A game's trainer that runs in the page (Zuma's Q-learning, Kalah's TD(0)). It lives outside the view, so
// that it survives switching scenarios and games, and the JavaScript API's playground.train drives it. It
// works in slices of a few milliseconds per frame; what it has learned is seated as the agents' "live" policy.
#pragma once

#include <chrono>

#include "engine/core/json.h"

namespace pg::web {

class App;

class LiveTrainer {
 public:
  virtual ~LiveTrainer() = default;
  // Trains for about `budget_ms`; true if it did any work.
  virtual bool work(double budget_ms) = 0;
  virtual bool running() const = 0;
  // What the API's status reports: progress, settings and the learning curve.
  virtual Json status() const = 0;
  // What it has learned, as a policy file's JSON (with its settings and curve).
  virtual Json policy_json() const = 0;
  // A command of playground.train: {"command": "start" | "pause" | "reset" | "use" | "status", "settings":
  // {...}} (and the game's own fields); returns the status. Throws InputError naming a bad field.
  virtual Json command(App& app, const Json& j) = 0;
};

// A trainer's work(): `step(learner)` (a few games or episodes) again and again for about `budget_ms`, then
// `per_second` smoothed by the units `done(learner)` counted meanwhile. Clears `training` at the end of the
// run; false when there was no work to do.
template <class Learner, class Step, class Done>
bool train_slice(Learner* learner, bool& training, double& per_second, double budget_ms, Step step, Done done) {
  if (!training || !learner || learner->finished()) {
    training = training && learner && !learner->finished();
    return false;
  }
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const auto before = done(*learner);
  double elapsed_ms = 0;
  while (elapsed_ms < budget_ms && !learner->finished()) {
    step(*learner);
    elapsed_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  }
  if (elapsed_ms > 0) {
    const double rate = double(done(*learner) - before) / (elapsed_ms / 1000.0);
    per_second = per_second == 0 ? rate : 0.9 * per_second + 0.1 * rate;
  }
  if (learner->finished()) training = false;
  return true;
}

}  // namespace pg::web
