#include "engine/core/episode.h"

#include <algorithm>
#include <utility>

#include "engine/core/error.h"
#include "engine/core/registry.h"

namespace pg {

Episode::Episode(std::shared_ptr<const Game> game, uint64_t seed)
    : game_(std::move(game)), seed_(seed), initial_(game_->initial_state(seed)) {}

const State& Episode::state_at(size_t t) const {
  if (t == 0) return *initial_;
  return *steps_.at(t - 1).state;
}

const EpisodeStep& Episode::step(size_t i) const { return steps_.at(i); }

const EpisodeStep& Episode::play(Action action, const std::string& agent, std::optional<Decision> decision) {
  if (cursor_ < steps_.size() && steps_[cursor_].action == action) {
    return steps_[cursor_++];
  }
  const State& before = state();
  if (!before.is_legal(action)) {
    throw InputError("step " + std::to_string(cursor_ + 1),
                     before.is_terminal() ? "the game is over" : "action " + std::to_string(action) + " is not legal");
  }
  steps_.resize(cursor_);
  EpisodeStep s;
  s.player = before.current_player();
  s.action = action;
  s.action_name = before.action_name(action);
  s.agent = agent;
  s.decision = std::move(decision);
  auto after = before.clone();
  s.transition = after->apply_with_details(action);
  s.state = std::move(after);
  steps_.push_back(std::move(s));
  return steps_[cursor_++];
}

bool Episode::back() {
  if (cursor_ == 0) return false;
  --cursor_;
  return true;
}

bool Episode::forward() {
  if (cursor_ >= steps_.size()) return false;
  ++cursor_;
  return true;
}

void Episode::seek(size_t t) { cursor_ = std::min(t, steps_.size()); }

std::vector<double> Episode::returns(size_t t) const {
  std::vector<double> total(size_t(game_->num_players()), 0.0);
  for (size_t i = 0; i < std::min(t, steps_.size()); ++i) {
    const auto& r = steps_[i].transition.rewards;
    for (size_t p = 0; p < total.size() && p < r.size(); ++p) total[p] += r[p];
  }
  return total;
}

Rng Episode::decision_rng(size_t t) const { return pg::decision_rng(seed_, t); }

namespace {

Json draws_to_json(const std::vector<ChanceDraw>& draws) {
  Json out = Json::array();
  for (const auto& d : draws) {
    Json& entry = out.emplace_back(Json::object());
    entry["what"] = d.what;
    entry["value"] = d.value;
    entry["outcome"] = d.outcome;
  }
  return out;
}

}  // namespace

Json Episode::to_trace(const std::vector<std::string>& agents) const {
  Json trace = Json::object();
  trace["format"] = kTraceFormat;
  trace["version"] = kTraceVersion;
  trace["game"] = game_->name();
  trace["options"] = game_->options();
  trace["seed"] = seed_;
  if (!agents.empty()) trace["agents"] = agents;
  trace["initial_state"] = initial_->to_json();
  Json steps = Json::array();
  for (size_t i = 0; i < steps_.size(); ++i) {
    const EpisodeStep& s = steps_[i];
    const double reward =
        s.player >= 0 && size_t(s.player) < s.transition.rewards.size() ? s.transition.rewards[size_t(s.player)] : 0.0;
    Json step = Json::object();
    step["player"] = s.player;
    step["action"] = s.action_name;
    step["reward"] = reward;
    step["rewards"] = s.transition.rewards;
    if (!s.agent.empty()) step["agent"] = s.agent;
    if (!s.transition.draws.empty()) step["chance"] = draws_to_json(s.transition.draws);
    if (!s.transition.events.empty()) step["events"] = s.transition.events;
    if (s.decision) step["decision"] = s.decision->to_json(state_at(i));
    step["state"] = s.state->to_json();
    steps.push_back(std::move(step));
  }
  trace["steps"] = std::move(steps);
  trace["returns"] = returns(steps_.size());
  trace["done"] = state_at(steps_.size()).is_terminal();
  return trace;
}

Episode Episode::from_trace(const Json& trace, std::vector<std::string>* agents) {
  if (!trace.is_object()) throw InputError("trace", "expected a JSON object");
  if (!trace.contains("format") || trace["format"] != kTraceFormat)
    throw InputError("trace.format", std::string("expected \"") + kTraceFormat + "\"");
  if (!trace.contains("version") || !trace["version"].is_number_integer())
    throw InputError("trace.version", "missing or not an integer");
  if (trace["version"].get<int>() != kTraceVersion)
    throw InputError("trace.version", "version " + trace["version"].dump() + " is not supported (this build reads " +
                                          std::to_string(kTraceVersion) + ")");
  if (!trace.contains("game") || !trace["game"].is_string()) throw InputError("trace.game", "missing or not a string");
  if (!trace.contains("seed") || !trace["seed"].is_number_unsigned() || trace["seed"].get<uint64_t>() > kMaxSeed)
    throw InputError("trace.seed", "missing or not an integer from 0 to 2^53-1");
  const Json options = trace.contains("options") ? trace["options"] : Json::object();
  auto game = make_game(trace["game"].get<std::string>(), options);
  Episode episode(game, trace["seed"].get<uint64_t>());
  if (trace.contains("initial_state") && trace["initial_state"] != episode.state().to_json())
    throw InputError("trace.initial_state", "does not match the game's initial state for this seed");
  if (agents) {
    agents->clear();
    if (trace.contains("agents") && trace["agents"].is_array())
      for (const auto& a : trace["agents"])
        if (a.is_string()) agents->push_back(a.get<std::string>());
  }
  if (!trace.contains("steps") || !trace["steps"].is_array())
    throw InputError("trace.steps", "missing or not an array");
  const Json& steps = trace["steps"];
  for (size_t i = 0; i < steps.size(); ++i) {
    const std::string where = "trace.steps[" + std::to_string(i) + "]";
    const Json& s = steps[i];
    if (!s.is_object() || !s.contains("action") || !s["action"].is_string())
      throw InputError(where + ".action", "missing or not a string");
    Action action;
    try {
      action = episode.state().parse_action(s["action"].get<std::string>());
    } catch (const InputError& e) {
      throw InputError(where + ".action", e.problem());
    }
    std::optional<Decision> decision;
    if (s.contains("decision")) decision = Decision::from_json(s["decision"], episode.state(), where + ".decision");
    const std::string agent = s.contains("agent") && s["agent"].is_string() ? s["agent"].get<std::string>() : "";
    episode.play(action, agent, std::move(decision));
    if (s.contains("state") && s["state"] != episode.state().to_json())
      throw InputError(where + ".state", "does not match the state the engine reaches by replaying the actions");
  }
  return episode;
}

std::vector<std::string> split_list(const std::string& text, char sep) {
  std::vector<std::string> parts;
  if (text.empty()) return parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(sep, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return parts;
}

Episode replay_actions(std::shared_ptr<const Game> game, uint64_t seed, const std::vector<std::string>& action_names) {
  Episode episode(std::move(game), seed);
  for (size_t i = 0; i < action_names.size(); ++i) {
    try {
      episode.play(episode.state().parse_action(action_names[i]), "replay");
    } catch (const InputError& e) {
      throw InputError("action " + std::to_string(i + 1) + " ('" + action_names[i] + "')", e.problem());
    }
  }
  return episode;
}

char action_list_separator(const Game& game, uint64_t seed) {
  const auto first = game.initial_state(seed);
  const auto legal = first->legal_actions();
  return !legal.empty() && first->action_name(legal[0]).find(',') != std::string::npos ? ';' : ',';
}

}  // namespace pg
