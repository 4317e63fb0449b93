// What the page (and its JavaScript API) drives: a game, the agent in each
// seat, and the episode being stepped. It has no UI: the page draws it and
// sends it the user's intents; the native tests drive it the same way.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/registry.h"

namespace pg {

enum class StepResult {
  kReplayed,      // moved forward through the recorded episode
  kPlayed,        // an agent decided and a new step was recorded
  kWaitingHuman,  // the seat to move is a human: nothing happened
  kGameOver,      // the episode is over: nothing happened
  kDeclined,      // the agent to move declined (see Decision::declined): nothing happened
  kThinking,      // the agent to move thinks in the page's worker (worker_agent.h): nothing happened yet
};

class Session {
 public:
  // Opens the first registered game with its default agents and seed.
  Session();

  // Switches game (options as a JSON object) and starts at its default seed;
  // throws InputError and keeps the current game if the name or an option is bad.
  // A default agent whose policy file is not there (the page: still loading,
  // or failed) is stood in for by the game's first agent that needs none, and
  // is pending (below).
  void load(const std::string& game, const Json& options = Json::object());
  // Seats agents by spec, one per player; throws InputError (nothing changes)
  // for a bad spec. Keeps the steps so far and drops the recorded future.
  // When a policy file is still loading (PolicyUnavailable::loading), the
  // specs become pending and it throws that error (nothing changes).
  void set_agents(const std::vector<std::string>& specs);
  void set_agent(int player, const std::string& spec);
  // The agents asked for but waiting for a policy file (the page seats them
  // when it arrives, with seat_pending); empty when none.
  const std::vector<std::string>& pending_agents() const { return pending_; }
  // Seats the pending agents, keeping the recorded steps (future included):
  // true if it did; false while a file they need is still loading. Throws InputError (and forgets them) if they cannot
  // be seated, e.g. their file arrived malformed: the current agents stay.
  bool seat_pending();
  // A new episode with this seed (same game and agents).
  void reset(uint64_t seed);

  StepResult step();
  bool back();
  void seek(size_t t);
  // Plays the action with this name for the player to move (a human click, or
  // an override of the agent); throws InputError if it is not legal.
  void play(const std::string& action_name);
  void play(Action action);

  const GameEntry& entry() const { return *entry_; }
  const Game& game() const { return episode_->game(); }
  const Episode& episode() const { return *episode_; }
  const State& state() const { return episode_->state(); }
  const std::vector<std::string>& agent_specs() const { return specs_; }
  // The agent seated for `player` (the inspector reads a network agent's net).
  Agent& agent(int player) { return *agents_.at(size_t(player)); }
  bool human_to_move() const;
  // A human is to move, or the agent to move declined: a move must be played.
  bool awaiting_move();
  uint64_t seed() const { return episode_->seed(); }

  // The decision of the agent to move at the cursor: the recorded one when the
  // step was taken by an agent, else computed now (deterministic: the seed
  // fixes it). Null at the end of the game, when a human is to move, and while
  // the agent thinks in the page's worker (thinking()).
  const Decision* decision();
  // The agent to move thinks in the page's worker: its decision is not there yet. Cheap: the agent is asked
  // again only once the page has provided a reply (worker_agent.h).
  bool thinking();
  // The page stopped its worker: what was asked of it is dropped, and an agent thinking is asked anew.
  void drop_questions();

  // {game, options, seed, agents, step, length, done, to_move, returns, state}
  Json summary() const;
  Json trace() const { return episode_->to_trace(specs_); }
  // Replaces the episode with these actions (by name) played from the initial state of the episode's seed, each step
  // recorded as "replay"; throws InputError naming the first bad action (nothing changes).
  void replay(const std::vector<std::string>& action_names);
  // Replaces the episode with an imported trace; throws InputError (nothing
  // changes) if the trace is bad.
  void import_trace(const Json& trace);

 private:
  void seat(const std::vector<std::string>& specs);
  void seat_defaults();
  // The position changed: the decision is asked anew, and the worker's questions about the old one dropped.
  void moved();
  // A new episode replaced the last: counted if an agent decided in the last.
  void begin_episode();

  std::vector<std::string> pending_;
  const GameEntry* entry_ = nullptr;
  std::unique_ptr<Episode> episode_;
  // The episodes before this one in which an agent was asked to decide (DecisionContext::episode): a new
  // episode (a reset, a load, a replay, an import) counts only once its agents decide.
  long episode_number_ = 0;
  bool asked_this_episode_ = false;
  std::vector<std::string> specs_;
  std::vector<std::unique_ptr<Agent>> agents_;
  std::optional<Decision> cached_;
  size_t cached_at_ = 0;
  bool cache_valid_ = false;
  uint64_t replies_seen_ = 0;  // worker_replies_provided() when the agent to move was last asked
};

}  // namespace pg
