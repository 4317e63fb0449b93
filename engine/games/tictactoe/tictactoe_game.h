// Tic-tac-toe on the generic Game/State interface: the first game a student meets, small enough to be solved
// whole, so that every decision can be checked against the exact value of every move.
//
// The folder, by role:
//   rules        board.h, tictactoe_game.h
//   agents       perfect_agent.h
//   search       solver.h (the whole game solved, the exact value of each move)
//   tests        tictactoe_test.cc
#pragma once

#include <memory>

#include "engine/core/game.h"
#include "engine/core/registry.h"
#include "engine/games/tictactoe/board.h"

namespace pg::tictactoe {

// The keys of a step's events (Transition::events), shared by the engine and the page, so that renaming one
// fails to compile. Traces and the CLI print them: the texts are part of the trace format.
namespace events {
inline constexpr const char* kMover = "mover";
inline constexpr const char* kCell = "cell";  // the cell's name
inline constexpr const char* kLine = "line";  // the winning line's cells
inline constexpr const char* kDraw = "draw";  // the board filled with no line
}  // namespace events

// Actions are the cells 0..8 (board.h), named "a3".."c1".
class TicTacToeState : public State {
 public:
  explicit TicTacToeState(const Board& board) : board_(board) {}

  const Board& board() const { return board_; }

  std::unique_ptr<State> clone() const override { return std::make_unique<TicTacToeState>(*this); }
  int num_players() const override { return 2; }
  int current_player() const override { return board_.over() ? kTerminalPlayer : board_.to_move; }
  std::string action_name(Action action) const override { return cell_name(action); }
  std::vector<float> observation() const override;
  std::string to_text() const override;
  Json to_json() const override;
  std::vector<std::string> place_names() const override;  // the cells, a3 b3 c3 a2 ... c1

 protected:
  void append_legal_actions(std::vector<Action>& out) const override;
  Rewards apply_action(Action action, Transition* details) override;

 private:
  Board board_;
};

class TicTacToeGame : public Game {
 public:
  std::string name() const override { return "tictactoe"; }
  std::string title() const override { return "Tic-tac-toe"; }
  int num_players() const override { return 2; }
  ActionRange action_range() const override { return {0, kCells}; }  // the cells, row by row
  Json options() const override { return Json::object(); }
  std::unique_ptr<State> initial_state(uint64_t /*seed: no chance*/) const override;
  std::unique_ptr<State> state_from_json(const Json& json) const override;
  std::unique_ptr<Agent> make_agent(std::string_view spec) const override;
  std::vector<AgentInfo> agents() const override;
  std::vector<std::string> default_agents() const override { return {"perfect", "random"}; }
  std::string describe_events(const Json& events) const override;
};

// Its name and title, known to every program (the page lists the games it does not carry).
inline constexpr GameInfo kInfo{"tictactoe", "Tic-tac-toe"};
GameEntry registry_entry();

}  // namespace pg::tictactoe
