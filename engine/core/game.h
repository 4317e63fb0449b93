// The interface every game implements. It is deliberately thin (in the spirit
// of OpenSpiel): legal actions, apply, terminal test, observation, text and
// JSON forms. It covers all five kinds of game in the product:
//   - single agent, stochastic (Zuma): one player, chance draws inside apply();
//   - single agent, deterministic (Sokoban);
//   - two players with multi-part turns (Morris: move, then remove) and with
//     extra turns (Mancala): current_player() may stay the same after a step;
//   - two players placing digits (Binary Game): actions encode (x, y, digit).
// Generic loops (matches, playouts, generic search and training) run through
// it at close to a game's own speed (see State); the fastest kernels may still
// use a game's own value types (mancala::Board, zuma::ZumaEngine).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/json.h"
#include "engine/core/text.h"

namespace pg {

using Action = int;
constexpr int kTerminalPlayer = -1;

constexpr int kMaxPlayers = 2;  // every game here has one or two players

// One random draw made by the game while applying an action, as the course
// engines print them in their debug output ("ball colour: u=0.63 -> blue").
struct ChanceDraw {
  std::string what;     // what was drawn
  double value = 0;     // the raw draw
  std::string outcome;  // what it decided
};

// The rewards one step gave, one per player (unused seats stay 0). A fixed
// array, so that applying an action allocates nothing.
struct Rewards {
  std::array<double, kMaxPlayers> values{};
  double operator[](int player) const { return values[size_t(player)]; }
  double& operator[](int player) { return values[size_t(player)]; }
};

// What happened in one step, as the episode recorder keeps it: the rewards
// and the facts the step log and the debug drawings need.
struct Transition {
  std::vector<double> rewards;    // one per player
  std::vector<ChanceDraw> draws;  // in the order they were made
  Json events = Json::object();   // game-specific facts for debug drawing
};

// A position of a game. Callers use the public, non-virtual functions; a
// game implements the protected virtual ones. Two paths apply an action:
//   - apply(a): the hot path (search, training, playouts, matches). It must
//     not allocate or build JSON: games keep the work of describing a step
//     behind `if (details)`.
//   - apply_with_details(a): the episode recorder's path (the page, traces).
//     It also fills the chance draws and events of the step.
// Both must leave the same state and give the same rewards; the generic
// test suite (tests/unit/generic_game_test.cc) checks it for every game.
//
// Implementing a new game: keep the position in a small value type with the
// rules as plain functions on it (as mancala::Board and zuma::ZumaEngine do),
// and make the State a thin adapter around it: append_legal_actions pushes
// onto `out` (never clears it, never returns a new vector), apply_action
// updates the position and returns the rewards, and builds strings or JSON
// only inside `if (details)`; clone() copies the value type.
class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;

  virtual int num_players() const = 0;
  // The player to act, or kTerminalPlayer once the game is over.
  virtual int current_player() const = 0;
  bool is_terminal() const { return current_player() == kTerminalPlayer; }

  // Legal actions in increasing order; empty exactly when terminal. The
  // first form reuses the caller's vector (no allocation once it is big
  // enough), the second is for convenience off the hot path.
  void legal_actions(std::vector<Action>& out) const {
    out.clear();
    append_legal_actions(out);
  }
  std::vector<Action> legal_actions() const {
    std::vector<Action> out;
    append_legal_actions(out);
    return out;
  }
  bool is_legal(Action action) const;

  // Applies a legal action (callers check legality; see is_legal).
  Rewards apply(Action action) { return apply_action(action, nullptr); }
  Transition apply_with_details(Action action);

  // The action's name as users type it (CLI --actions, traces, the step log).
  virtual std::string action_name(Action action) const = 0;
  // The legal action with this name; throws InputError if there is none.
  Action parse_action(std::string_view name) const;

  // Features as the agents see them, from the current player's point of view.
  virtual std::vector<float> observation() const = 0;

