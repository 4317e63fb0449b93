// An episode: every step recorded (the state after it, the agent's decision,
// the action, the chance draws, the rewards), so that stepping back,
// scrubbing and replay are exact, and the whole can be exported as a JSON
// trace and imported again.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/core/game.h"
#include "engine/core/json.h"

namespace pg {

constexpr int kTraceVersion = 1;
constexpr const char* kTraceFormat = "rl-playground-trace";
// Seeds stay below 2^53 so that JavaScript reads them exactly.
constexpr uint64_t kMaxSeed = (uint64_t(1) << 53) - 1;

struct EpisodeStep {
  int player = 0;  // who acted
  Action action = 0;
  std::string action_name;
  std::string agent;                 // spec of who acted ("greedy:5", "human", "replay")
  std::optional<Decision> decision;  // the agent's output, when an agent decided
  Transition transition;
  std::shared_ptr<const State> state;  // the state after the step
};

class Episode {
 public:
  Episode(std::shared_ptr<const Game> game, uint64_t seed);

  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }
  uint64_t seed() const { return seed_; }

  size_t length() const { return steps_.size(); }  // recorded steps
  size_t cursor() const { return cursor_; }        // steps taken to the current state
  const State& state() const { return state_at(cursor_); }
  const State& state_at(size_t t) const;    // t in [0, length()]
  const EpisodeStep& step(size_t i) const;  // leads from state_at(i) to state_at(i + 1)

  // Plays `action` at the cursor. If a recorded step there took the same
  // action it is kept (and the cursor moves on); otherwise the recorded future
  // is dropped and a new branch starts. Throws InputError if illegal.
  const EpisodeStep& play(Action action, const std::string& agent, std::optional<Decision> decision = std::nullopt);
  bool back();
  bool forward();
  void seek(size_t t);  // clamps to [0, length()]

  // Sum of each player's rewards over the first t steps.
  std::vector<double> returns(size_t t) const;
  // The random stream an agent uses to decide at step t: fixed by the seed,
  // so a re-decided step gives the same answer.
  Rng decision_rng(size_t t) const;

  // The trace of the recorded steps (all of them, whatever the cursor).
  Json to_trace(const std::vector<std::string>& agents = {}) const;
  // Replays a trace; throws InputError naming the field or step that is wrong
  // (including a recorded state that differs from the replayed one).
  static Episode from_trace(const Json& trace, std::vector<std::string>* agents = nullptr);

 private:
  std::shared_ptr<const Game> game_;
  uint64_t seed_;
  std::shared_ptr<const State> initial_;
  std::vector<EpisodeStep> steps_;
  size_t cursor_ = 0;
};

// Parses "3,1,6" (action names separated by commas) and applies them from the
// initial state; throws InputError naming the position of a bad action.
Episode replay_actions(std::shared_ptr<const Game> game, uint64_t seed, const std::vector<std::string>& action_names);
std::vector<std::string> split_list(const std::string& text, char sep = ',');
// What separates action names in a list (the CLI's --actions, the page's URL): ',' or, in a game whose action
// names hold commas (the Binary Game's "x,y,d"), ';'.
char action_list_separator(const Game& game, uint64_t seed);

// The random stream an agent uses to decide at step t of the episode with
// this seed; the page, the CLI and the match runner all use it.
inline Rng decision_rng(uint64_t seed, size_t t) { return Rng(mix_seed(seed, t, 0xDEC1DE)); }

}  // namespace pg
