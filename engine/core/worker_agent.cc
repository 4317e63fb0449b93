#include "engine/core/worker_agent.h"

#include <cinttypes>
#include <cstdio>
#include <map>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"

namespace pg {

namespace {

WorkerExchange installed_exchange = nullptr;

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

std::string text_field(const Json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// An agent whose decisions the worker makes. Its local twin (the same spec, built here) answers spec() and
// local(): the inspector reads it, and building it checked the spec and the files it needs.
class WorkerAgent : public Agent {
 public:
  WorkerAgent(const Game& game, std::unique_ptr<Agent> twin)
      : game_(game.name()), options_(game.options()), twin_(std::move(twin)) {}
  std::string spec() const override { return twin_->spec(); }
  Agent& local() override { return twin_->local(); }
  Decision decide(const State& state, Rng& rng) override {
    Json request = Json::object();
    request["game"] = game_;
    request["options"] = options_;
    request["agent"] = twin_->spec();
    request["state"] = state.to_json();
    request["rng"] = rng_to_json(rng);
    const auto reply_text = installed_exchange ? installed_exchange(request.dump()) : std::nullopt;
    if (!reply_text) {
      Decision thinking;
      thinking.thinking = true;
      return thinking;
    }
    try {
      const Json reply = parse_json_input(*reply_text, "the worker's reply");
      if (reply.contains("error")) return declined_decision(text_field(reply, "error"));
      if (reply.contains("unavailable")) return declined_decision(text_field(reply, "message"));
      Decision d = Decision::from_json(reply.value("decision", Json::object()), state);
      rng = rng_from_json(reply.value("rng", Json()));
      return d;
    } catch (const InputError& e) {
      return declined_decision(std::string("the worker's reply: ") + e.what());
    }
  }

 private:
  std::string game_;
  Json options_;
  std::unique_ptr<Agent> twin_;
};

// The worker's agents, by game, options and spec, with the game each was made for.
struct Hosted {
  std::shared_ptr<const Game> game;
  std::unique_ptr<Agent> agent;
};

Json answer(const Json& request) {
  const std::string game_name = text_field(request, "game");
  const std::string spec = text_field(request, "agent");
  const Json options = request.value("options", Json::object());
  static std::map<std::string, Hosted> hosted;
  const std::string key = game_name + "\n" + options.dump() + "\n" + spec;
  auto it = hosted.find(key);
  if (it == hosted.end()) {
    try {
      auto game = make_game(game_name, options);
      auto agent = make_agent(*game, spec);
      it = hosted.emplace(key, Hosted{std::move(game), std::move(agent)}).first;
    } catch (const PolicyUnavailable& e) {
      Json reply = Json::object();
      reply["unavailable"] = e.path();
      reply["loading"] = e.loading();
      reply["message"] = e.what();
      return reply;
    }
  }
  Rng rng = rng_from_json(request.value("rng", Json()));
  const auto state = it->second.game->state_from_json(request.value("state", Json()));
  const Decision d = it->second.agent->decide(*state, rng);
  Json reply = Json::object();
  reply["decision"] = d.to_json(*state);
  reply["rng"] = rng_to_json(rng);
  return reply;
}

}  // namespace

void install_worker_exchange(WorkerExchange exchange) { installed_exchange = exchange; }

bool uses_page_memory(std::string_view spec) {
  for (const std::string& part : {std::string(":live"), std::string(":uploaded"), std::string(":edited")}) {
    const size_t at = spec.find(part);
    if (at != std::string_view::npos && (at + part.size() == spec.size() || spec[at + part.size()] == ':')) return true;
  }
  return false;
}

std::unique_ptr<Agent> decide_in_worker(const Game& game, std::unique_ptr<Agent> agent) {
  if (!installed_exchange || agent->is_human() || agent->spec() == "random" || uses_page_memory(agent->spec()))
    return agent;
  return std::make_unique<WorkerAgent>(game, std::move(agent));
}

std::string answer_worker_request(std::string_view request) {
  try {
    return answer(parse_json_input(request, "request")).dump();
  } catch (const std::exception& e) {
    Json reply = Json::object();
    reply["error"] = e.what();
    return reply.dump();
  }
}

}  // namespace pg
