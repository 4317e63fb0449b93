#include "engine/core/agent_protocol.h"

#include <cmath>
#include <vector>

#include "engine/core/error.h"

namespace pg::agent_protocol {

Json start_message(const Game& game, int seat) {
  Json m = Json::object();
  m["type"] = "start";
  m["protocol"] = kVersion;
  m["game"] = game.name();
  m["title"] = game.title();
  m["options"] = game.options();
  m["players"] = game.num_players();
  m["seat"] = seat;
  return m;
}

Json decide_message(const State& state, const DecisionContext& context, double time_limit_seconds) {
  Json m = Json::object();
  m["type"] = "decide";
  m["player"] = state.current_player();
  m["step"] = context.step;
  m["episode"] = context.episode;
  m["state"] = state.to_json();
  Json legal = Json::array();
  for (Action a : state.legal_actions()) legal.push_back(state.action_name(a));
  m["legal_actions"] = std::move(legal);
  m["observation"] = state.observation();
  const State::ObservationTensor tensor = state.observation_tensor();
  if (tensor.size() > 0) {
    std::vector<float> values(tensor.size());
    state.fill_observation(values);
    Json t = Json::object();
    t["encoding"] = tensor.encoding;
    t["shape"] = tensor.shape;
    t["values"] = std::move(values);
    m["tensor"] = std::move(t);
  }
  m["time_limit"] = time_limit_seconds;
  return m;
}

namespace {

std::string type_of(const Json& reply) {
  if (!reply.is_object()) throw InputError("reply", "expected a JSON object");
  if (!reply.contains("type") || !reply["type"].is_string()) throw InputError("reply.type", "missing or not a string");
  return reply["type"].get<std::string>();
}

void check_not_error(const std::string& type, const Json& reply) {
  if (type != "error") return;
  const std::string message =
      reply.contains("message") && reply["message"].is_string() ? reply["message"].get<std::string>() : "";
  throw InputError("reply", "the agent reports an error: " + (message.empty() ? "(no message)" : message));
}

// The legal action this name names, or an InputError at `where`.
Action legal_named(const State& state, const Json& name, const std::string& where) {
  if (!name.is_string()) throw InputError(where, "expected an action's name (a string)");
  try {
    return state.parse_action(name.get<std::string>());
  } catch (const InputError& e) {
    throw InputError(where, e.problem());
  }
}

// {name: number} over legal actions, as one number per legal action (`fill` where absent).
std::vector<double> per_action(const Json& field, const State& state, const std::vector<Action>& legal,
                               const std::string& where, double fill) {
  if (!field.is_object()) throw InputError(where, "expected an object {action name: number}");
  std::vector<double> out(legal.size(), fill);
  for (const auto& [name, number] : field.items()) {
    const std::string at = where + "." + name;
    const Action a = legal_named(state, Json(name), at);
    if (!number.is_number() || !std::isfinite(number.get<double>())) throw InputError(at, "expected a finite number");
    for (size_t i = 0; i < legal.size(); ++i)
      if (legal[i] == a) out[i] = number.get<double>();
  }
  return out;
}

}  // namespace

void check_ready(const Json& reply) {
  const std::string type = type_of(reply);
  check_not_error(type, reply);
  if (type != "ready") throw InputError("reply.type", "expected \"ready\" in answer to start, got \"" + type + "\"");
}

Decision decision_from_reply(const Json& reply, const State& state) {
  const std::string type = type_of(reply);
  check_not_error(type, reply);
  if (type != "action") throw InputError("reply.type", "expected \"action\" in answer to decide, got \"" + type + "\"");
  if (!reply.contains("action")) throw InputError("reply.action", "missing");
  Decision d;
  d.actions = state.legal_actions();
  d.chosen = legal_named(state, reply["action"], "reply.action");
  if (reply.contains("probabilities")) {
    d.probabilities = per_action(reply["probabilities"], state, d.actions, "reply.probabilities", 0.0);
    double sum = 0;
    for (size_t i = 0; i < d.probabilities.size(); ++i) {
      if (d.probabilities[i] < 0)
        throw InputError("reply.probabilities." + state.action_name(d.actions[i]), "a probability is at least 0");
      sum += d.probabilities[i];
    }
    if (std::abs(sum - 1.0) > 1e-6)
      throw InputError("reply.probabilities", "the probabilities sum to " + std::to_string(sum) + ", not 1");
  } else {
    d.probabilities.assign(d.actions.size(), 0.0);
    for (size_t i = 0; i < d.actions.size(); ++i)
      if (d.actions[i] == d.chosen) d.probabilities[i] = 1.0;
  }
  if (reply.contains("values")) {
    d.scores = per_action(reply["values"], state, d.actions, "reply.values", NAN);
    for (size_t i = 0; i < d.scores.size(); ++i)
      if (std::isnan(d.scores[i]))
        throw InputError("reply.values",
                         "no value for " + state.action_name(d.actions[i]) + " (give every legal action one)");
    d.score_label = "the agent's value";
  }
  if (reply.contains("value")) {
    if (!reply["value"].is_number() || !std::isfinite(reply["value"].get<double>()))
      throw InputError("reply.value", "expected a finite number");
    d.value = reply["value"].get<double>();
  }
  if (reply.contains("note")) {
    if (!reply["note"].is_string()) throw InputError("reply.note", "expected a string");
    d.note = reply["note"].get<std::string>();
  }
  if (reply.contains("drawings")) d.drawings = drawings_from_json(reply["drawings"], state, "reply.drawings");
  return d;
}

}  // namespace pg::agent_protocol
