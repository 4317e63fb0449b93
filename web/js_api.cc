// The functions behind window.playground (see shell.html): for embedding
// pages and for the browser tests. Strings cross as UTF-8; each function
// returns JSON that stays valid until the next call.
#include <emscripten.h>

#include <string>

#include "engine/core/error.h"
#include "web/app.h"

namespace pg::web {
App* current_app();
}

namespace {

std::string g_result;

const char* reply(const pg::Json& j) {
  g_result = j.dump();
  return g_result.c_str();
}

const char* summary() { return reply(pg::web::current_app()->session().summary()); }

const char* error_reply(const std::string& message) { return reply({{"error", message}}); }

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* pg_state() { return summary(); }

EMSCRIPTEN_KEEPALIVE const char* pg_step() {
  auto* app = pg::web::current_app();
  const pg::StepResult r = app->session().step();
  static const char* names[] = {"replayed", "played", "waiting_human", "game_over"};
  pg::Json j = app->session().summary();
  j["result"] = names[int(r)];
  return reply(j);
}

EMSCRIPTEN_KEEPALIVE const char* pg_back() {
  pg::web::current_app()->back();
  return summary();
}

EMSCRIPTEN_KEEPALIVE const char* pg_seek(int t) {
  pg::web::current_app()->seek(size_t(t < 0 ? 0 : t));
  return summary();
}

EMSCRIPTEN_KEEPALIVE const char* pg_reset(double seed) {
  auto* app = pg::web::current_app();
  if (!(seed >= 0 && seed <= double(pg::kMaxSeed)) || seed != double(uint64_t(seed)))
    return error_reply("reset: the seed must be an integer from 0 to 2^53-1");
  app->reset(uint64_t(seed));
  return summary();
}

EMSCRIPTEN_KEEPALIVE const char* pg_load(const char* game, const char* options_json) {
  auto* app = pg::web::current_app();
  pg::Json options = pg::Json::object();
  if (options_json && *options_json) {
    try {
      options = pg::Json::parse(options_json);
    } catch (const pg::Json::parse_error& e) {
      return error_reply(std::string("load: options are not valid JSON: ") + e.what());
    }
  }
  if (!app->load_game(game, options)) return error_reply("load: " + app->messages.back().text);
  return summary();
}

EMSCRIPTEN_KEEPALIVE const char* pg_set_agents(const char* specs) {
  auto* app = pg::web::current_app();
  try {
    app->session().set_agents(pg::split_list(specs, ','));
  } catch (const pg::InputError& e) {
    return error_reply(std::string("agents: ") + e.what());
  }
  return summary();
}

EMSCRIPTEN_KEEPALIVE const char* pg_play(const char* action) {
  auto* app = pg::web::current_app();
  pg::Action a = 0;
  try {
    a = app->session().state().parse_action(action);
  } catch (const pg::InputError& e) {
    return error_reply(std::string("play: ") + e.what());
  }
  // As a click on the board: the agents then answer until a human is to move.
  if (!app->play_action(a)) return error_reply("play: " + app->messages.back().text);
  return summary();
}

EMSCRIPTEN_KEEPALIVE const char* pg_policy() {
  auto& s = pg::web::current_app()->session();
  const pg::Decision* d = s.decision();
  if (!d) return reply(nullptr);
  pg::Json j = d->to_json(s.state());
  j["agent"] = s.agent_specs()[size_t(s.state().current_player())];
  return reply(j);
}

EMSCRIPTEN_KEEPALIVE const char* pg_trace() { return reply(pg::web::current_app()->session().trace()); }

EMSCRIPTEN_KEEPALIVE const char* pg_import_trace(const char* text) {
  auto* app = pg::web::current_app();
  if (!app->import_trace_text(text)) return error_reply(app->messages.back().text);
  return summary();
}

EMSCRIPTEN_KEEPALIVE const char* pg_link() { return reply(pg::web::current_app()->link()); }

EMSCRIPTEN_KEEPALIVE const char* pg_messages() {
  pg::Json out = pg::Json::array();
  for (const auto& m : pg::web::current_app()->messages) out.push_back({{"text", m.text}, {"error", m.error}});
  return reply(out);
}

EMSCRIPTEN_KEEPALIVE const char* pg_targets() {
  auto* app = pg::web::current_app();
  pg::Json out = pg::Json::array();
  const pg::State& state = app->session().state();
  for (const auto& t : app->view()->targets)
    out.push_back({{"action", state.action_name(t.action)}, {"x", t.x}, {"y", t.y}});
  return reply(out);
}

EMSCRIPTEN_KEEPALIVE void pg_set_playing(int playing) { pg::web::current_app()->playing = playing != 0; }
}
