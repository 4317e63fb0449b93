#include "web/views/mancala_trainer.h"

#include <algorithm>

#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/theta_policy.h"
#include "web/app.h"

namespace pg::web {

namespace {
constexpr const char* kLiveName = "live";
constexpr const char* kEvalName = "page-train-eval";
}  // namespace

MancalaTrainer& mancala_trainer() {
  static MancalaTrainer trainer;
  return trainer;
}

Json MancalaTrainer::Settings::to_json() const {
  Json j = training.to_json();
  j["eval_every"] = eval_every;
  j["eval_games"] = eval_games;
  return j;
}

MancalaTrainer::Settings MancalaTrainer::Settings::from_json(const Json& j, const Settings& base) {
  if (!j.is_object()) throw InputError("settings", "expected an object");
  Settings s = base;
  auto number = [&](const char* key, double lo, double hi, double fallback) {
    if (!j.contains(key)) return fallback;
    if (!j[key].is_number()) throw InputError(std::string("settings.") + key, "expected a number");
    const double v = j[key].get<double>();
    if (!(v >= lo && v <= hi))
      throw InputError(std::string("settings.") + key,
                       "must be in [" + Json(lo).dump() + ", " + Json(hi).dump() + "], got " + Json(v).dump());
    return v;
  };
  mancala::ThetaTraining& t = s.training;
  t.games = long(number("games", 1, 10'000'000, double(t.games)));
  t.alpha = number("alpha", 1e-9, 1, t.alpha);
  t.alpha_halvings = int(number("alpha_halvings", 0, 30, t.alpha_halvings));
  t.epsilon = number("epsilon", 0, 1, t.epsilon);
  t.epsilon_halvings = int(number("epsilon_halvings", 0, 30, t.epsilon_halvings));
  t.seed = uint64_t(number("seed", 0, 9e15, double(t.seed)));
  if (j.contains("opponents")) {
    if (!j["opponents"].is_string() || (j["opponents"] != "self" && j["opponents"] != "pool"))
      throw InputError("settings.opponents", "expected \"self\" (the report's self-play) or \"pool\"");
    t.opponents = j["opponents"].get<std::string>();
  }
  s.eval_every = long(number("eval_every", 10, 10'000'000, double(s.eval_every)));
  s.eval_games = long(number("eval_games", 2, 10'000, double(s.eval_games)));
  return s;
}

void MancalaTrainer::restart(const mancala::Rules& rules) {
  learner = std::make_unique<mancala::ThetaLearner>(rules, settings.training);
  curve = {evaluate()};
  games_per_second = 0;
}

MancalaTrainer::CurvePoint MancalaTrainer::evaluate() const {
  CurvePoint point;
  point.games = learner->games_done();
  mancala::thetas().store(kEvalName, std::make_shared<const mancala::ThetaPolicy>(learner->policy()));
  const mancala::MancalaGame game(learner->rules());
  const std::string me = std::string("theta:1:") + kEvalName;
  const long first_games = (settings.eval_games + 1) / 2;
  const MatchResult first = play_match(game, {me, "greedy:1"}, first_games, 1);
  const MatchResult second = play_match(game, {"greedy:1", me}, settings.eval_games - first_games, 1);
  point.wins = first.wins + second.losses;
  point.draws = first.draws + second.draws;
  point.played = first.games + second.games;
  return point;
}

bool MancalaTrainer::work(double budget_ms) {
  return train_slice(
      learner.get(), training, games_per_second, budget_ms,
      [&](mancala::ThetaLearner& l) {
        // Up to the next curve point, a few games at a time.
        const long to_point = settings.eval_every - l.games_done() % settings.eval_every;
        l.train(std::min(20L, to_point));
        if (l.games_done() % settings.eval_every == 0 || l.finished()) curve.push_back(evaluate());
      },
      [](const mancala::ThetaLearner& l) { return l.games_done(); });
}

void MancalaTrainer::publish() const {
  if (learner) mancala::thetas().store(kLiveName, std::make_shared<const mancala::ThetaPolicy>(learner->policy()));
}

Json MancalaTrainer::status() const {
  Json points = Json::array();
  for (const CurvePoint& p : curve)
    points.push_back({{"games", p.games},
                      {"wins", p.wins},
                      {"draws", p.draws},
                      {"played", p.played},
                      {"win_rate", p.played ? double(p.wins) / double(p.played) : 0.0}});
  return {{"running", training},
          {"games_done", learner ? learner->games_done() : 0},
          {"games", learner ? learner->settings().games : settings.training.games},
          {"alpha", learner ? learner->alpha() : settings.training.alpha},
          {"epsilon", learner ? learner->epsilon() : settings.training.epsilon},
          {"games_per_second", games_per_second},
          {"settings", settings.to_json()},
          {"curve", points}};
}

Json MancalaTrainer::policy_json() const {
  if (!learner) return nullptr;
  mancala::ThetaPolicy p = learner->policy();
  p.info["trained_with"] = "the page's Train panel (the report's TD(0), live)";
  p.info["games_done"] = learner->games_done();
  p.info["rules"] = mancala::MancalaGame(learner->rules()).options();
  p.info["learning_curve_vs_greedy1"] = status()["curve"];
  return p.to_json();
}

Json MancalaTrainer::command(App& app, const Json& j) {
  const std::string command = j["command"];
  if (j.contains("settings")) settings = Settings::from_json(j["settings"], settings);
  if (command == "start") {
    const auto* game = dynamic_cast<const mancala::MancalaGame*>(&app.session().game());
    if (!game) throw InputError("train", "open Kalah first");
    if (!learner || learner->finished() || j.contains("settings") || !(learner->rules() == game->rules()))
      restart(game->rules());
    training = true;
    reveal = true;
  } else if (command == "pause") {
    training = false;
  } else if (command == "reset") {
    learner.reset();
    curve.clear();
    training = false;
  } else if (command == "use") {
    if (!learner) throw InputError("train", "nothing trained yet");
    const int depth = j.contains("depth") && j["depth"].is_number_integer() ? j["depth"].get<int>() : 1;
    const int seat = j.contains("seat") && j["seat"].is_number_integer() ? j["seat"].get<int>() : 1;
    if (depth < 1 || depth > 5) throw InputError("train.depth", "expected 1..5");
    if (seat < 0 || seat > 1) throw InputError("train.seat", "expected 0 or 1");
    publish();
    if (const Outcome seated = app.set_agent(seat, "theta:" + std::to_string(depth) + ":" + kLiveName); !seated)
      throw InputError("train", seated.error);
  } else if (command != "status") {
    throw InputError("train", "unknown command '" + command + "'");
  }
  return status();
}

}  // namespace pg::web
