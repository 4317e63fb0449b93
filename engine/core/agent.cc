#include "engine/core/agent.h"

#include <charconv>
#include <map>

#include "engine/core/agent_maker.h"
#include "engine/core/bridged_program.h"
#include "engine/core/error.h"
#include "engine/core/random_agent.h"
#include "engine/nn/loaded_network.h"

namespace pg {

Json Decision::to_json(const State& state) const {
  Json j = Json::object();
  if (declined) {
    j["declined"] = true;
    j["note"] = note;
    return j;
  }
  Json dist = Json::array();
  for (size_t i = 0; i < actions.size(); ++i) {
    Json entry = Json::object();
    entry["action"] = state.action_name(actions[i]);
    entry["p"] = probabilities[i];
    if (!scores.empty()) entry["score"] = scores[i];
    if (i < lines.size()) entry["line"] = lines[i];
    dist.push_back(entry);
  }
  j["chosen"] = state.action_name(chosen);
  j["distribution"] = dist;
  if (!score_label.empty()) j["score_label"] = score_label;
  if (value) j["value"] = *value;
  if (!debug.empty()) {
    Json d = Json::object();
    for (const auto& [k, v] : debug) d[k] = v;
    j["debug"] = d;
  }
  if (!note.empty()) j["note"] = note;
  if (!drawings.empty()) j["drawings"] = drawings_to_json(drawings, state);
  return j;
}

namespace {

// The legal action named at `where`, or an InputError naming that place.
Action action_at(const State& state, const Json& name, const std::string& where) {
  try {
    return state.parse_action(name.get<std::string>());
  } catch (const InputError& e) {
    throw InputError(where, e.problem());
  }
}

}  // namespace

Decision Decision::from_json(const Json& j, const State& state, const std::string& where) {
  Decision d;
  if (!j.is_object()) throw InputError(where, "expected an object");
  if (j.contains("declined") && j["declined"] == true)
    return declined_decision(j.contains("note") && j["note"].is_string() ? j["note"].get<std::string>() : "");
  if (!j.contains("chosen") || !j["chosen"].is_string()) throw InputError(where + ".chosen", "missing or not a string");
  d.chosen = action_at(state, j["chosen"], where + ".chosen");
  if (j.contains("distribution")) {
    const Json& dist = j["distribution"];
    if (!dist.is_array()) throw InputError(where + ".distribution", "expected an array");
    for (size_t i = 0; i < dist.size(); ++i) {
      const Json& e = dist[i];
      const std::string entry = where + ".distribution[" + std::to_string(i) + "]";
      if (!e.is_object() || !e.contains("action") || !e["action"].is_string() || !e.contains("p") ||
          !e["p"].is_number())
        throw InputError(entry, "expected {\"action\": name, \"p\": number}");
      d.actions.push_back(action_at(state, e["action"], entry + ".action"));
      d.probabilities.push_back(e["p"].get<double>());
      if (e.contains("score") && e["score"].is_number()) d.scores.push_back(e["score"].get<double>());
      if (e.contains("line") && e["line"].is_string()) d.lines.push_back(e["line"].get<std::string>());
    }
    if (!d.scores.empty() && d.scores.size() != d.actions.size())
      throw InputError(where + ".distribution", "some entries have a score and some do not");
    if (!d.lines.empty() && d.lines.size() != d.actions.size())
      throw InputError(where + ".distribution", "some entries have a line and some do not");
  }
  if (j.contains("score_label") && j["score_label"].is_string()) d.score_label = j["score_label"].get<std::string>();
  if (j.contains("value") && j["value"].is_number()) d.value = j["value"].get<double>();
  if (j.contains("note") && j["note"].is_string()) d.note = j["note"].get<std::string>();
  if (j.contains("debug") && j["debug"].is_object()) {
    for (const auto& [k, v] : j["debug"].items())
      if (v.is_number()) d.debug.emplace_back(k, v.get<double>());
  }
  if (j.contains("drawings")) d.drawings = drawings_from_json(j["drawings"], state, where + ".drawings");
  return d;
}

Decision declined_decision(std::string note) {
  Decision d;
  d.declined = true;
  d.note = std::move(note);
  return d;
}

Decision uniform_over(const std::vector<Action>& actions, const std::vector<Action>& best, Rng& rng) {
  Decision d;
  d.actions = actions;
  d.probabilities.assign(actions.size(), 0.0);
  const double p = 1.0 / double(best.size());
  for (size_t i = 0; i < actions.size(); ++i) {
    for (Action b : best)
      if (actions[i] == b) d.probabilities[i] = p;
  }
  d.chosen = best[rng.below(uint32_t(best.size()))];
  return d;
}

std::pair<std::string, std::string> split_spec(std::string_view spec) {
  const auto colon = spec.find(':');
  if (colon == std::string_view::npos) return {std::string(spec), ""};
  return {std::string(spec.substr(0, colon)), std::string(spec.substr(colon + 1))};
}

int parse_int_param(std::string_view spec, std::string_view text, int lo, int hi) {
  int value = 0;
  const auto* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end || value < lo || value > hi)
    throw InputError("agent '" + std::string(spec) + "'",
                     "parameter must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
  return value;
}

namespace {

std::map<std::string, AgentMaker>& agent_makers() {
  static std::map<std::string, AgentMaker> makers;
  return makers;
}

}  // namespace

void register_agent_maker(const std::string& name, AgentMaker maker) { agent_makers()[name] = std::move(maker); }

std::unique_ptr<Agent> make_agent(const Game& game, std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  if (const auto maker = agent_makers().find(name); maker != agent_makers().end()) return maker->second(game, arg);
  // The page's program seat (bridged_program.h); the command line registers its own `program:COMMAND` above.
  if (name == "program") {
    if (!arg.empty()) throw InputError("agent '" + std::string(spec) + "'", "'program' takes no parameter in the page");
    return make_bridged_program(game);
  }
  if (name == "file") return nn::make_loaded_network_agent(game, spec, arg);  // a network file the user brought
  if (name == "random" || name == "human") {
    if (!arg.empty()) throw InputError("agent '" + std::string(spec) + "'", "'" + name + "' takes no parameter");
    if (name == "random") return std::make_unique<RandomAgent>();
    return std::make_unique<HumanAgent>();
  }
  if (auto agent = game.make_agent(spec)) return agent;
  std::string known = "random, human";
  for (const auto& info : game.agents()) known += ", " + info.spec;
  throw InputError("agent '" + std::string(spec) + "'", "unknown agent for " + game.name() + " (known: " + known + ")");
}

}  // namespace pg
