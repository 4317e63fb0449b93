#include "web/app.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/policy_store.h"
#include "web/browser.h"
#include "web/platform.h"

namespace pg::web {

namespace {
// This module has the game's code (each page module carries one game: engine/games/games.cc).
bool carries_game(const std::string& name) {
  return std::any_of(game_registry().begin(), game_registry().end(),
                     [&](const GameEntry& e) { return e.name == name; });
}
}  // namespace

App::App(const UrlConfig& config) : stepper_(session_, [this](const std::string& text) { info(text); }) {
  embed = config.embed;
  speed = config.speed;
  show_panels(config.panels);
  url_theme_ = config.theme;
  theme = theme_from_name(config.theme.value_or(browser::preference("theme"))).value_or(Theme::dark);
  const double scale = std::atof(browser::preference("scale").c_str());
  ui_scale = float(std::clamp(scale > 0 ? scale : 1.0, double(kMinUiScale), double(kMaxUiScale)));
  open_moment(config);
}

size_t App::open_moment(const UrlConfig& config) {
  for (const auto& w : config.warnings) error(w);
  // The page (web/page/modules.mjs) starts the module of the URL's game; any other game is not in this module.
  const std::string game = config.game && carries_game(*config.game) ? *config.game : "";
  const UrlOpening opening = open_url_config(session_, config, game);
  for (const auto& m : opening.messages) (m.error ? error(m.text) : info(m.text, true));  // info: an agent waits
  stepper_.stop();  // the agents' answer to a human's move in the moment before is not this moment's
  stepper_.set_playing(config.autoplay);
  stepper_.play_to(opening.play_to_step);
  url_named_agents_ = config.agents.has_value();
  published_opened_ = false;
  analysis_hidden_at.reset();
  view_for_game();
  return opening.play_to_step.value_or(session_.episode().cursor());
}

void App::choose_theme(Theme chosen) {
  theme = chosen;
  url_theme_.reset();
  browser::set_preference("theme", theme_name(theme));
}

void App::choose_ui_scale(float scale) {
  ui_scale = std::clamp(scale, kMinUiScale, kMaxUiScale);
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", double(ui_scale));
  browser::set_preference("scale", text);
}

void App::show_panels(const std::optional<std::vector<std::string>>& names) {
  named_panels_ = names.has_value();
  if (!names) {
    panels = PanelVisibility{};
    if (embed) panels.setup = panels.inspector = panels.log = false;
    return;
  }
  const auto on = [&](const char* name) { return std::find(names->begin(), names->end(), name) != names->end(); };
  panels = PanelVisibility{on("setup"), on("board"), on("inspector"), on("timeline"), on("log")};
}

void App::view_for_game() {
  // The same game keeps its view (its toggles and windows, and the view may
  // itself be the caller, e.g. Zuma's scenario editor applying a scenario).
  if (view_ && view_game_ == session_.entry().name) return;
  view_game_ = session_.entry().name;
  view_ = make_board_view(view_game_);
}

void App::policy_progress(const std::string& game, double loaded, double total) {
  policy_download = {game, loaded, total, loaded < total};
}

void App::policies_changed() {
  if (session_.pending_agents().empty()) return;
  try {
    session_.seat_pending();  // quietly: the agents asked for take their seats
  } catch (const InputError& e) {
    error(std::string(e.what()) + "; the current agents stay");
  }
  if (session_.pending_agents().empty()) std::erase_if(messages, [](const Message& m) { return m.until_seated; });
}

// A message is timed from when it is shown, which may be long after the last frame (a JavaScript call to an
// idle page), hence the clock rather than the last frame's time.
void App::error(const std::string& text) {
  messages.push_back({text, true, clock_seconds()});
  Json error = Json::object();
  error["message"] = text;
  browser::publish_event("error", error.dump());
}
void App::info(const std::string& text, bool until_seated) {
  messages.push_back({text, false, clock_seconds(), until_seated});
}

void App::update(double now, double dt) {
  std::erase_if(messages, [&](const Message& m) { return !m.error && now - m.shown_at > kInfoSeconds; });
  stepper_.update(dt, speed);
  publish_changes();
  // The moment the URL asked for is on screen: the agents it names seated (their files arrived or failed; the
  // game's own defaults may still have a stand-in) and its step reached (or where the episode stopped, the
  // default agents seated first). The page's `ready` waits for this.
  const bool seated = !url_named_agents_ || session_.pending_agents().empty();
  if (!published_opened_ && seated && !stepper_.reaching_link_step()) {
    published_opened_ = true;
    browser::publish_event("opened", "{}");
  }
}

void App::publish_changes() {
  const Episode& e = session_.episode();
  const std::string shown = session_.entry().name + " " + std::to_string(session_.seed()) + " " +
                            std::to_string(e.cursor()) + " " + std::to_string(e.length());
  if (shown == published_) return;
  published_ = shown;
  Json detail = session_.summary();
  detail.erase("state");
  detail.erase("options");
  if (e.cursor() > 0) {  // the step that led here: who played it and, for an agent, its decision
    const EpisodeStep& last = e.step(e.cursor() - 1);
    detail["last_action"] = last.action_name;
    detail["last_player"] = last.player;
    detail["last_agent"] = last.agent;
    if (last.decision) detail["last_decision"] = last.decision->to_json(e.state_at(e.cursor() - 1));
  }
  browser::publish_event("step", detail.dump());
  const bool done = session_.state().is_terminal();
  if (done && !published_done_) {
    Json end = Json::object();
    end["returns"] = detail["returns"];
    browser::publish_event("done", end.dump());
  }
  published_done_ = done;
}

StepResult App::step(StepCause cause) {
  const StepResult r = stepper_.step(cause);
  if (cause == StepCause::kApi && (r == StepResult::kPlayed || r == StepResult::kReplayed)) ++api_steps_;
  return r;
}

BoardContext App::board_context(bool show_probabilities) {
  const Episode& e = session_.episode();
  const EpisodeStep* last = e.cursor() > 0 ? &e.step(e.cursor() - 1) : nullptr;
  const Decision* d = session_.decision();
  const int p = session_.state().current_player();
  return BoardContext{session_.game(),
                      session_.state(),
                      last,
                      d,
                      session_.awaiting_move(),
                      show_probabilities,
                      p >= 0 ? session_.agent_specs()[size_t(p)] : std::string(),
                      analysis_hidden_at != e.cursor()};
}

void App::cancel_thinking() {
  stepper_.cancel();  // the user has moved on from a step asked and from the link's step
  browser::cancel_thinking();
  session_.drop_questions();  // asked anew, of a new worker
}

void App::back() {
  stepper_.stop();
  cancel_thinking();
  session_.back();
}

void App::rewind() {
  stepper_.stop();
  cancel_thinking();
  session_.seek(0);
}

void App::seek(size_t t) {
  stepper_.stop_replying();
  if (t != session_.episode().cursor()) cancel_thinking();
  session_.seek(t);
}

void App::new_episode() { reset(session_.seed() + 1); }

void App::reset(uint64_t seed) {
  try {
    cancel_thinking();
    session_.reset(seed);
    stepper_.stop_replying();
  } catch (const InputError& e) {
    error(e.what());
  }
}

void App::toggle_play() {
  if (!playing() && session_.state().is_terminal() && session_.episode().cursor() == session_.episode().length())
    session_.seek(0);  // play again from the start
  stepper_.set_playing(!playing());
}

Outcome App::load_game(const std::string& name, const Json& options) {
  const bool carried = carries_game(name);
  const bool known =
      std::any_of(game_directory().begin(), game_directory().end(), [&](const GameInfo& g) { return g.name == name; });
  if (!carried && known) {
    browser::open_game(name, options.dump());  // another module carries it: the page switches
    return {};
  }

  // Opening a game (again) fetches its files that failed before: until they arrive or fail again, the
  // agents that need them wait with a stand-in instead of being refused.
  forget_policy_failures(name + "/");
  try {
    session_.load(name, options);
  } catch (const InputError& e) {
    error(e.what());
    return {e.what()};
  }
  cancel_thinking();
  stepper_.stop();
  view_for_game();
  layout_dirty = true;
  return {};
}

namespace {
// Seats agents through `seat`, reporting why not: a file still loading is
// information (the agent is seated when it arrives), anything else an error.
template <class Seat>
Outcome seat_reporting(App& app, Seat&& seat) {
  try {
    seat();
    return {};
  } catch (const PolicyUnavailable& e) {
    if (!e.loading()) {
      app.error(e.what());
      return {e.what()};
    }
    const std::string text = std::string(e.what()) + ": seated when it arrives";
    app.info(text, true);
    return {text};
  } catch (const InputError& e) {
    app.error(e.what());
    return {e.what()};
  }
}
}  // namespace

Outcome App::set_agents(const std::vector<std::string>& specs) {
  cancel_thinking();
  return seat_reporting(*this, [&] { session_.set_agents(specs); });
}

Outcome App::set_agent(int player, const std::string& spec) {
  cancel_thinking();
  return seat_reporting(*this, [&] { session_.set_agent(player, spec); });
}

Outcome App::play_action(Action action) {
  try {
    session_.play(action);
  } catch (const InputError& e) {
    error(e.what());
    return {e.what()};
  }
  cancel_thinking();          // a move was played: what the agent thought about is gone
  stepper_.reply_to_human();  // the agents answer until it is a human's turn again
  return {};
}

Outcome App::import_trace_text(const std::string& text) {
  try {
    const Json j = parse_json_input(text, "trace");
    const std::string before = session_.entry().name;
    session_.import_trace(j);
    cancel_thinking();
    if (session_.entry().name != before) view_for_game();
    stepper_.stop();
    info("Trace imported: " + std::to_string(session_.episode().length()) + " steps.");
    return {};
  } catch (const InputError& e) {
    const std::string refusal = std::string("Import failed, nothing changed. ") + e.what();
    error(refusal);
    return {refusal};
  }
}

std::string App::export_trace_text() const { return session_.trace().dump(2); }

std::vector<std::string> App::shown_panels() const {
  const bool shown[] = {panels.board, panels.inspector, panels.timeline, panels.log, panels.setup};  // kPanelNames
  std::vector<std::string> names;
  for (size_t i = 0; i < std::size(shown); ++i)
    if (shown[i]) names.push_back(kPanelNames[i]);
  return names;
}

namespace {
// The episode's actions (all of them, so that a step back keeps what follows) and, unless it is the end, the
// step shown.
std::string episode_query(const Session& s) {
  const Episode& e = s.episode();
  if (e.length() == 0) return "";
  const char separator = action_list_separator(s.game(), s.seed());
  std::string actions;
  for (size_t i = 0; i < e.length(); ++i) actions += (i ? std::string(1, separator) : "") + e.step(i).action_name;
  std::string q = "&actions=" + url_encode(actions);
  if (e.cursor() != e.length()) q += "&step=" + std::to_string(e.cursor());
  return q;
}
}  // namespace

std::string App::link() const {
  const Session& s = session_;
  std::string agents;
  for (const auto& a : s.agent_specs()) agents += (agents.empty() ? "" : ",") + a;
  std::string q =
      "?game=" + url_encode(s.entry().name) + "&seed=" + std::to_string(s.seed()) + "&agents=" + url_encode(agents);
  const Json defaults = s.entry().create(Json::object())->options();
  if (s.game().options() != defaults) {
    // A built-in level as the page numbers it and a teacher writes it ("level=teaching:3"), else the options.
    const std::string level = s.entry().level_name ? s.entry().level_name(s.game().options()) : "";
    q += level.empty() ? "&options=" + url_encode(s.game().options().dump()) : "&level=" + url_encode(level);
  }
  q += episode_query(s);
  if (embed) q += "&embed=1";
  if (named_panels_) {
    std::string names;
    for (const auto& name : shown_panels()) names += (names.empty() ? "" : ",") + name;
    q += "&panels=" + url_encode(names);
  }
  if (url_theme_) q += "&theme=" + *url_theme_;
  if (playing()) q += "&autoplay=1";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", speed);
  if (speed != 2.0) q += std::string("&speed=") + buf;
  return q;
}

void App::on_key(int key, bool text_input_active, bool shift) {
  if (text_input_active) return;
  if (key == SDLK_F6) {
    keyboard_nav = !keyboard_nav;
    return;
  }
  if (key == SDLK_F8) {
    keyboard_nav = true;
    region_step = shift ? -1 : 1;
    return;
  }
  if (keyboard_nav) return;  // the keys move between the panels' controls (ImGui's navigation)
  if (view_ && session_.awaiting_move()) {
    if (const auto action = view_->key_action(key, board_context())) {
      play_action(*action);
      return;
    }
  }
  switch (key) {
    case SDLK_SPACE: toggle_play(); break;
    case SDLK_RIGHT:
      set_playing(false);
      step(StepCause::kUser);
      break;
    case SDLK_LEFT: back(); break;
    case SDLK_HOME: rewind(); break;
    case SDLK_END: seek(session_.episode().length()); break;
    case SDLK_r: rewind(); break;
    case SDLK_n: new_episode(); break;
    case SDLK_h: show_help = !show_help; break;
    case SDLK_ESCAPE: show_help = false; break;
    default: break;
  }
}

}  // namespace pg::web