  // The observation tensor a network reads (optional): its encoding name and
  // shape, then the values written into the caller's buffer. A policy file
  // names the encoding and shape it was trained on (engine/nn/policy_file.h),
  // and an agent refuses a game whose tensor differs. The default is "no
  // observation tensor": an empty shape, and nothing to fill.
  //   ObservationTensor t = state.observation_tensor();
  //   std::vector<float> buffer(t.size());
  //   state.fill_observation(buffer);  // row-major (CHW for planes)
  // fill_observation writes every one of t.size() values and allocates
  // nothing, so trainers call it on the hot path.
  struct ObservationTensor {
    std::string encoding;    // e.g. "zuma-rows-v1"; empty: the game has none
    std::vector<int> shape;  // outermost first, e.g. {rows, columns} or {planes, rows, columns}
    size_t size() const {
      size_t n = shape.empty() ? 0 : 1;
      for (int d : shape) n *= size_t(d);
      return n;
    }
  };
  virtual ObservationTensor observation_tensor() const { return {}; }
  virtual void fill_observation(std::span<float> /*out*/) const {}
  // The inputs the game's source document gave its learner, where they differ from the tensor above (Kalah's
  // report's 40 features, the Morris project's board vector): their encodings and shapes, and one written
  // into the caller's buffer by its index in that list (every value, nothing allocated). For students
  // reproducing a source (Python's observations); no agent of ours reads them through here.
  virtual std::vector<ObservationTensor> source_encodings() const { return {}; }
  virtual void fill_source_encoding(size_t /*index*/, std::span<float> /*out*/) const {}
  // A human-readable board (ASCII), as in the rule tests.
  virtual std::string to_text() const = 0;
  // The position in sentences for a listener (the page's text mirror, read by screen readers): each place named
  // as the page names it, and what is on it. "" where to_text() already reads as words.
  virtual std::string to_words() const { return ""; }
  // The game's JSON form (traces, the page's state()).
  virtual Json to_json() const = 0;
  // The places of the board an agent may draw on (engine/core/drawing.h), named as docs/agent-protocol.md
  // shows for each game; a view knows where each is on its board. None by default.
  virtual std::vector<std::string> place_names() const { return {}; }

 protected:
  // Appends the legal actions, in increasing order, to `out`.
  virtual void append_legal_actions(std::vector<Action>& out) const = 0;
  // Applies the action and returns its rewards; when `details` is given,
  // also appends the step's chance draws and sets its events (rewards are
  // filled by the caller).
  virtual Rewards apply_action(Action action, Transition* details) = 0;
};

// One option of a game's rules, as shown by the CLI's help and the page.
struct OptionInfo {
  std::string name;
  Json default_value;
  Text help;
};

// An agent a game offers, for the page's seat pickers and the CLI's help.
struct AgentInfo {
  std::string spec;  // e.g. "greedy:5" (the default parameters)
  Text help;
};

class Agent;

// The action ids a game's states use under its options: every legal action of every state is in
// [first, first + count). Learners index a fixed output by `action - first` (the Python environments' action
// spaces); most games start at 0, Zuma at -1 (its skip).
struct ActionRange {
  Action first = 0;
  int count = 0;
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string name() const = 0;   // registry key, e.g. "mancala"
  virtual std::string title() const = 0;  // e.g. "Mancala (Kalah 6,4)"
  virtual int num_players() const = 0;
  // Holds every action id a state of this game (with these options) can make legal.
  virtual ActionRange action_range() const = 0;
  // The options in effect (defaults filled in).
  virtual Json options() const = 0;
  // A fresh episode's first state; the seed fixes every chance draw.
  virtual std::unique_ptr<State> initial_state(uint64_t seed) const = 0;
  // Episodes with seeds first .. first + count - 1 are about to start (a vector environment's): a game whose
  // start is costly may make their first states' costly part ready together. Nothing by default.
  virtual void prepare_initial_states(uint64_t /*first*/, int /*count*/) const {}
  // The inverse of State::to_json; throws InputError naming the bad field.
  virtual std::unique_ptr<State> state_from_json(const Json& json) const = 0;
  // Agents specific to this game (nullptr if the spec names none of them);
  // "random" and "human" are provided for every game by the agent registry.
  virtual std::unique_ptr<Agent> make_agent(std::string_view spec) const = 0;
  virtual std::vector<AgentInfo> agents() const = 0;
  // The agents seated when the game is opened, best agent first.
  virtual std::vector<std::string> default_agents() const = 0;
  // The agent that sits in for a default agent while its policy file loads
  // (it must need no file); "" for the first of agents() that needs none.
  virtual std::string stand_in_agent() const { return ""; }
  // The seed an episode starts with when none is given (Zuma: the scenario's
  // own Python seed, so the homework's episode opens by default).
  virtual uint64_t default_seed() const { return 1; }
  // What a step's events (Transition::events, written by the game's apply) say, in words, for the page's step
  // log: "extra turn; captured 5; ". "" when they say nothing to tell. The random draws are told apart.
  virtual std::string describe_events(const Json& /*events*/) const { return ""; }
};

}  // namespace pg
