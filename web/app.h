// The page's application state: the session (engine side) plus what only the
// UI needs (playing, speed, which panels show, messages). Panels read it and
// return the user's intents through its methods.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/session.h"
#include "engine/core/step_controller.h"
#include "engine/core/url_config.h"
#include "engine/core/url_opening.h"
#include "web/theme.h"
#include "web/views/board_view.h"

namespace pg::web {

struct Message {
  std::string text;
  bool error = false;
  double shown_at = 0;
  bool until_seated = false;  // "an agent takes its seat when its file arrives": gone once it has
};

// The policy files of a game being fetched (web/page/policies.mjs reports progress).
struct PolicyDownload {
  std::string game;
  double loaded = 0, total = 0;  // bytes
  bool active = false;
};

struct PanelVisibility {
  bool setup = true, board = true, inspector = true, timeline = true, log = true;
};

// What an intent came to: done, or refused with the message the page shows (also among its messages).
struct Outcome {
  std::string error;  // empty when done
  explicit operator bool() const { return error.empty(); }
};

class App {
 public:
  explicit App(const UrlConfig& config);
  // Opens the moment a link's parameters name (game of this module, options, level, seed, agents, actions, step),
  // as the page's URL is opened: the page hears "opened" once its agents are seated and have played to its step.
  // Returns that step (where the agents are to play to, or the step shown).
  size_t open_moment(const UrlConfig& config);

  // Called once per frame before drawing: autoplay and agents' replies.
  void update(double now, double dt);
  void draw();
  // Keyboard shortcuts (SDL keycodes; `shift`: held with the key); ignored while a text field has focus.
  void on_key(int sdl_keycode, bool text_input_active, bool shift = false);

  // Intents (from panels, keys and the JavaScript API). Every step goes through step(cause)
  // (engine/core/step_controller.h), which handles each outcome for its cause.
  StepResult step(StepCause cause = StepCause::kUser);
  void back();
  void rewind();
  void new_episode();
  void reset(uint64_t seed);
  void seek(size_t t);
  void toggle_play();
  Outcome load_game(const std::string& name, const Json& options);
  // Refused also while a policy file the agent needs loads (it is seated when the file arrives).
  Outcome set_agent(int player, const std::string& spec);
  Outcome set_agents(const std::vector<std::string>& specs);
  Outcome play_action(Action action);  // a click on the board
  Outcome import_trace_text(const std::string& text);
  // Stops what the page's worker thinks about (stepping back, seeking, a new episode, new agents or game).
  void cancel_thinking();
  std::string export_trace_text() const;
  // The URL query of what is on screen: game, options, seed, agents, the episode's actions, the step shown,
  // embed mode and its panels, autoplay and speed.
  std::string link() const;
  // Policy files (engine/core/policy_store.h): the page fetches a game's files
  // when it is opened; meanwhile agents that need them are pending.
  void policy_progress(const std::string& game, double loaded, double total);
  // A file arrived or failed: seats the pending agents once they can be.
  void policies_changed();
  PolicyDownload policy_download;

  // True while the page changes by itself (playing, agents replying, an
  // information message due to go), so frames must keep coming even without
  // input. Not while the agent to move thinks in the page's worker: its reply,
  // pushed in (pg_worker_reply), asks for frames, and the main thread stays idle
  // meanwhile. A message on show needs no frames until it is due to go.
  bool animating(double now) {
    const bool moving = stepper_.stepping() && !session_.thinking();
    return moving || message_expired(now) || busy || policy_download.active || (view_ && view_->animating());
  }
  // A lesson's question waits for the student's move at this step: the board shows no solver marks or values
  // there (BoardContext::show_analysis). Cleared when another moment opens.
  std::optional<size_t> analysis_hidden_at;
  bool busy = false;  // set each frame by work split across frames (training)
  // The command line of the program the page's bridge runs (`playground connect`), "" while none is connected.
  std::string program_bridge;

  static constexpr double kInfoSeconds = 6.0;  // an information message shows this long; errors stay until closed
  bool message_expired(double now) const {
    return std::any_of(messages.begin(), messages.end(),
                       [&](const Message& m) { return !m.error && now - m.shown_at > kInfoSeconds; });
  }
  void error(const std::string& text);
  void info(const std::string& text, bool until_seated = false);
  Session& session() { return session_; }
  bool playing() const { return stepper_.playing(); }
  void set_playing(bool playing) { stepper_.set_playing(playing); }
  // The steps the JavaScript API has played or replayed since the page started: the frame sees how fast a
  // script (or a student's program, through its bridge) steps.
  size_t api_steps() const { return api_steps_; }
  double speed = 2.0;  // steps per second
  bool embed = false;
  bool show_help = false;
  bool show_agent_drawings = true;  // the deciding agent's own drawings over the board
  // The page's look: the URL's theme, else the reader's last choice, else the browser's (prefers-color-scheme,
  // prefers-contrast); the UI scale the reader chose (text and controls), else a larger one on touch screens.
  Theme theme = Theme::dark;
  float ui_scale = 1.0f;
  static constexpr float kMinUiScale = 1.0f, kMaxUiScale = 2.0f;
  void choose_theme(Theme chosen);    // remembered by the browser
  void choose_ui_scale(float scale);  // remembered by the browser
  float ui_scale_pending = 0;         // the Text size slider's value while it is dragged
  // ImGui's keyboard navigation (F6 turns it on and off): while on, the arrows, Space and Enter move between
  // and press the panels' controls instead of stepping the episode.
  bool keyboard_nav = false;
  void set_keyboard_nav(bool on) { keyboard_nav = on; }
  // F8 (Shift+F8): the keyboard goes to the next (previous) region, the menu bar or a panel, once keyboard
  // navigation is on (F8 turns it on).
  int region_step = 0;
  bool layout_dirty = true;
  // Phones and narrow windows (layout.cc): panels held in place, one of inspector, setup and log at a time.
  bool narrow_layout = false;
  std::string drawer_panel = "inspector";
  struct DrawerTab {
    std::string panel;
    float x, y, width, height;  // where its button is (CSS pixels), for tests and the JavaScript API
  };
  std::vector<DrawerTab> drawer_tabs;  // this frame's (none outside the narrow layout)
  // Panels without title bars, held in place: embedded, or in the narrow layout.
  bool fixed_panels() const { return embed || narrow_layout; }
  PanelVisibility panels;
  std::vector<std::string> shown_panels() const;  // by name (kPanelNames), in that order
  std::vector<Message> messages;
  BoardView* view() { return view_.get(); }
  // What the view draws from: the state at the cursor, its decision, ...
  BoardContext board_context(bool show_probabilities = true);

 private:
  void view_for_game();
  // The panels the URL names (url_config.h), or the defaults: all of them, or in embed mode board and timeline.
  void show_panels(const std::optional<std::vector<std::string>>& names);
  // Tells the page (browser::publish_event) when the step shown, the episode or the game has changed.
  void publish_changes();

  Session session_;
  StepController stepper_;
  size_t api_steps_ = 0;
  std::unique_ptr<BoardView> view_;
  std::string view_game_;
  bool named_panels_ = false;             // the URL named the panels (the link keeps them)
  std::optional<std::string> url_theme_;  // the URL named the theme (the link keeps it)
  std::string published_;                 // what publish_changes last told the page
  bool published_done_ = false;
  bool published_opened_ = false;  // the URL's opening has settled (App::update tells the page once)
  bool url_named_agents_ = false;  // the URL's `agents`: `ready` waits for them to be seated
};

}  // namespace pg::web
