#include "web/views/zuma_trainer.h"

#include "engine/core/error.h"
#include "engine/games/zuma/q_policy.h"
#include "engine/games/zuma/zuma_game.h"
#include "web/app.h"

namespace pg::web {

ZumaTrainer& zuma_trainer() {
  static ZumaTrainer trainer;
  return trainer;
}

void ZumaTrainer::restart(const zuma::Scenario& scenario) {
  learner = std::make_unique<zuma::QLearner>(scenario, settings);
  episodes_per_second = 0;
}

bool ZumaTrainer::work(double budget_ms) {
  return train_slice(
      learner.get(), training, episodes_per_second, budget_ms, [](zuma::QLearner& l) { l.train(50); },
      [](const zuma::QLearner& l) { return l.episodes_done(); });
}

Json ZumaTrainer::status() const {
  Json j = {{"running", training},
            {"episodes_done", learner ? learner->episodes_done() : 0},
            {"episodes", settings.episodes},
            {"episodes_per_second", episodes_per_second},
            {"settings", settings.to_json()}};
  j["epsilon"] = learner ? learner->epsilon() : settings.epsilon_start;
  j["curve"] = learner ? Json(learner->curve()) : Json::array();
  return j;
}

Json ZumaTrainer::policy_json() const {
  if (!learner) return nullptr;
  zuma::QPolicy p = learner->policy();
  p.info = {{"trained_with", "the page's Train panel (tabular Q-learning)"},
            {"settings", learner->settings().to_json()},
            {"episodes_done", learner->episodes_done()},
            {"learning_curve", learner->curve()}};
  return p.to_json();
}

}  // namespace pg::web

namespace pg::web {

Json ZumaTrainer::command(App& app, const Json& j) {
  const std::string name = j["command"];
  if (j.contains("settings")) settings = zuma::TrainSettings::from_json(j["settings"], settings);
  if (name == "start") {
    const auto* game = dynamic_cast<const zuma::ZumaGame*>(&app.session().game());
    if (!game) throw InputError("", "open Zuma first");
    if (!learner || learner->finished() || j.contains("settings")) restart(game->scenario());
    training = true;
  } else if (name == "pause") {
    training = false;
  } else if (name == "reset") {
    learner.reset();
    training = false;
  } else if (name == "use") {
    if (!learner) throw InputError("", "nothing trained yet");
    zuma::q_policies().store("live", learner->snapshot());
    if (const Outcome seated = app.set_agent(0, "trained:live"); !seated) throw InputError("", seated.error);
  } else if (name != "status") {
    throw InputError("", "unknown command '" + name + "'");
  }
  return status();
}

}  // namespace pg::web
