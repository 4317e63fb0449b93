#include "engine/core/worker_agent.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <map>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"

namespace pg {

namespace {

WorkerAsk installed_ask = nullptr;
uint64_t last_question = 0;             // the id of the last question asked
uint64_t questions_dropped_before = 0;  // questions up to this id are dropped
uint64_t replies_provided = 0;
// To questions not dropped, until taken: a seat or two wait at a time, so a list (a map's code would be a
// few hundred bytes more of the page's download).
std::vector<std::pair<uint64_t, std::string>> replies;

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
  // Asked again while its question is pending, it is about the same position (any other drops the questions
  // first: drop_worker_questions): the reply, once provided, is taken without asking anything.
  Decision decide(const State& state, Rng& rng) override {
    const auto reply = question_.ask([&] {
      Json request = Json::object();
      request["game"] = game_;
      request["options"] = options_;
      request["agent"] = twin_->spec();
      request["state"] = state.to_json();
      request["rng"] = rng_to_json(rng);
      return request.dump();
    });
    if (!reply) return thinking_decision();
    return from_reply(*reply, state, rng);
  }

 private:
  static Decision from_reply(const std::string& reply_text, const State& state, Rng& rng) {
    try {
      const Json reply = parse_json_input(reply_text, "the worker's reply");
      if (reply.contains("error")) return declined_decision(text_field(reply, "error"));
      if (reply.contains("unavailable")) return declined_decision(text_field(reply, "message"));
      Decision d = Decision::from_json(reply.value("decision", Json::object()), state);
      rng = rng_from_json(reply.value("rng", Json()));
      return d;
    } catch (const InputError& e) {
      return declined_decision(std::string("the worker's reply: ") + e.what());
    }
  }

  std::string game_;
  Json options_;
  std::unique_ptr<Agent> twin_;
  PageQuestion question_;
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

Decision thinking_decision() {
  Decision d;
  d.thinking = true;
  return d;
}

bool PageQuestion::waiting() const { return pending_ && *pending_ > questions_dropped_before; }

std::optional<std::string> PageQuestion::take() {
  if (!waiting()) return std::nullopt;
  const auto it = std::find_if(replies.begin(), replies.end(), [&](const auto& r) { return r.first == *pending_; });
  if (it == replies.end()) return std::nullopt;
  std::string reply = std::move(it->second);
  replies.erase(it);
  pending_.reset();
  return reply;
}

std::optional<std::string> PageQuestion::send(const std::string& request) {
  const uint64_t id = ++last_question;
  auto reply = installed_ask ? installed_ask(id, request) : std::nullopt;
  if (!reply) pending_ = id;
  return reply;
}

void install_worker_ask(WorkerAsk ask) { installed_ask = ask; }
bool worker_ask_installed() { return installed_ask != nullptr; }

void provide_worker_reply(uint64_t id, std::string reply) {
  if (id <= questions_dropped_before || id > last_question) return;
  const auto it = std::find_if(replies.begin(), replies.end(), [&](const auto& r) { return r.first == id; });
  if (it != replies.end())
    it->second = std::move(reply);
  else
    replies.emplace_back(id, std::move(reply));
  ++replies_provided;
}

uint64_t worker_replies_provided() { return replies_provided; }

void drop_worker_questions() {
  questions_dropped_before = last_question;
  replies.clear();
}

bool uses_page_memory(std::string_view spec) {
  for (const std::string& part : {std::string(":live"), std::string(":uploaded"), std::string(":edited")}) {
    const size_t at = spec.find(part);
    if (at != std::string_view::npos && (at + part.size() == spec.size() || spec[at + part.size()] == ':')) return true;
  }
  return false;
}

std::unique_ptr<Agent> decide_in_worker(const Game& game, std::unique_ptr<Agent> agent) {
  // The page's program seat asks the page itself (bridged_program.h).
  const std::string spec = agent->spec();
  if (!installed_ask || agent->is_human() || spec == "random" || spec == "program" || uses_page_memory(spec))
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
