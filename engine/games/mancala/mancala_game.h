// Kalah on the generic Game/State interface: state JSON, action names,
// observation, agents, options. The rules themselves are in board.h.
//
// The folder, by role:
//   rules        board.h (+ board_inline.h), mancala_game.h
//   agents       heuristic_agent.h, greedy_agent.h, theta_agent.h, ntuple_agent.h, perfect_agent.h
//   search       search_line.h (the alpha-beta and its principal variations), value_search.h (the search of
//                the two value players: leaves, game ends, the decision's text), solver.h (the exact solver and
//                its endgame database), exact_values.h (each move's exact value, as the page shows it)
//   learning     features.h, theta_learning.h, theta_leaf_learning.h, ntuple_learning.h, ntuple_bootstrap.h
//   file formats theta_policy.h (linear weights), ntuple_value.h (n-tuple values)
//   tests        *_test.cc, test_boards.h
#pragma once

#include <memory>

#include "engine/core/game.h"
#include "engine/core/registry.h"
#include "engine/games/mancala/board.h"

namespace pg::mancala {

// The keys of a step's events (Transition::events), shared by the engine and the page, so that renaming one
// fails to compile. Traces and the CLI print them: the texts are part of the trace format.
namespace events {
inline constexpr const char* kMover = "mover";
inline constexpr const char* kPit = "pit";    // the pit sown from
inline constexpr const char* kSown = "sown";  // the holes sown into, in order
inline constexpr const char* kLast = "last";  // the hole of the last stone
inline constexpr const char* kExtraTurn = "extra_turn";
inline constexpr const char* kCapture = "capture";  // {kCapturePit, kOpposite, kStones}
inline constexpr const char* kCapturePit = "pit";
inline constexpr const char* kOpposite = "opposite";
inline constexpr const char* kStones = "stones";
inline constexpr const char* kSwept = "swept";  // the stones swept into each store when the game ends
}  // namespace events

// The network observation: the mover's six pits (sowing order) and store, then the opponent's, in stones.
inline constexpr const char* kHolesEncoding = "mancala-holes-v1";
// The report's 40 features of the position (features.h, the default FeatureRules), the block of the player
// to move filled: the linear TD learner's input, a source encoding (State::source_encodings).
inline constexpr const char* kReportFeaturesEncoding = "mancala-report-features-v1";
// The policy file the agent "network" plays (a q-, policy- or value-network of kHolesEncoding).
inline constexpr const char* kNetworkPolicyFile = "mancala/network.policy";

// Actions are the mover's pits 0..5, named "1".."6" counting from the pit
// farthest from the mover's store.
class MancalaState : public State {
 public:
  MancalaState(const Board& board, const Rules& rules) : board_(board), rules_(rules) {}

  const Board& board() const { return board_; }
  const Rules& rules() const { return rules_; }

  std::unique_ptr<State> clone() const override { return std::make_unique<MancalaState>(*this); }
  int num_players() const override { return 2; }
  int current_player() const override { return board_.done ? kTerminalPlayer : board_.to_move; }
  std::string action_name(Action action) const override;
  std::vector<float> observation() const override;
  // The network input policy files name (kHolesEncoding, 14 values): the same as observation().
  ObservationTensor observation_tensor() const override;
  void fill_observation(std::span<float> out) const override;
  std::vector<ObservationTensor> source_encodings() const override;
  void fill_source_encoding(size_t index, std::span<float> out) const override;
  std::string to_text() const override;
  std::string to_words() const override;
  Json to_json() const override;
  // The holes in sowing order: player 0's pits 0:1 to 0:6 and store 0:store, then player 1's (1:1 ... 1:store);
  // pit n of a player is that player's action n.
  std::vector<std::string> place_names() const override;

 protected:
  void append_legal_actions(std::vector<Action>& out) const override;
  Rewards apply_action(Action action, Transition* details) override;

 private:
  Rewards outcome_rewards() const;

  Board board_;
  Rules rules_;
};

class MancalaGame : public Game {
 public:
  explicit MancalaGame(const Rules& rules) : rules_(rules) {}
  const Rules& rules() const { return rules_; }

  std::string name() const override { return "mancala"; }
  std::string title() const override;
  int num_players() const override { return 2; }
  ActionRange action_range() const override { return {0, kPitsPerSide}; }  // the mover's pits
  Json options() const override;
  std::unique_ptr<State> initial_state(uint64_t seed) const override;
  std::unique_ptr<State> state_from_json(const Json& json) const override;
  std::unique_ptr<Agent> make_agent(std::string_view spec) const override;
  std::vector<AgentInfo> agents() const override;
  // The n-tuple player searching 5 plies (stronger than Greedy 5, docs/experiments/mancala.md); Greedy 5, the strongest
  // agent that needs no file, sits in while its value file loads.
  std::vector<std::string> default_agents() const override { return {"ntuple:5", "random"}; }
  std::string stand_in_agent() const override { return "greedy:5"; }

 private:
  Rules rules_;
  std::string describe_events(const Json& events) const override;
};

// Reads the options (see board.h); throws InputError naming a bad one.
Rules rules_from_options(const Json& options);
// Its name and title, known to every program (the page lists the games it does not carry).
inline constexpr GameInfo kInfo{"mancala", "Mancala (Kalah)"};
GameEntry registry_entry();

}  // namespace pg::mancala
