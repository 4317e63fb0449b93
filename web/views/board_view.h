// How a game is drawn. Each game has one view (views/<game>_view.cc) that
// draws its board with ImGui draw lists and returns the action a click asks
// for. Views read the engine's state; they never change it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/game.h"
#include "web/views/live_trainer.h"

struct ImDrawList;

namespace pg::web {

class App;

struct BoardContext {
  const Game& game;
  const State& state;
  const EpisodeStep* last_step = nullptr;  // the step that led to `state`, if any
  const Decision* decision = nullptr;      // the deciding agent's output, if any
  bool human_to_move = false;
  bool show_probabilities = true;  // the agent's distribution on the board
  std::string agent;               // the spec of the agent to move ("" when the game is over)
  // The solver's marks and values and other hints at the best move: hidden while a lesson's student chooses
  // a move (App::analysis_hidden).
  bool show_analysis = true;
};

// Where a legal action can be clicked, in window coordinates (CSS pixels).
struct ClickTarget {
  Action action;
  float x, y;
};

// Where one of the state's places (State::place_names) is on the board, in window coordinates.
struct PlacePoint {
  float x, y;
};

class BoardView {
 public:
  virtual ~BoardView() = default;
  // The click targets of the last frame drawn (for the JavaScript API and the
  // browser tests, which click them like a user).
  std::vector<ClickTarget> targets;
  // Where each of the state's places was in the last frame drawn, in State::place_names' order, and the size of
  // one place: the agent's drawings go there (the Board panel draws them over the view's board).
  std::vector<PlacePoint> places;
  float place_size = 0;
  // Draws into the current ImGui window's remaining content region; returns
  // the action the user clicked (only when a human is to move).
  virtual std::optional<Action> draw(const BoardContext& context) = 0;
  // The move a key plays when a human is to move (Sokoban: arrow keys and
  // WASD), asked before the page's own shortcuts; nothing for other keys.
  virtual std::optional<Action> key_action(int /*sdl_keycode*/, const BoardContext& /*context*/) {
    return std::nullopt;
  }
  // The game's debug toggles, shown in the inspector.
  virtual void draw_debug_toggles() = 0;
  // A one-line legend of the debug drawings, shown under the board.
  virtual std::string legend() const = 0;
  // True while the view animates (e.g. a chain reaction being shown), so the
  // page keeps drawing frames.
  virtual bool animating() const { return false; }
  // Windows only this game has (Zuma's scenario editor and trainer), and
  // the buttons in the Setup panel that open them.
  // Game-specific parts of the inspector, drawn under the decision (Kalah:
  // the features of each candidate afterstate for a linear player).
  virtual void draw_inspector(const BoardContext& /*context*/) {}
  // A note for step i of the step log (Kalah: a blunder against the solver),
  // "" when none or not known yet.
  virtual std::string step_note(const Episode& /*episode*/, size_t /*i*/) { return ""; }
  // What the view's analysis says of the moment, in sentences, for the text mirror (pg_words): a solver's
  // verdict, the squares or moves it flags. "" when the view has none.
  virtual std::string analysis_words(const BoardContext& /*context*/) { return ""; }
  // What the view shows beyond the decision, for the JavaScript API
  // (playground.view()); null when it has nothing more.
  virtual Json inspect(const BoardContext& /*context*/, const Episode& /*episode*/) { return nullptr; }
  virtual void extra_windows(App& /*app*/) {}
  virtual void setup_extras(App& /*app*/) {}

  // The JavaScript API's game-specific calls (window.playground: web/page/api.mjs). Each returns its JSON reply and
  // throws InputError (the message of an error reply) when the game has no such thing or the input is bad. The game's
  // trainer that runs in the page (Zuma, Kalah), nullptr when it has none.
  virtual LiveTrainer* trainer() { return nullptr; }
  // playground.train({command, settings}): the command to the game's live trainer.
  Json train(App& app, const Json& command);
  // playground.trainedPolicy(): what the live trainer has learned, as a policy file's JSON.
  Json trained_policy();
  // playground.loadPolicy(bytes): a policy file the user chose (bytes, or JSON text), seated.
  virtual Json load_policy(App& app, std::string_view bytes);
  // playground.binaryPatterns(text): the text of the game's editor applied, {applied, errors}.
  virtual Json apply_editor_text(App& app, const std::string& text);
};

// The view of a game (web/views/registry.cc: one line per game).
std::unique_ptr<BoardView> make_board_view(const std::string& game);

}  // namespace pg::web
