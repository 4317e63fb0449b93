// Sokoban on the generic Game/State interface: the project's learning setup
// (notes on the project, 2.1-2.4): actions 0..3 named U D L R, all four always
// legal (no masking); the project's reward (project_reward.h); the one-hot
// 7 x H x W observation over the tile codes; the episode ends when the level is
// solved, when the project's corner test flags a box (option corner_ends), or
// at the step cap. The rules are in board.h. See docs/experiments/sokoban.md.
//
// Options (the level: a built-in collection and an index, or a level's text):
//   collection   "seed"   a built-in collection: "seed" (the project's two 9x11
//                         maps), "teaching" (graded small levels) or
//                         "boxoban" (50 of DeepMind's Boxoban levels)
//   index        0        the level in the collection, from 0
//   level        -        a level in standard text or as a number grid,
//                         instead of a collection (given several levels,
//                         index picks one); options() gives back the chosen
//                         level's standard text
//   max_steps    50 for the project's maps (its training horizon), 120 for
//                other levels (Boxoban's usual limit); 0: no cap
//   corner_ends  true for the project's maps, false for other levels: the
//                project's check_fail ends the episode (its -50 is given either
//                way); on other levels it would end many solvable episodes
//                (a box on a corner target, two boxes side by side on a wall)
//
// The folder, by role:
//   rules        level.h, board.h, project_reward.h, sokoban_game.h
//   levels       level_text.h (level files), level_sketch.h (the page's editor), generator.h
//   agents       greedy_agent.h, solver_agent.h, policy_agent.h, network_agents.h (policy, guided, dqn)
//                plan_follower.h (the solver and guided agents play their plans with it)
//   search       solver.h, room.h, lower_bound.h, deadlocks.h, corral.h, analysis.h (what the page shows)
//   learning     policy_net.h (the general policy network)
//   tests        *_test.cc, solver_testing.h
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/registry.h"
#include "engine/games/sokoban/board.h"
#include "engine/games/sokoban/project_reward.h"

namespace pg::sokoban {

constexpr int kProjectMaxSteps = 50;  // the project's training episodes (train_dqn max_steps)
constexpr int kOtherMaxSteps = 120;   // Boxoban's episode limit in the RL literature
constexpr int kMaxStepsLimit = 100000;

// The rules an episode runs under, shared by all its states.
struct Rules {
  std::shared_ptr<const Level> level;  // the start position
  int max_steps = kProjectMaxSteps;    // 0: no cap
  bool corner_ends = true;             // the project's corner test ends the episode
  ProjectReward reward;
};

enum class Outcome { kPlaying, kSolved, kStuck, kStepCap };
const char* outcome_name(Outcome outcome);  // "", "solved", "stuck", "step cap"
const char* step_kind_name(StepKind kind);  // "walk", "push", "wall", "blocked box"

// The keys of a step's events (Transition::events), shared by the engine and the page, so that renaming one
// fails to compile. Traces and the CLI print them: the texts are part of the trace format.
namespace events {
inline constexpr const char* kMove = "move";         // the move's letter: "u", "d", "l", "r"
inline constexpr const char* kKind = "kind";         // step_kind_name
inline constexpr const char* kBoxFrom = "box_from";  // [row, column] of the pushed box (a push only)
inline constexpr const char* kBoxTo = "box_to";
inline constexpr const char* kRewardTerms = "reward_terms";  // {kStepTerm, kShapingTerm, kTargetTerm, kEndTerm}
inline constexpr const char* kStepTerm = "step";
inline constexpr const char* kShapingTerm = "shaping";
inline constexpr const char* kTargetTerm = "target";
inline constexpr const char* kEndTerm = "end";
inline constexpr const char* kCornerBox = "corner_box";  // [row, column] of the box the corner test flags
inline constexpr const char* kOutcome = "outcome";       // outcome_name, once the episode ends
}  // namespace events

class SokobanState : public State {
 public:
  SokobanState(std::shared_ptr<const Rules> rules, const Board& board);

  const Board& board() const { return board_; }
  const Rules& rules() const { return *rules_; }
  Outcome outcome() const { return outcome_; }

  std::unique_ptr<State> clone() const override { return std::make_unique<SokobanState>(*this); }
  int num_players() const override { return 1; }
  int current_player() const override { return outcome_ == Outcome::kPlaying ? 0 : kTerminalPlayer; }
  std::string action_name(Action action) const override;
  std::vector<float> observation() const override;
  ObservationTensor observation_tensor() const override;
  void fill_observation(std::span<float> out) const override;
  std::string to_text() const override;
  std::string to_words() const override;
  Json to_json() const override;
  std::vector<std::string> place_names() const override;  // the squares row by row, "row,column" from 0,0

 protected:
  void append_legal_actions(std::vector<Action>& out) const override;
  Rewards apply_action(Action action, Transition* details) override;

 private:
  std::shared_ptr<const Rules> rules_;
  Board board_;
  Outcome outcome_ = Outcome::kPlaying;
};

// What the options chose.
struct Setup {
  std::string collection;  // "" when `level_text` is given
  int index = 0;
  std::string level_text;  // the chosen level's standard text, "; title" first
  Json generate;           // the generator's settings when the level was generated, else null
  std::shared_ptr<const Rules> rules;
};

class SokobanGame : public Game {
 public:
  explicit SokobanGame(Setup setup) : setup_(std::move(setup)) {}
  const Setup& setup() const { return setup_; }
  const Level& level() const { return *setup_.rules->level; }

  std::string name() const override { return "sokoban"; }
  std::string title() const override;
  int num_players() const override { return 1; }
  ActionRange action_range() const override { return {0, kNumMoves}; }  // U D L R
  Json options() const override;
  std::unique_ptr<State> initial_state(uint64_t seed) const override;
  std::unique_ptr<State> state_from_json(const Json& json) const override;
  std::unique_ptr<Agent> make_agent(std::string_view spec) const override;
  std::vector<AgentInfo> agents() const override;
  std::vector<std::string> default_agents() const override;

 private:
  Setup setup_;
  std::string describe_events(const Json& events) const override;
};

// The built-in collections (assets/sokoban/<name>.txt, compiled in), by name.
std::vector<std::string> builtin_collection_names();
// The levels of a built-in collection; throws InputError if there is none.
std::vector<Level> builtin_collection(const std::string& name);
// The options that open level `n` (from 1) of a built-in collection, named "collection:n" as the page numbers
// it ("teaching:3"); throws InputError naming what is wrong.
// The options of a built-in collection's level, counted from 0: {"collection": ..., "index": ...}.
Json collection_level(const std::string& collection, int index);
Json level_options(std::string_view level);
// The name level_options takes ("teaching:3") when a game's options open exactly that built-in level, else "".
std::string level_name(const Json& options);

// The observation's encoding name (State::observation_tensor), as policy files name it.
inline constexpr const char* kTilesEncoding = "sokoban-tiles-v1";

// The collection of the project's two maps. The name is public (URLs name its levels seed:1 and seed:2, the
// collection option, the DQN files dqn_seed_map<N>.rlpg), so it stays, although "seed" in the code means a
// random seed.
inline constexpr const char* kProjectCollection = "seed";

// The project's DQN for map `index` of the kProjectCollection: "sokoban/dqn_seed_map<index+1>.rlpg".
std::string project_dqn_policy_path(int index);

// Reads the options; throws InputError naming a bad one.
Setup setup_from_options(const Json& options);
// Its name and title, known to every program (the page lists the games it does not carry).
inline constexpr GameInfo kInfo{"sokoban", "Sokoban"};
GameEntry registry_entry();

}  // namespace pg::sokoban
