// A game's trainer that runs in the page (Zuma's Q-learning, Kalah's TD(0)). It lives outside the view, so
// that it survives switching scenarios and games, and the JavaScript API's playground.train drives it. It
// works in slices of a few milliseconds per frame; what it has learned is seated as the agents' "live" policy.
#pragma once

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

}  // namespace pg::web
