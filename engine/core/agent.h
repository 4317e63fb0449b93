// Agents: given a state, a distribution over its legal actions, optional value
// estimates and named debug quantities, and the action picked.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/drawing.h"
#include "engine/core/game.h"
#include "engine/core/json.h"
#include "engine/core/rng.h"

namespace pg {

struct Decision {
  std::vector<Action> actions;        // the legal actions, in order
  std::vector<double> probabilities;  // one per action, summing to 1
  // Optional per-action estimates (search scores, Q-values), from the
  // deciding player's point of view; empty when the agent has none.
  std::vector<double> scores;
  std::string score_label;  // what the scores are, for the inspector
  // Optional, one per action, for searching agents: the line of play the
  // search expects after that action (its principal variation), as text
  // beginning with the action itself; empty when the agent has none.
  std::vector<std::string> lines;
  std::optional<double> value;                        // the agent's estimate of the state
  std::vector<std::pair<std::string, double>> debug;  // named quantities
  std::string note;                                   // one line, e.g. which moves tie
  std::vector<Drawing> drawings;                      // what the agent draws on the board
  Action chosen = 0;
  // The agent declines to move here (e.g. a solver beyond its budget): no
  // actions, no choice, and `note` says why. The session then waits, as for a
  // human, until someone plays a move or seats another agent.
  bool declined = false;
  // The agent thinks in the page's worker (engine/core/worker_agent.h): nothing else is set yet; the
  // session asks again until the answer is there.
  bool thinking = false;

  Json to_json(const State& state) const;
  // Refuses a malformed decision with an InputError naming the field under `where` (a trace names
  // "trace.steps[2].decision", an agent's reply "agent").
  static Decision from_json(const Json& json, const State& state, const std::string& where = "agent");
};

// Where a decision falls: the step of its episode (actions played since the episode's first state) and the
// episode's number in the run (0 for the first: a match's games, the page's new episodes), for agents that keep
// something from one decision to the next (a student's program); the others never look.
struct DecisionContext {
  size_t step = 0;
  long episode = 0;
};

class Agent {
 public:
  virtual ~Agent() = default;
  virtual std::string spec() const = 0;  // e.g. "greedy:5", parseable again
  // `rng` is the only source of randomness: same state and rng, same decision.
  virtual Decision decide(const State& state, Rng& rng) = 0;
  // The same decision, told where it falls (sessions and matches ask this way).
  virtual Decision decide_at(const State& state, Rng& rng, const DecisionContext& /*context*/) {
    return decide(state, rng);
  }
  // Humans are seated like agents but decide through the UI.
  virtual bool is_human() const { return false; }
  // The agent whose code decides: itself, or for an agent that decides in the page's worker its local twin
  // (the inspector reads a network agent's layers from it).
  virtual Agent& local() { return *this; }
};

// A declined decision with this message.
Decision declined_decision(std::string note);

// A distribution that is uniform over `best` among `actions`.
Decision uniform_over(const std::vector<Action>& actions, const std::vector<Action>& best, Rng& rng);

// Builds an agent from a spec: "random", "human", or one the game offers.
// Throws InputError naming the spec when it is unknown or malformed. It
// decides in place; the page's session seats its agents in the page's worker
// (worker_agent.h).
std::unique_ptr<Agent> make_agent(const Game& game, std::string_view spec);

// Splits "name:arg" into its parts; arg is empty when absent.
std::pair<std::string, std::string> split_spec(std::string_view spec);
// Parses an integer agent parameter in [lo, hi] or throws InputError.
int parse_int_param(std::string_view spec, std::string_view text, int lo, int hi);

}  // namespace pg
