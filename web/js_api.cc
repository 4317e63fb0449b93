// The game's functions behind window.playground (web/page/api.mjs), for embedding pages and for the browser
// tests: stepping, loading, agents, policy files, traces, the page's look and messages. They go through App's
// methods. Strings cross as UTF-8; each function returns JSON that stays valid until the next call
// (web/js_reply.h). What the tests read of the page's ImGui windows is in web/js_api_introspection.cc.
#include <emscripten.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/moment_words.h"
#include "engine/core/policy_store.h"
#include "engine/core/text.h"
#include "engine/core/url_config.h"
#include "engine/core/worker_agent.h"
#include "engine/nn/network_agent.h"
#include "engine/nn/network_policies.h"
#include "engine/nn/policy_file.h"
#include "web/app.h"
#include "web/js_reply.h"
#include "web/platform.h"
#include "web/views/board_view.h"

namespace {

using pg::web::js::error_reply;
using pg::web::js::guarded;
using pg::web::js::quiet_reply;
using pg::web::js::reply;

const char* summary() { return reply(pg::web::current_app()->session().summary()); }

// Runs one of the view's game-specific calls (board_view.h): its reply, or an error reply with `prefix`
// before the InputError's message.
template <typename F>
const char* view_call(const std::string& prefix, F&& f) {
  try {
    return reply(f(*pg::web::current_app()->view()));
  } catch (const pg::InputError& e) {
    return error_reply(prefix + e.what());
  }
}

// Seats a policy file the user chose (its bytes, or its JSON as text) through the open game's view. The
// message of a refusal starts with "policy file: " and is among the page's messages.
const char* load_policy(std::string_view bytes) {
  auto* app = pg::web::current_app();
  std::string refusal;
  try {
    return reply(app->view()->load_policy(*app, bytes));
  } catch (const pg::InputError& e) {
    refusal = std::string("policy file: ") + e.what();
  } catch (const pg::Json::exception& e) {
    refusal = std::string("policy file: ") + e.what();
  }
  app->error(refusal);
  return error_reply(refusal);
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* pg_state() { return summary(); }

EMSCRIPTEN_KEEPALIVE const char* pg_step() {
  return guarded("pg_step", [&]() -> const char* {
    auto* app = pg::web::current_app();
    const pg::StepResult r = app->step(pg::StepCause::kApi);
    static const char* names[] = {"replayed", "played", "waiting_human", "game_over", "declined", "thinking"};
    pg::Json j = app->session().summary();
    j["result"] = names[int(r)];
    if (r == pg::StepResult::kDeclined && app->session().decision()) j["note"] = app->session().decision()->note;
    return reply(j);
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_back() {
  return guarded("pg_back", [&]() -> const char* {
    pg::web::current_app()->back();
    return summary();
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_seek(int t) {
  return guarded("pg_seek", [&]() -> const char* {
    pg::web::current_app()->seek(size_t(t < 0 ? 0 : t));
    return summary();
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_reset(double seed) {
  return guarded("pg_reset", [&]() -> const char* {
    auto* app = pg::web::current_app();
    if (!(seed >= 0 && seed <= double(pg::kMaxSeed)) || seed != double(uint64_t(seed)))
      return error_reply("reset: the seed must be an integer from 0 to 2^53-1");
    app->reset(uint64_t(seed));
    return summary();
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_load(const char* game, const char* options_json) {
  return guarded("pg_load", [&]() -> const char* {
    auto* app = pg::web::current_app();
    pg::Json options = pg::Json::object();
    if (options_json && *options_json) {
      try {
        options = pg::parse_json_input(options_json, "options");
      } catch (const pg::InputError& e) {
        return error_reply(std::string("load: ") + e.what());
      }
    }
    if (const auto done = app->load_game(game, options); !done) return error_reply("load: " + done.error);
    return summary();
  });
}

// A link's moment in this module (the page starts another game's module with the link instead); with
// `hide_analysis`, without the solver's marks and values on the board until the next moment opens (a lesson's
// question waits for the student's move).
EMSCRIPTEN_KEEPALIVE const char* pg_open(const char* query, int hide_analysis) {
  return guarded("pg_open", [&]() -> const char* {
    auto* app = pg::web::current_app();
    app->cancel_thinking();
    const size_t step = app->open_moment(pg::parse_url_config(query));
    if (hide_analysis) app->analysis_hidden_at = step;
    return summary();
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_set_agents(const char* specs) {
  return guarded("pg_set_agents", [&]() -> const char* {
    auto* app = pg::web::current_app();
    try {
      app->cancel_thinking();  // the agents asked for replace those the worker thinks for
      app->session().set_agents(pg::split_list(specs, ','));
    } catch (const pg::PolicyUnavailable& e) {
      if (!e.loading()) return error_reply("agents: " + e.within("agents"));
      // Seated when the file arrives (the page's setAgents resolves then: web/page/seating.mjs).
      pg::Json j = app->session().summary();
      j["waiting_for"] = e.path();
      return reply(j);
    } catch (const pg::InputError& e) {
      return error_reply("agents: " + e.within("agents"));
    }
    return summary();
  });
}

// The agents asked for that wait for a file ([] when none), and the page's last error message.
EMSCRIPTEN_KEEPALIVE const char* pg_pending_agents() {
  return guarded("pg_pending_agents", [&]() -> const char* {
    auto* app = pg::web::current_app();
    std::string last_error;
    for (const auto& m : app->messages)
      if (m.error) last_error = m.text;
    pg::Json j = pg::Json::object();
    j["pending"] = app->session().pending_agents();
    j["last_error"] = last_error;
    return reply(j);
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_play(const char* action) {
  return guarded("pg_play", [&]() -> const char* {
    auto* app = pg::web::current_app();
    pg::Action a = 0;
    try {
      a = app->session().state().parse_action(action);
    } catch (const pg::InputError& e) {
      return error_reply(std::string("play: ") + e.what());
    }
    // As a click on the board: the agents then answer until a human is to move.
    if (const auto done = app->play_action(a); !done) return error_reply("play: " + done.error);
    return summary();
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_policy() {
  return guarded("pg_policy", [&]() -> const char* {
    auto& s = pg::web::current_app()->session();
    const pg::Decision* d = s.decision();
    if (!d && s.thinking()) {  // the page asks again when it has decided
      pg::Json thinking = pg::Json::object();
      thinking["thinking"] = true;
      return reply(thinking);
    }
    if (!d) return reply(nullptr);
    pg::Json j = d->to_json(s.state());
    j["agent"] = s.agent_specs()[size_t(s.state().current_player())];
    return reply(j);
  });
}

// What the board view shows beyond the decision (Kalah: exact values, the
// features inspector, blunders), or null.
EMSCRIPTEN_KEEPALIVE const char* pg_view() {
  return guarded("pg_view", [&]() -> const char* {
    auto* app = pg::web::current_app();
    return reply(app->view()->inspect(app->board_context(), app->session().episode()));
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_trace() { return reply(pg::web::current_app()->session().trace()); }

EMSCRIPTEN_KEEPALIVE const char* pg_import_trace(const char* text) {
  return guarded("pg_import_trace", [&]() -> const char* {
    auto* app = pg::web::current_app();
    if (const auto done = app->import_trace_text(text); !done) return error_reply(done.error);
    return summary();
  });
}

// Adds an error to the page's messages: the page's script reports inputs it refuses
// (over the size limit) this way, so they show like the engine's own errors.
EMSCRIPTEN_KEEPALIVE const char* pg_report_error(const char* text) {
  return guarded("pg_report_error", [&]() -> const char* {
    if (auto* app = pg::web::current_app()) app->error(text);
    return reply(nullptr);
  });
}

// The moment on screen in words (engine/core/moment_words.h), for the page's text mirror, with the page's
// messages and whether it is playing.
EMSCRIPTEN_KEEPALIVE const char* pg_words() {
  return guarded("pg_words", [&]() -> const char* {
    auto* app = pg::web::current_app();
    pg::Json j = pg::moment_in_words(app->session());
    // The view's words: its analysis of this moment, and its note on the step that led here (a blunder).
    const pg::Episode& e = app->session().episode();
    std::string note = e.cursor() > 0 ? app->view()->step_note(e, e.cursor() - 1) : "";
    while (!note.empty() && (note.back() == ';' || note.back() == ' ')) note.pop_back();
    if (!note.empty()) {
      // "blunder: +12 -> +2" as a sentence a screen reader reads well: "Blunder: +12 to +2."
      for (size_t at; (at = note.find(" -> ")) != std::string::npos;) note.replace(at, 4, " to ");
      note[0] = char(std::toupper(static_cast<unsigned char>(note[0])));
      j["last"] = j["last"].get<std::string>() + " " + note + ".";
      j["announcement"] = j["announcement"].get<std::string>() + " " + note + ".";
    }
    j["analysis"] = app->view()->analysis_words(app->board_context());
    pg::Json messages = pg::Json::array();
    for (const auto& m : app->messages) messages.push_back((m.error ? "Error: " : "") + m.text);
    j["messages"] = messages;
    j["playing"] = app->playing();
    return quiet_reply(j);
  });
}

// The page's look: {theme, scale, keyboardNav} (web/theme.h; App::keyboard_nav).
EMSCRIPTEN_KEEPALIVE const char* pg_look() {
  const auto* app = pg::web::current_app();
  pg::Json j = pg::Json::object();
  j["theme"] = pg::web::theme_name(app->theme);
  j["scale"] = app->ui_scale;
  j["keyboardNav"] = app->keyboard_nav;
  return reply(j);
}

// Changes what the object names, as the View menu does: theme ("dark", "light", "contrast"), scale (1 to 2),
// keyboardNav (true or false). The browser remembers the theme and the scale.
EMSCRIPTEN_KEEPALIVE const char* pg_set_look(const char* text) {
  return guarded("pg_set_look", [&]() -> const char* {
    auto* app = pg::web::current_app();
    pg::Json j;
    try {
      j = pg::parse_json_input(text, "setLook");
    } catch (const pg::InputError&) {
      j = nullptr;  // refused below
    }
    const auto theme = j.is_object() && j.contains("theme") && j["theme"].is_string()
                           ? pg::web::theme_from_name(j["theme"].get<std::string>())
                           : std::nullopt;
    const bool scale_ok = j.is_object() && j.contains("scale") && j["scale"].is_number() &&
                          j["scale"].get<double>() >= pg::web::App::kMinUiScale &&
                          j["scale"].get<double>() <= pg::web::App::kMaxUiScale;
    const bool nav_ok = j.is_object() && j.contains("keyboardNav") && j["keyboardNav"].is_boolean();
    const bool bad = !j.is_object() || (j.contains("theme") && !theme) || (j.contains("scale") && !scale_ok) ||
                     (j.contains("keyboardNav") && !nav_ok);
    if (bad)
      return error_reply(
          "setLook: expected {\"theme\": \"dark\" | \"light\" | \"contrast\", \"scale\": 1 to 2, "
          "\"keyboardNav\": true | false}");
    if (theme) app->choose_theme(*theme);
    if (scale_ok) app->choose_ui_scale(j["scale"].get<float>());
    if (nav_ok) app->set_keyboard_nav(j["keyboardNav"].get<bool>());
    pg::web::request_frames();
    return pg_look();
  });
}

// Information for the page's messages (web/page/links.mjs: whether a link was copied).
EMSCRIPTEN_KEEPALIVE const char* pg_report_info(const char* text) {
  return guarded("pg_report_info", [&]() -> const char* {
    if (auto* app = pg::web::current_app()) app->info(text);
    return reply(nullptr);
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_link() { return reply(pg::web::current_app()->link()); }

EMSCRIPTEN_KEEPALIVE const char* pg_messages() {
  return guarded("pg_messages", [&]() -> const char* {
    pg::Json out = pg::Json::array();
    for (const auto& m : pg::web::current_app()->messages) {
      pg::Json& entry = out.emplace_back(pg::Json::object());
      entry["text"] = m.text;
      entry["error"] = m.error;
    }
    return reply(out);
  });
}

// The open game's help as the page shows it: its rules, its options' and agents' descriptions, and whether
// the text catalogue has arrived (before that the catalogued texts are "").
EMSCRIPTEN_KEEPALIVE const char* pg_help() {
  return guarded("pg_help", [&]() -> const char* {
    const auto& session = pg::web::current_app()->session();
    pg::Json out = pg::Json::object();
    out["texts_loaded"] = pg::text_catalogue_loaded();
    out["rules"] = session.entry().rules.c_str();
    // Written field by field: nlohmann's initializer lists cost the page's download more.
    pg::Json& options = out["options"] = pg::Json::array();
    for (const auto& o : session.entry().options) {
      pg::Json& entry = options.emplace_back(pg::Json::object());
      entry["name"] = o.name;
      entry["help"] = o.help.c_str();
    }
    pg::Json& agents = out["agents"] = pg::Json::array();
    for (const auto& a : session.game().agents()) {
      pg::Json& entry = agents.emplace_back(pg::Json::object());
      entry["spec"] = a.spec;
      entry["help"] = a.help.c_str();
    }
    return reply(out);
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_targets() {
  return guarded("pg_targets", [&]() -> const char* {
    auto* app = pg::web::current_app();
    pg::Json out = pg::Json::array();
    const pg::State& state = app->session().state();
    for (const auto& t : app->view()->targets) {
      pg::Json& entry = out.emplace_back(pg::Json::object());
      entry["action"] = state.action_name(t.action);
      entry["x"] = t.x;
      entry["y"] = t.y;
    }
    return reply(out);
  });
}

// Where each of the board's places is on the canvas, as the agent's drawings use them: {"size", "places": [{name,
// x, y}]}; "places" is empty when the last frame did not draw this position's board.
EMSCRIPTEN_KEEPALIVE const char* pg_places() {
  return guarded("pg_places", [&]() -> const char* {
    auto* app = pg::web::current_app();
    const std::vector<std::string> names = app->session().state().place_names();
    const auto& drawn = app->view()->places;
    pg::Json out = pg::Json::object();
    out["size"] = app->view()->place_size;
    pg::Json& places = out["places"] = pg::Json::array();
    for (size_t i = 0; drawn.size() == names.size() && i < names.size(); ++i) {
      pg::Json& entry = places.emplace_back(pg::Json::object());
      entry["name"] = names[i];
      entry["x"] = drawn[i].x;
      entry["y"] = drawn[i].y;
    }
    return reply(out);
  });
}

EMSCRIPTEN_KEEPALIVE void pg_set_playing(int playing) {
  pg::web::current_app()->set_playing(playing != 0);
  pg::web::request_frames();
}

// The live trainer of the game that is open (Zuma, Kalah): {"command": "start" | "pause" | "reset" | "use" |
// "status", "settings": {...}}.
EMSCRIPTEN_KEEPALIVE const char* pg_train(const char* text) {
  return guarded("pg_train", [&]() -> const char* {
    pg::Json j;
    try {
      j = pg::parse_json_input(text, "train");
    } catch (const pg::InputError&) {
      j = nullptr;  // refused below
    }
    if (!j.is_object() || !j.contains("command") || !j["command"].is_string())
      return error_reply("train: expected {\"command\": \"start\" | \"pause\" | \"reset\" | \"use\" | \"status\"}");
    return view_call("train: ", [&](pg::web::BoardView& v) { return v.train(*pg::web::current_app(), j); });
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_trained_policy() {
  return guarded("pg_trained_policy", [&]() -> const char* {
    return view_call("", [&](pg::web::BoardView& v) { return v.trained_policy(); });
  });
}

// A policy file as JSON text, checked as JSON first (its depth and size, as every text the page is given).
EMSCRIPTEN_KEEPALIVE const char* pg_load_policy(const char* text) {
  return guarded("pg_load_policy", [&]() -> const char* {
    auto* app = pg::web::current_app();
    try {
      pg::parse_json_input(text, "");
    } catch (const pg::InputError& e) {
      const std::string refusal = std::string("policy file: ") + e.what();
      app->error(refusal);
      return error_reply(refusal);
    }
    return load_policy(text);
  });
}

// The open game's text editor's Apply (the Binary Game's pattern editor): {"applied": true} or
// {"applied": false, "errors": [...]} (each naming its line; nothing changes).
EMSCRIPTEN_KEEPALIVE const char* pg_apply_editor_text(const char* text) {
  return guarded("pg_apply_editor_text", [&]() -> const char* {
    return view_call("", [&](pg::web::BoardView& v) { return v.apply_editor_text(*pg::web::current_app(), text); });
  });
}

// The page's policy loader (web/page/policies.mjs): progress of a game's files, in bytes.
EMSCRIPTEN_KEEPALIVE void pg_policy_progress(const char* game, double loaded, double total) {
  if (auto* app = pg::web::current_app()) app->policy_progress(game, loaded, total);
  pg::web::request_frames();
}

// A policy file's bytes (a heap buffer the caller frees), by its path under policies/. A file in the policy
// format (RLPGPOLICY) is checked first (lengths, header, game = its folder, checksum): a refused file is not
// stored, its agents say why, and the page keeps the agents it has. Then the pending agents are seated.
EMSCRIPTEN_KEEPALIVE const char* pg_provide_policy(const char* path_text, const char* data, double size) {
  return guarded("pg_provide_policy", [&]() -> const char* {
    auto* app = pg::web::current_app();
    const std::string path = path_text;
    auto bytes = std::make_shared<const std::string>(data, size_t(size));
    if (bytes->substr(0, pg::nn::kPolicyMagic.size()) == pg::nn::kPolicyMagic) {
      try {
        pg::nn::network_policies().parse_arriving(path, bytes);  // kept: its agents parse it no more
      } catch (const pg::InputError& e) {
        pg::policy_file_failed(path, std::string("refused: ") + e.what());
        const std::string message = std::string("policy file refused: ") + e.what();
        app->error(message);
        app->policies_changed();
        return error_reply(message);
      }
    }
    pg::provide_policy_file(path, std::move(bytes));
    app->policies_changed();
    pg::Json j = pg::Json::object();
    j["path"] = path;
    j["bytes"] = size;
    return reply(j);
  });
}

// A policy file the page could not fetch: its agents say so, and the page keeps the agents it has.
// The text catalogue (texts.txt: the rules, help markers, agent and option descriptions), fetched by the
// page after it starts (engine/core/text.h). A refused catalogue is among the page's messages; the page
// goes on without its help texts.
EMSCRIPTEN_KEEPALIVE const char* pg_provide_texts(const char* json) {
  return guarded("pg_provide_texts", [&]() -> const char* {
    try {
      pg::provide_text_catalogue(json);
    } catch (const pg::InputError& e) {
      const std::string message = std::string("the page's help texts (texts.txt) were refused: ") + e.what();
      pg::web::current_app()->error(message);
      return error_reply(message);
    }
    return reply(nullptr);
  });
}

EMSCRIPTEN_KEEPALIVE const char* pg_policy_failed(const char* path, const char* message) {
  return guarded("pg_policy_failed", [&]() -> const char* {
    auto* app = pg::web::current_app();
    pg::policy_file_failed(path, message);
    app->error(std::string("policy file policies/") + path + " could not be loaded: " + message);
    app->policies_changed();
    return reply(nullptr);
  });
}

// The page's worker answered question `id` (engine/core/worker_agent.h): the reply is kept for the agent that
// asked, which takes it when the session asks it again; the page draws.
// Nothing here can fail but for memory, as any call's first allocation could: it replies null, unguarded.
EMSCRIPTEN_KEEPALIVE const char* pg_worker_reply(double id, const char* reply_text) {
  pg::provide_worker_reply(uint64_t(id), reply_text);
  pg::web::request_frames();
  return "null";
}

// The page's worker answered or stopped: a policy file it fetched may seat pending agents; the page draws.
EMSCRIPTEN_KEEPALIVE void pg_agents_changed() {
  if (auto* app = pg::web::current_app()) app->policies_changed();
  pg::web::request_frames();
}

// A policy file's bytes (a heap buffer the caller frees), seated like pg_load_policy.
EMSCRIPTEN_KEEPALIVE const char* pg_load_policy_bytes(const char* /*unused*/, const char* data, double size) {
  return guarded("pg_load_policy_bytes", [&]() -> const char* { return load_policy({data, size_t(size)}); });
}

namespace {
// The network agent to move (or seated for player 0 once the episode is over).
pg::nn::NetworkAgent* network_agent(int& player) {
  auto& s = pg::web::current_app()->session();
  player = std::max(0, s.state().current_player());
  return dynamic_cast<pg::nn::NetworkAgent*>(&s.agent(player).local());
}
}  // namespace

// Sets the temperature of the network agent to move, as the inspector's
// slider does (the seat's spec becomes "dqn:T").
EMSCRIPTEN_KEEPALIVE const char* pg_set_temperature(double t) {
  return guarded("pg_set_temperature", [&]() -> const char* {
    int player = 0;
    auto* agent = network_agent(player);
    if (!agent) return error_reply("setTemperature: the agent to move is not a network agent");
    if (!(t >= 0 && t <= pg::nn::NetworkAgent::kMaxTemperature))
      return error_reply("setTemperature: the temperature must be a number from 0 to 100");
    const std::string spec = t == 0 ? agent->base_spec() : agent->base_spec() + ":" + pg::Json(t).dump();
    auto* app = pg::web::current_app();
    if (const auto done = app->set_agent(player, spec); !done) return error_reply("setTemperature: " + done.error);
    return summary();
  });
}

// What the inspector's Network section shows for the agent to move (null
// when it is not a network agent): layers, observation, first activations.
EMSCRIPTEN_KEEPALIVE const char* pg_network() {
  return guarded("pg_network", [&]() -> const char* {
    int player = 0;
    auto* agent = network_agent(player);
    if (!agent) return reply(nullptr);
    try {
      return reply(agent->describe(pg::web::current_app()->session().state()));
    } catch (const pg::InputError& e) {
      return error_reply(std::string("network: ") + e.what());
    }
  });
}
}
