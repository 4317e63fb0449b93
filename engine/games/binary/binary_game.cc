#include "engine/games/binary/binary_game.h"

#include <cstdio>

#include "engine/core/agent.h"
#include "engine/core/error.h"
#include "engine/games/binary/mcts.h"
#include "engine/games/binary/pattern_agent.h"
#include "engine/games/binary/pattern_files.h"
#include "engine/games/binary/solver_agent.h"

namespace pg::binary {

BinaryState::BinaryState(const Board& board) : board_(board), done_(!board.has_legal_move()) {}

void BinaryState::append_legal_actions(std::vector<Action>& out) const {
  if (done_) return;
  board_.for_each_legal([&](int x, int y, int d) { out.push_back(encode_action(board_, x, y, d)); });
}

Rewards BinaryState::apply_action(Action action, Transition* details) {
  const Move m = decode_action(board_, action);
  const int mover = board_.to_move();
  if (details) {
    Json& ev = details->events;
    ev[events::kMover] = mover;
    ev[events::kX] = m.x;
    ev[events::kY] = m.y;
    ev[events::kDigit] = m.d;
    // The strings the patterns saw, before the move.
    ev[events::kRow] = row_string(m.x, m.y);
    ev[events::kColumn] = column_string(m.x, m.y);
  }
  board_.place(m.x, m.y, m.d);
  done_ = !board_.has_legal_move();
  Rewards rewards;
  if (done_) {
    // The next player cannot move: the mover made the last move and wins.
    rewards[mover] = 1;
    rewards[1 - mover] = -1;
    if (details) details->events[events::kWinner] = mover;
  }
  return rewards;
}

std::string BinaryState::row_string(int x, int y) const {
  std::string s;
  for (int i = x - 2; i <= x + 2; ++i) s += point_char(i, y);
  return s;
}

std::string BinaryState::column_string(int x, int y) const {
  std::string s;
  for (int i = y - 2; i <= y + 2; ++i) s += point_char(x, i);
  return s;
}

char BinaryState::point_char(int x, int y) const {
  if (!board_.on_board(x, y)) return 'X';
  const int v = board_.at(x, y);
  return v == kEmpty ? '.' : char('0' + v);
}

std::string BinaryState::action_name(Action action) const {
  const Move m = decode_action(board_, action);
  char name[40];  // one formatting call: parse_action names every legal action
  std::snprintf(name, sizeof name, "%d,%d,%d", m.x, m.y, m.d);
  return name;
}

std::vector<float> BinaryState::observation() const {
  // Three planes over the points, row by row: empty, a 0, a 1. The game is
  // impartial, so both seats see the same thing.
  const int points = board_.width * board_.height;
  std::vector<float> obs(size_t(3 * points), 0.0f);
  for (int y = 0; y < board_.height; ++y)
    for (int x = 0; x < board_.width; ++x) {
      const int plane = board_.at(x, y) + 1;  // kEmpty is -1
      obs[size_t(plane * points + y * board_.width + x)] = 1.0f;
    }
  return obs;
}

std::string BinaryState::to_text() const {
  std::string text = binary::to_text(board_);
  if (done_)
    text += "player " + std::to_string(1 - board_.to_move()) + " wins (player " + std::to_string(board_.to_move()) +
            " has no legal move)\n";
  else
    text += "player " + std::to_string(board_.to_move()) + " to move\n";
  return text;
}

std::vector<std::string> BinaryState::place_names() const {
  std::vector<std::string> names;
  for (int y = 0; y < board_.height; ++y)
    for (int x = 0; x < board_.width; ++x) names.push_back(std::to_string(x) + "," + std::to_string(y));
  return names;
}

Json BinaryState::to_json() const {
  // Built in place (no initializer lists, which copy every value): the
  // generic tests and the page call it for every step.
  Json j = Json::object();
  j.get_ref<Json::object_t&>().reserve(7);
  j["width"] = int(board_.width);
  j["height"] = int(board_.height);
  Json& grid = j["grid"] = Json::array();
  grid.get_ref<Json::array_t&>().reserve(board_.height);
  std::string row(board_.width, '.');
  for (int y = 0; y < board_.height; ++y) {
    for (int x = 0; x < board_.width; ++x) row[size_t(x)] = point_char(x, y);
    grid.push_back(row);
  }
  j["to_move"] = board_.to_move();
  j["done"] = done_;
  j["winner"] = done_ ? Json(winner()) : Json();
  return j;
}

std::string BinaryGame::title() const {
  return "Binary Game " + std::to_string(size_.width) + "x" + std::to_string(size_.height);
}

namespace {

const std::vector<OptionInfo>& option_infos() {
  static const std::vector<OptionInfo> infos = {
      {"width", 6, PG_TEXT("columns, 1 to 32 (the course's n in `game n m`)")},
      {"height", 6, PG_TEXT("rows, 1 to 32 (the course's m)")},
  };
  return infos;
}

const Json& field(const Json& j, const char* name) {
  if (!j.contains(name)) throw InputError(std::string("state.") + name, "missing");
  return j[name];
}

}  // namespace

Size size_from_options(const Json& options) {
  if (!options.is_object()) throw InputError("options", "expected a JSON object");
  reject_unknown_options(options, option_infos());
  Size s;
  s.width = int_option(options, "width", s.width, 1, kMaxSide);
  s.height = int_option(options, "height", s.height, 1, kMaxSide);
  return s;
}

Json BinaryGame::options() const { return {{"width", size_.width}, {"height", size_.height}}; }

std::unique_ptr<State> BinaryGame::initial_state(uint64_t /*seed: the game has no chance*/) const {
  return std::make_unique<BinaryState>(Board::empty(size_.width, size_.height));
}

std::unique_ptr<State> BinaryGame::state_from_json(const Json& j) const {
  if (!j.is_object()) throw InputError("state", "expected a JSON object");
  for (const char* dim : {"width", "height"}) {
    const Json& v = field(j, dim);
    const int want = std::string(dim) == "width" ? size_.width : size_.height;
    if (!v.is_number_integer() || v.get<long long>() != want)
      throw InputError(std::string("state.") + dim, "expected " + std::to_string(want) + " (the game's " + dim + ")");
  }
  const Json& grid = field(j, "grid");
  if (!grid.is_array() || int(grid.size()) != size_.height)
    throw InputError("state.grid", "expected " + std::to_string(size_.height) + " rows");
  std::vector<std::string> rows;
  for (size_t y = 0; y < grid.size(); ++y) {
    if (!grid[y].is_string() || int(grid[y].get<std::string>().size()) != size_.width)
      throw InputError("state.grid[" + std::to_string(y) + "]",
                       "expected a string of " + std::to_string(size_.width) + " points");
    rows.push_back(grid[y].get<std::string>());
  }
  Board board;
  try {
    board = Board::from_rows(rows);
  } catch (const InputError& e) {
    throw InputError("state.grid", e.what());
  }
  if (const std::string v = board.first_violation(); !v.empty())
    throw InputError("state.grid", v + ": no game reaches this position");
  auto state = std::make_unique<BinaryState>(board);
  const Json& to_move = field(j, "to_move");
  if (!to_move.is_number_integer() || to_move.get<long long>() != board.to_move())
    throw InputError("state.to_move", "expected " + std::to_string(board.to_move()) + ": " +
                                          std::to_string(board.filled) +
                                          " points are filled and the players alternate, player 0 first");
  const Json& done = field(j, "done");
  if (!done.is_boolean() || done.get<bool>() != state->is_terminal())
    throw InputError("state.done", state->is_terminal() ? "expected true: the player to move has no legal move"
                                                        : "expected false: the player to move has a legal move");
  const Json& winner = field(j, "winner");
  if (state->is_terminal() ? winner != Json(state->winner()) : !winner.is_null())
    throw InputError("state.winner", state->is_terminal() ? "expected " + std::to_string(state->winner())
                                                          : "expected null: the game is not over");
  return state;
}

std::unique_ptr<Agent> BinaryGame::make_agent(std::string_view spec) const {
  const auto [name, arg] = split_spec(spec);
  if (name == "solver")
    return std::make_unique<SolverAgent>(arg.empty() ? SolverAgent::kDefaultKilonodes
                                                     : parse_int_param(spec, arg, 1, SolverAgent::kMaxKilonodes));
  if (auto mcts = make_mcts_agent(spec)) return mcts;
  return make_pattern_agent(spec);
}

std::vector<AgentInfo> BinaryGame::agents() const {
  std::vector<AgentInfo> infos = {
      {"patterns", std::string("the assignment's playout policy: each legal move with probability (row weight + "
                               "column weight) / total, weights from policies/binary/") +
                       kDefaultPatterns + ".txt"}};
  for (const auto& name : shipped_pattern_names())
    if (name != kDefaultPatterns)
      infos.push_back({"patterns:" + name, "the same policy with policies/binary/" + name + ".txt"});
  infos.push_back({"solver", "the exact solver (up to 56 points): a winning move when it proves one within " +
                                 std::to_string(SolverAgent::kDefaultKilonodes) +
                                 "k positions (solver:N for N thousand), else a move not yet proved to lose"});
  infos.push_back({"mcts", "Monte Carlo tree search (UCT) with the pattern policy in the playouts: " +
                               std::to_string(kDefaultMctsPlayouts) +
                               " playouts per move (mcts:N for N, mcts:N:FILE for another pattern file)"});
  return infos;
}

std::vector<std::string> BinaryGame::default_agents() const { return {"patterns", "random"}; }

GameEntry registry_entry() {
  return {
      kInfo.name,
      kInfo.title,
      PG_TEXT("Two players put 0s and 1s on a grid: never three equal digits in a row, never more than half of a line "
              "one digit. Whoever cannot move loses."),
      PG_TEXT("On your turn, put a 0 or a 1 on an empty point (both players may play either digit). A move is legal "
              "only if afterwards no three equal digits are consecutive in that point's row or column, and neither "
              "line holds more than half its length (rounded up) of that digit. The player to move who has no legal "
              "move loses. Points are named x,y: x is the column from the left, y the row from the top (the course's "
              "`play x y d`)."),
      option_infos(),
      [](const Json& options) -> std::shared_ptr<const Game> {
        return std::make_shared<BinaryGame>(size_from_options(options));
      }};
}

std::string BinaryGame::describe_events(const Json& events) const {
  std::string out;
  if (events.contains(events::kRow) && events.contains(events::kColumn))  // the strings the patterns read
    out += "row " + events[events::kRow].get<std::string>() + ", column " + events[events::kColumn].get<std::string>() +
           "; ";
  if (events.contains(events::kWinner) && events.contains(events::kDigit))
    out += "the opponent has no legal move: player " + events[events::kWinner].dump() + " wins; ";
  return out;
}

}  // namespace pg::binary
