#include "engine/core/session.h"

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/core/worker_agent.h"

namespace pg {

Session::Session() {
  entry_ = &game_registry().front();
  auto game = entry_->create(Json::object());
  episode_ = std::make_unique<Episode>(game, game->default_seed());
  seat_defaults();
}

void Session::seat_defaults() {
  const Game& g = episode_->game();
  const std::vector<std::string> defaults = g.default_agents();
  pending_.clear();
  try {
    seat(defaults);
    return;
  } catch (const PolicyUnavailable&) {
    // Still loading, or failed (the page may fetch it again): pending either way.
  }
  // A policy file is not there: stand in for its seats with the game's stand-in, else its first agent
  // that needs no file.
  std::vector<std::string> specs;
  for (const auto& spec : defaults) {
    try {
      make_agent(g, spec);
      specs.push_back(spec);
      continue;
    } catch (const InputError&) {
    }
    std::string stand_in = g.stand_in_agent();
    for (const auto& info : g.agents()) {
      if (!stand_in.empty()) break;
      try {
        make_agent(g, info.spec);
        stand_in = info.spec;
      } catch (const InputError&) {
      }
    }
    if (stand_in.empty()) stand_in = "random";
    specs.push_back(stand_in);
  }
  seat(specs);
  pending_ = defaults;
}

bool Session::seat_pending() {
  if (pending_.empty()) return false;
  const std::vector<std::string> wanted = pending_;
  try {
    // The recorded steps stay, future included (a link's actions, or steps the stand-in took meanwhile, each
    // labelled with who took it): these agents were asked for before they were recorded.
    seat(wanted);
    pending_.clear();
  } catch (const PolicyUnavailable& e) {
    if (e.loading()) return false;
    pending_.clear();
    throw;
  } catch (const InputError&) {
    pending_.clear();
    throw;
  }
  return true;
}

void Session::seat(const std::vector<std::string>& specs) {
  const Game& g = episode_->game();
  if (specs.size() != size_t(g.num_players()))
    throw InputError("agents", g.name() + " takes " + std::to_string(g.num_players()) +
                                   (g.num_players() == 1 ? " agent, got " : " agents, got ") +
                                   std::to_string(specs.size()));
  std::vector<std::unique_ptr<Agent>> agents;
  // In the page, the seated agents decide in its worker (worker_agent.h); natively, in place.
  for (const auto& spec : specs) agents.push_back(decide_in_worker(g, make_agent(g, spec)));
  agents_ = std::move(agents);
  specs_.clear();
  for (const auto& a : agents_) specs_.push_back(a->spec());
  moved();
}

void Session::load(const std::string& name, const Json& options) {
  const GameEntry& entry = find_game(name);
  auto game = make_game(name, options);
  auto episode = std::make_unique<Episode>(game, game->default_seed());
  entry_ = &entry;
  episode_ = std::move(episode);
  begin_episode();
  seat_defaults();
}

void Session::set_agents(const std::vector<std::string>& specs) {
  try {
    seat(specs);  // throws before anything changes
  } catch (const PolicyUnavailable& e) {
    if (e.loading()) pending_ = specs;
    throw;
  }
  pending_.clear();
  // The recorded future was made by the old agents.
  const size_t t = episode_->cursor();
  auto copy = std::make_unique<Episode>(episode_->game_ptr(), episode_->seed());
  for (size_t i = 0; i < t; ++i) {
    const EpisodeStep& s = episode_->step(i);
    copy->play(s.action, s.agent, s.decision);
  }
  episode_ = std::move(copy);
}

void Session::set_agent(int player, const std::string& spec) {
  std::vector<std::string> specs = specs_;
  if (player < 0 || size_t(player) >= specs.size()) throw InputError("seat", "no player " + std::to_string(player));
  specs[size_t(player)] = spec;
  set_agents(specs);
}

void Session::begin_episode() {
  if (asked_this_episode_) ++episode_number_;
  asked_this_episode_ = false;
}

void Session::reset(uint64_t seed) {
  if (seed > kMaxSeed) throw InputError("seed", "must be from 0 to 2^53-1");
  episode_ = std::make_unique<Episode>(episode_->game_ptr(), seed);
  begin_episode();
  moved();
}

bool Session::human_to_move() const {
  const int p = state().current_player();
  return p >= 0 && agents_[size_t(p)]->is_human();
}

bool Session::awaiting_move() {
  if (state().is_terminal()) return false;
  if (human_to_move()) return true;
  const Decision* d = decision();
  return d && d->declined;
}

const Decision* Session::decision() {
  const size_t t = episode_->cursor();
  if (t < episode_->length() && episode_->step(t).decision) return &*episode_->step(t).decision;
  if (state().is_terminal() || human_to_move()) return nullptr;
  // An agent thinking in the worker is asked again only once a reply has been provided (worker_agent.h).
  const bool asked_here = cache_valid_ && cached_at_ == t;
  if (!asked_here || (!cached_ && replies_seen_ != worker_replies_provided())) {
    replies_seen_ = worker_replies_provided();
    Rng rng = episode_->decision_rng(t);
    Decision d = agents_[size_t(state().current_player())]->decide_at(state(), rng, {t, episode_number_});
    asked_this_episode_ = true;
    cached_at_ = t;
    cache_valid_ = true;
    if (d.thinking)
      cached_.reset();
    else
      cached_ = std::move(d);
  }
  return cached_ ? &*cached_ : nullptr;
}

bool Session::thinking() { return !state().is_terminal() && !human_to_move() && !decision(); }

void Session::moved() {
  drop_worker_questions();
  cache_valid_ = false;
}

void Session::drop_questions() {
  drop_worker_questions();
  if (!cached_) cache_valid_ = false;  // a decision still kept for its step; a question is asked anew
}

StepResult Session::step() {
  if (episode_->forward()) return StepResult::kReplayed;
  if (state().is_terminal()) return StepResult::kGameOver;
  if (human_to_move()) return StepResult::kWaitingHuman;
  const Decision* next = decision();
  if (!next) return StepResult::kThinking;
  const Decision d = *next;
  if (d.declined) return StepResult::kDeclined;
  const int p = state().current_player();
  episode_->play(d.chosen, specs_[size_t(p)], d);
  cache_valid_ = false;
  return StepResult::kPlayed;
}

bool Session::back() {
  if (!episode_->back()) return false;
  drop_questions();
  return true;
}

void Session::seek(size_t t) {
  const size_t before = episode_->cursor();
  episode_->seek(t);
  if (episode_->cursor() != before) drop_questions();
}

void Session::play(Action action) {
  const int p = state().current_player();
  if (p < 0) throw InputError("move", "the game is over");
  const bool human = agents_[size_t(p)]->is_human();
  episode_->play(action, human ? "human" : "override", std::nullopt);
  moved();
}

void Session::play(const std::string& action_name) { play(state().parse_action(action_name)); }

Json Session::summary() const {
  const State& s = state();
  Json j = Json::object();
  j["game"] = entry_->name;
  j["options"] = game().options();
  j["seed"] = seed();
  j["agents"] = specs_;
  j["step"] = episode_->cursor();
  j["length"] = episode_->length();
  j["done"] = s.is_terminal();
  j["to_move"] = s.current_player();
  j["returns"] = episode_->returns(episode_->cursor());
  Json legal = Json::array();
  for (Action a : s.legal_actions()) legal.push_back(s.action_name(a));
  j["legal"] = legal;
  j["state"] = s.to_json();
  return j;
}

void Session::replay(const std::vector<std::string>& action_names) {
  episode_ = std::make_unique<Episode>(replay_actions(episode_->game_ptr(), seed(), action_names));
  begin_episode();
  moved();
}

void Session::import_trace(const Json& trace) {
  std::vector<std::string> agents;
  auto episode = std::make_unique<Episode>(Episode::from_trace(trace, &agents));
  const GameEntry& entry = find_game(episode->game().name());
  episode_ = std::move(episode);
  begin_episode();
  entry_ = &entry;
  // The trace's agents when they are valid for this game, else its defaults.
  pending_.clear();
  try {
    seat(agents.size() == size_t(episode_->game().num_players()) ? agents : episode_->game().default_agents());
  } catch (const PolicyUnavailable& e) {
    seat_defaults();
    if (e.loading() && agents.size() == size_t(episode_->game().num_players())) pending_ = agents;
  } catch (const InputError&) {
    seat_defaults();
  }
}

}  // namespace pg
