// The Binary Game on the generic Game/State interface: state JSON, action
// names, observation, agents, options. The rules are in board.h.
//
// Options (docs/experiments/binary.md):
//   width   6   columns (1 to 32), the course's n in `game n m`
//   height  6   rows (1 to 32), the course's m
// Seats: 0 is the course's player 1 (moves first), 1 its player 2.
//
// The folder, by role:
//   rules        board.h, binary_game.h, protocol.h (the course's text protocol)
//   agents       pattern_agent.h, solver_agent.h, mcts.h
//   search       solver.h (the exact solver), move_labels.h (its verdicts a slice at a time), mcts.h
//   learning     fit.h (pattern weights fitted to a teacher's moves)
//   file formats patterns.h (pattern tables), pattern_files.h (the shipped and stored files)
//   tests        *_test.cc
#pragma once

#include <memory>

#include "engine/core/game.h"
#include "engine/core/registry.h"
#include "engine/games/binary/board.h"

namespace pg::binary {

// The keys of a step's events (Transition::events), shared by the engine and the page, so that renaming one
// fails to compile. Traces and the CLI print them: the texts are part of the trace format.
namespace events {
inline constexpr const char* kMover = "mover";
inline constexpr const char* kX = "x";
inline constexpr const char* kY = "y";
inline constexpr const char* kDigit = "digit";
inline constexpr const char* kRow = "row";        // the row's string the patterns read, before the move
inline constexpr const char* kColumn = "column";  // the column's
inline constexpr const char* kWinner = "winner";  // the mover, when the opponent has no legal move
}  // namespace events

// Actions are (x * height + y) * 2 + d (see encode_action), named "x,y,d".
class BinaryState : public State {
 public:
  explicit BinaryState(const Board& board);

  const Board& board() const { return board_; }
  // The winner (0 or 1) once the game is over, else -1.
  int winner() const { return done_ ? 1 - board_.to_move() : -1; }
  // A point as the patterns write it ('0', '1', '.', or 'X' off the board),
  // and the five-point strings around (x, y) along its row and its column.
  char point_char(int x, int y) const;
  std::string row_string(int x, int y) const;
  std::string column_string(int x, int y) const;

  std::unique_ptr<State> clone() const override { return std::make_unique<BinaryState>(*this); }
  int num_players() const override { return 2; }
  int current_player() const override { return done_ ? kTerminalPlayer : board_.to_move(); }
  std::string action_name(Action action) const override;
  std::vector<float> observation() const override;
  std::string to_text() const override;
  Json to_json() const override;
  std::vector<std::string> place_names() const override;  // the points row by row, "x,y" as in its actions

 protected:
  void append_legal_actions(std::vector<Action>& out) const override;
  Rewards apply_action(Action action, Transition* details) override;

 private:
  Board board_;
  bool done_ = false;  // the player to move has no legal move
};

struct Size {
  int width = 6, height = 6;
};

class BinaryGame : public Game {
 public:
  explicit BinaryGame(const Size& size) : size_(size) {}
  const Size& size() const { return size_; }

  std::string name() const override { return "binary"; }
  std::string title() const override;
  int num_players() const override { return 2; }
  // A digit, 0 or 1, on each point (encode_action).
  ActionRange action_range() const override { return {0, 2 * size_.width * size_.height}; }
  Json options() const override;
  std::unique_ptr<State> initial_state(uint64_t seed) const override;
  std::unique_ptr<State> state_from_json(const Json& json) const override;
  std::unique_ptr<Agent> make_agent(std::string_view spec) const override;
  std::vector<AgentInfo> agents() const override;
  std::vector<std::string> default_agents() const override;

 private:
  Size size_;
  std::string describe_events(const Json& events) const override;
};

// Reads the options; throws InputError naming a bad one.
Size size_from_options(const Json& options);
// Its name and title, known to every program (the page lists the games it does not carry).
inline constexpr GameInfo kInfo{"binary", "Binary Game"};
GameEntry registry_entry();

}  // namespace pg::binary
