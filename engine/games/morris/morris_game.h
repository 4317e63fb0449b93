// Five Men's Morris on the generic Game/State interface: the draw rules (which
// need the game's history), state JSON, action names, observation, agents,
// options. The rules of a position are in board.h.
//
// Options (docs/experiments/morris.md); the project has no draw rule, these are the
// playground's:
//   max_moves             200   a draw once this many turns (placements and
//                               moves of both seats) are played, 10 to 1000
//   threefold_repetition  true  a draw when a position (both sides' points,
//                               the same side to move) occurs a third time
// Seats: 0 places first (the project's agent, 'O'), 1 second (the project's player, 'X').
//
// The folder, by role:
//   rules        board.h, morris_game.h
//   agents       bonus_agent.h, project_agents.h (smart, genius), learned_agent.h, perfect_agent.h
//   search       retrograde.h and position_index.h (the exact solution), solution_file.cc (its file)
//   learning     stage_simulation.h and stage_tables.h (the report's tables), value_samples.h (the learned
//                agent's training data)
//   tests        *_test.cc, solution_testing.h, position_testing.h
#pragma once

#include <array>
#include <memory>

#include "engine/core/game.h"
#include "engine/core/registry.h"
#include "engine/games/morris/board.h"

namespace pg::morris {

constexpr int kMaxMovesLimit = 1000;

struct Rules {
  int max_moves = 200;
  bool threefold_repetition = true;
  bool operator==(const Rules&) const = default;
};

// Why a game ended.
enum class Ending : uint8_t { kNone, kFewerThanThree, kNoLegalMove, kMoveCap, kRepetition };

// The keys of a step's events (Transition::events), shared by the engine and the page, so that renaming one
// fails to compile. Traces and the CLI print them: the texts are part of the trace format.
namespace events {
inline constexpr const char* kMover = "mover";
inline constexpr const char* kAction = "action";  // the action's name
inline constexpr const char* kPoint = "point";    // the point played (its letter)
inline constexpr const char* kFrom = "from";      // the point moved from (a move only)
inline constexpr const char* kMill = "mill";      // a mill closed: the same seat removes a piece next
inline constexpr const char* kWinner = "winner";  // once the game ends (null: a draw)
inline constexpr const char* kEnding = "ending";  // how it ended, in words
}  // namespace events

// Actions are encoded as in board.h and named "place:e", "move:a-b", "remove:k".
class MorrisState : public State {
 public:
  // A state with `board` after the turns whose starting positions are
  // `history` (see below); decides whether the game is over.
  MorrisState(const Board& board, const Rules& rules, const uint32_t* history = nullptr, int history_length = 0);

  const Board& board() const { return board_; }
  const Rules& rules() const { return rules_; }
  // The winning seat once the game is over (-1 for a draw or while it goes on).
  int winner() const { return winner_; }
  Ending ending() const { return ending_; }
  // How often the current position has occurred, this time included (1 in
  // the placement phase and after a capture, which no position can repeat across).
  int occurrences() const;
  // The keys (Board::key) of the positions that started each turn since the
  // last placement or capture, oldest first: seats alternate along it, and
  // the last one had the other side to move.
  const uint32_t* history() const { return history_.data(); }
  int history_length() const { return history_length_; }

  std::unique_ptr<State> clone() const override { return std::make_unique<MorrisState>(*this); }
  int num_players() const override { return 2; }
  int current_player() const override { return done_ ? kTerminalPlayer : board_.to_move; }
  std::string action_name(Action action) const override { return action_to_string(action); }
  std::vector<float> observation() const override;
  // The project's network input (kGeniusEncoding, 16 values from the side to move's point of view), the same
  // values as observation(), under the name its policy files give it.
  std::vector<ObservationTensor> source_encodings() const override;
  void fill_source_encoding(size_t index, std::span<float> out) const override;
  std::string to_text() const override;
  std::string to_words() const override;
  Json to_json() const override;
  std::vector<std::string> place_names() const override;  // the points a to p, as in its actions

 protected:
  void append_legal_actions(std::vector<Action>& out) const override;
  Rewards apply_action(Action action, Transition* details) override;

 private:
  void decide_outcome();

  Board board_;
  Rules rules_;
  bool done_ = false;
  int8_t winner_ = -1;
  Ending ending_ = Ending::kNone;
  uint16_t history_length_ = 0;
  std::array<uint32_t, kMaxMovesLimit> history_{};
};

// One sentence on how the game ended ("X has only 2 pieces"), empty while it goes on.
std::string ending_text(const MorrisState& state);

class MorrisGame : public Game {
 public:
  explicit MorrisGame(const Rules& rules) : rules_(rules) {}
  const Rules& rules() const { return rules_; }

  std::string name() const override { return "morris"; }
  std::string title() const override { return "Five Men's Morris"; }
  int num_players() const override { return 2; }
  ActionRange action_range() const override { return {0, kNumActions}; }  // places, moves, removals
  Json options() const override;
  std::unique_ptr<State> initial_state(uint64_t seed) const override;
  std::unique_ptr<State> state_from_json(const Json& json) const override;
  std::unique_ptr<Agent> make_agent(std::string_view spec) const override;
  std::vector<AgentInfo> agents() const override;
  // The learned agent is the page's default opponent; bonus stands in while its network loads.
  std::vector<std::string> default_agents() const override { return {"learned", "random"}; }
  std::string stand_in_agent() const override { return "bonus"; }

 private:
  Rules rules_;
  std::string describe_events(const Json& events) const override;
};

// Reads the options; throws InputError naming a bad one.
Rules rules_from_options(const Json& options);
// Its name and title, known to every program (the page lists the games it does not carry).
inline constexpr GameInfo kInfo{"morris", "Five Men's Morris"};
GameEntry registry_entry();

}  // namespace pg::morris
