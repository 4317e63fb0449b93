#include "engine/core/offloaded_agent.h"

#include <cinttypes>
#include <cstdio>
#include <map>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"

namespace pg {

namespace {

OffloadedAgentFactory installed_factory = nullptr;
AgentModuleExchange installed_exchange = nullptr;

// Random streams cross as hex words: JSON numbers would lose bits in JavaScript.
Json rng_to_json(const Rng& rng) {
  Json words = Json::array();
  for (uint64_t w : rng.words().w) {
    char text[17];
    std::snprintf(text, sizeof text, "%016" PRIx64, w);
    words.push_back(text);
  }
  return words;
}

Rng rng_from_json(const Json& j) {
  Rng::Words words{};
  if (!j.is_array() || j.size() != 4) throw InputError("rng", "expected 4 hex words");
  for (size_t i = 0; i < 4; ++i) {
    const std::string text = j[i].is_string() ? j[i].get<std::string>() : "";
    char* end = nullptr;
    words.w[i] = std::strtoull(text.c_str(), &end, 16);
    if (text.size() != 16 || *end != '\0') throw InputError("rng[" + std::to_string(i) + "]", "expected 16 hex digits");
  }
  return Rng::from_words(words);
}

// Sends a request; nullopt while the agent module is loading (or in a build without one).
std::optional<Json> exchange(const Json& request) {
  if (!installed_exchange) return std::nullopt;
  const auto reply = installed_exchange(request.dump());
  if (!reply) return std::nullopt;
  return parse_json_input(*reply, "the agent module's reply");
}

// A request's first fields, built field by field (initializer lists cost the page's download more).
Json request(const char* op, int id) {
  Json j = Json::object();
  j["op"] = op;
  j["id"] = id;
  return j;
}

std::string reply_text(const Json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// An agent that lives in the agent module under `id`.
class RemoteAgent : public Agent {
 public:
  RemoteAgent(int id, std::string spec) : id_(id), spec_(std::move(spec)) {}
  ~RemoteAgent() override {
    try {
      exchange(request("drop", id_));
    } catch (...) {  // the module's memory is all it would leak
    }
  }
  std::string spec() const override { return spec_; }
  Decision decide(const State& state, Rng& rng) override {
    Json r = request("decide", id_);
    r["state"] = state.to_json();
    r["rng"] = rng_to_json(rng);
    const auto reply = exchange(r);
    if (!reply) return declined_decision("the agent module is not loaded");
    if (reply->contains("error")) return declined_decision(reply_text(*reply, "error"));
    try {
      Decision d = Decision::from_json(reply->value("decision", Json::object()), state);
      rng = rng_from_json(reply->value("rng", Json()));
      return d;
    } catch (const InputError& e) {
      return declined_decision(std::string("the agent module's reply: ") + e.what());
    }
  }

 private:
  int id_;
  std::string spec_;
};

// The agent module's agents by id, with the game each was made for.
struct Hosted {
  std::shared_ptr<const Game> game;
  std::unique_ptr<Agent> agent;
};

std::map<int, Hosted>& hosted() {
  static std::map<int, Hosted> agents;
  return agents;
}

Json answer(const Json& request) {
  const std::string op = reply_text(request, "op");
  const int id = request.value("id", -1);
  if (op == "make") {
    try {
      auto game = make_game(reply_text(request, "game"), request.value("options", Json::object()));
      auto agent = make_agent(*game, reply_text(request, "agent"));
      const std::string spec = agent->spec();
      hosted()[id] = {std::move(game), std::move(agent)};
      return {{"spec", spec}};
    } catch (const PolicyUnavailable& e) {
      return {{"unavailable", e.path()}, {"loading", e.loading()}, {"message", e.what()}};
    }
  }
  if (op == "decide") {
    Rng rng = rng_from_json(request.value("rng", Json()));
    const auto it = hosted().find(id);
    if (it == hosted().end()) throw InputError("agent module", "no agent " + std::to_string(id));
    const auto state = it->second.game->state_from_json(request.value("state", Json()));
    const Decision d = it->second.agent->decide(*state, rng);
    return {{"decision", d.to_json(*state)}, {"rng", rng_to_json(rng)}};
  }
  if (op == "drop") {
    hosted().erase(id);
    return Json::object();
  }
  throw InputError("agent module", "unknown request '" + op + "'");
}

}  // namespace

void install_offloaded_agent_factory(OffloadedAgentFactory factory) { installed_factory = factory; }
OffloadedAgentFactory installed_offloaded_agent_factory() { return installed_factory; }
void install_agent_module_exchange(AgentModuleExchange exchange) { installed_exchange = exchange; }

std::unique_ptr<Agent> make_offloaded_agent(const Game& game, std::string_view spec) {
  if (installed_factory) return installed_factory(game, spec);
  static int next_id = 0;
  const int id = ++next_id;
  const std::string name(spec);
  Json r = request("make", id);
  r["game"] = game.name();
  r["options"] = game.options();
  r["agent"] = name;
  const auto reply = exchange(r);
  if (!reply) throw PolicyUnavailable("agents.wasm", "agent '" + name + "': the agent module is still loading", true);
  const std::string path = reply_text(*reply, "unavailable");
  if (!path.empty()) throw PolicyUnavailable(path, reply_text(*reply, "message"), reply->value("loading", false));
  if (reply->contains("error")) throw InputError("", reply_text(*reply, "error"));  // it names the agent
  if (reply->contains("module_error")) throw InputError("agent '" + name + "'", reply_text(*reply, "module_error"));
  return std::make_unique<RemoteAgent>(id, reply_text(*reply, "spec"));
}

std::string answer_agent_module_request(std::string_view request) {
  try {
    return answer(parse_json_input(request, "request")).dump();
  } catch (const std::exception& e) {
    return Json{{"error", e.what()}}.dump();
  }
}

}  // namespace pg
