// The interface every game implements. It is deliberately thin (in the spirit
// of OpenSpiel): legal actions, apply, terminal test, observation, text and
// JSON forms. It covers all five kinds of game in the product:
//   - single agent, stochastic (Zuma): one player, chance draws inside apply();
//   - single agent, deterministic (Sokoban);
//   - two players with multi-part turns (Morris: move, then remove) and with
//     extra turns (Mancala): current_player() may stay the same after a step;
//   - two players placing digits (Binary Game): actions encode (x, y, digit).
// Hot loops (search, training, benchmarks) use each game's own value types;
// this interface serves the episode recorder, the page and the CLI.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/json.h"

namespace pg {

using Action = int;
constexpr int kTerminalPlayer = -1;

// One random draw made by the game while applying an action, as the course
// engines print them in their debug output ("ball colour: u=0.63 -> blue").
struct ChanceDraw {
  std::string what;     // what was drawn
  double value = 0;     // the raw draw
  std::string outcome;  // what it decided
};

// What happened in one step.
struct Transition {
  std::vector<double> rewards;    // one per player
  std::vector<ChanceDraw> draws;  // in the order they were made
  Json events = Json::object();   // game-specific facts for debug drawing
};

class State {
 public:
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;

  virtual int num_players() const = 0;
  // The player to act, or kTerminalPlayer once the game is over.
  virtual int current_player() const = 0;
  bool is_terminal() const { return current_player() == kTerminalPlayer; }

  // Legal actions in increasing order; empty exactly when terminal.
  virtual std::vector<Action> legal_actions() const = 0;
  // Applies a legal action (callers check legality; see is_legal).
  virtual Transition apply(Action action) = 0;
  bool is_legal(Action action) const;

  // The action's name as users type it (CLI --actions, traces, the step log).
  virtual std::string action_name(Action action) const = 0;
  // The legal action with this name; throws InputError if there is none.
  Action parse_action(std::string_view name) const;

  // Features as the agents see them, from the current player's point of view.
  virtual std::vector<float> observation() const = 0;
  // A human-readable board (ASCII), as in the rule tests.
  virtual std::string to_text() const = 0;
  // The game's JSON form (traces, the page's state()).
  virtual Json to_json() const = 0;
};

// One option of a game's rules, as shown by the CLI's help and the page.
struct OptionInfo {
  std::string name;
  Json default_value;
  std::string help;
};

// An agent a game offers, for the page's seat pickers and the CLI's help.
struct AgentInfo {
  std::string spec;  // e.g. "greedy:5" (the default parameters)
  std::string help;
};

class Agent;

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string name() const = 0;   // registry key, e.g. "mancala"
  virtual std::string title() const = 0;  // e.g. "Mancala (Kalah 6,4)"
  virtual int num_players() const = 0;
  // The options in effect (defaults filled in).
  virtual Json options() const = 0;
  // A fresh episode's first state; the seed fixes every chance draw.
  virtual std::unique_ptr<State> initial_state(uint64_t seed) const = 0;
  // The inverse of State::to_json; throws InputError naming the bad field.
  virtual std::unique_ptr<State> state_from_json(const Json& json) const = 0;
  // Agents specific to this game (nullptr if the spec names none of them);
  // "random" and "human" are provided for every game by the agent registry.
  virtual std::unique_ptr<Agent> make_agent(std::string_view spec) const = 0;
  virtual std::vector<AgentInfo> agents() const = 0;
  // The agents seated when the game is opened, best agent first.
  virtual std::vector<std::string> default_agents() const = 0;
  // The seed an episode starts with when none is given (Zuma: the scenario's
  // own Python seed, so the homework's episode opens by default).
  virtual uint64_t default_seed() const { return 1; }
};

}  // namespace pg
