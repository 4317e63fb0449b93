#include "engine/games/tictactoe/tictactoe_game.h"

#include "engine/core/agent.h"
#include "engine/core/error.h"
#include "engine/games/tictactoe/perfect_agent.h"

namespace pg::tictactoe {

void TicTacToeState::append_legal_actions(std::vector<Action>& out) const {
  if (board_.over()) return;
  for (int cell = 0; cell < kCells; ++cell)
    if (board_.empty_at(cell)) out.push_back(cell);
}

Rewards TicTacToeState::apply_action(Action action, Transition* details) {
  const int mover = board_.to_move;
  board_.place(action);
  Rewards rewards;
  const int line = board_.completed_line();
  if (line >= 0) {  // only the mover can have completed it
    rewards[mover] = 1;
    rewards[1 - mover] = -1;
  }
  if (details) {
    details->events = {{events::kMover, mover}, {events::kCell, cell_name(action)}};
    if (line >= 0) {
      Json cells = Json::array();
      for (int c : kLines[size_t(line)]) cells.push_back(cell_name(c));
      details->events[events::kLine] = cells;
    } else if (board_.marks() == kCells) {
      details->events[events::kDraw] = true;
    }
  }
  return rewards;
}

std::vector<float> TicTacToeState::observation() const {
  // The mover's marks +1, the opponent's -1, empty cells 0: the same view for both seats.
  std::vector<float> obs;
  obs.reserve(kCells);
  for (int8_t c : board_.cells) obs.push_back(c == kEmpty ? 0.0f : c == board_.to_move ? 1.0f : -1.0f);
  return obs;
}

std::string TicTacToeState::to_text() const {
  std::string text;
  for (int row = 0; row < 3; ++row) {
    text += char('3' - row);
    for (int col = 0; col < 3; ++col) text += std::string(" ") + mark_of(board_.cells[size_t(row * 3 + col)]);
    text += "\n";
  }
  text += "  a b c\n";
  const int winner = board_.winner();
  if (winner >= 0)
    text += std::string(1, mark_of(int8_t(winner))) + " wins\n";
  else if (board_.over())
    text += "draw\n";
  else
    text += std::string(1, mark_of(board_.to_move)) + " to move\n";
  return text;
}

std::vector<std::string> TicTacToeState::place_names() const {
  std::vector<std::string> names;
  for (int cell = 0; cell < 9; ++cell) names.push_back(cell_name(cell));
  return names;
}

Json TicTacToeState::to_json() const {
  Json rows = Json::array();
  for (int row = 0; row < 3; ++row) {
    std::string r;
    for (int col = 0; col < 3; ++col) r += mark_of(board_.cells[size_t(row * 3 + col)]);
    rows.push_back(r);
  }
  return {{"board", rows}, {"to_move", int(board_.to_move)}};
}

std::unique_ptr<State> TicTacToeGame::initial_state(uint64_t) const {
  return std::make_unique<TicTacToeState>(Board{});
}

std::unique_ptr<State> TicTacToeGame::state_from_json(const Json& j) const {
  if (!j.is_object()) throw InputError("state", "expected a JSON object");
  if (!j.contains("board") || !j["board"].is_array() || j["board"].size() != 3)
    throw InputError("state.board", "expected 3 rows of 3 cells, top row first, e.g. [\"X.O\", \"...\", \"...\"]");
  Board b;
  int marks[2] = {0, 0};
  for (size_t row = 0; row < 3; ++row) {
    const Json& r = j["board"][row];
    const std::string where = "state.board[" + std::to_string(row) + "]";
    if (!r.is_string() || r.get<std::string>().size() != 3)
      throw InputError(where, "expected a row of 3 cells, each X, O or .");
    const std::string text = r.get<std::string>();
    for (size_t col = 0; col < 3; ++col) {
      const char m = text[col];
      if (m != 'X' && m != 'O' && m != '.')
        throw InputError(where, std::string("unknown cell '") + m + "' (expected X, O or .)");
      const int8_t seat = m == 'X' ? 0 : m == 'O' ? 1 : kEmpty;
      b.cells[row * 3 + col] = seat;
      if (seat != kEmpty) ++marks[seat];
    }
  }
  if (marks[0] != marks[1] && marks[0] != marks[1] + 1)
    throw InputError("state.board", "X moves first, so X has as many marks as O or one more (X " +
                                        std::to_string(marks[0]) + ", O " + std::to_string(marks[1]) + ")");
  const int to_move = marks[0] == marks[1] ? 0 : 1;
  if (!j.contains("to_move") || !j["to_move"].is_number_integer() || j["to_move"].get<int>() != to_move)
    throw InputError("state.to_move", "expected " + std::to_string(to_move) + " (the marks say " +
                                          (to_move == 0 ? "X" : "O") + " is to move)");
  b.to_move = int8_t(to_move);
  // The last mover is the only one who can have a line, and the game stops there.
  for (int seat = 0; seat < 2; ++seat) {
    Board other = b;
    for (auto& c : other.cells)
      if (c != seat) c = kEmpty;
    if (other.completed_line() >= 0 && seat == to_move)
      throw InputError("state.board", std::string(1, mark_of(int8_t(seat))) +
                                          " has three in a row but is to move: the game ended at that line");
  }
  return std::make_unique<TicTacToeState>(b);
}

std::unique_ptr<Agent> TicTacToeGame::make_agent(std::string_view spec) const { return make_perfect_agent(spec); }

std::vector<AgentInfo> TicTacToeGame::agents() const {
  return {{"perfect", PG_TEXT("plays from the solved game: a move with the best exact value (a quicker win, a "
                              "slower loss), equal odds among equals; it never loses")}};
}

std::string TicTacToeGame::describe_events(const Json& events) const {
  if (events.contains(events::kLine)) {
    std::string cells;
    for (const auto& c : events[events::kLine]) cells += (cells.empty() ? "" : " ") + c.get<std::string>();
    return "three in a row: " + cells + "; ";
  }
  if (events.value(events::kDraw, false)) return "the board is full: a draw; ";
  return "";
}

GameEntry registry_entry() {
  return {kInfo.name,
          kInfo.title,
          PG_TEXT("Three in a row on a 3x3 grid: small enough to solve whole, so every move can be checked."),
          PG_TEXT("X and O take turns placing their mark on an empty cell of a 3x3 grid; X moves first. The first to "
                  "fill a row, a column or a diagonal with their mark wins. A full grid without such a line is a "
                  "draw, which is what perfect play by both sides always gives. Cells are named by column (a to c, "
                  "left to right) and row (1 to 3, bottom to top)."),
          {},
          [](const Json& options) -> std::shared_ptr<const Game> {
            if (!options.is_object()) throw InputError("options", "expected a JSON object");
            reject_unknown_options(options, {});
            return std::make_shared<TicTacToeGame>();
          }};
}

}  // namespace pg::tictactoe
