#include "engine/games/tictactoe/solver.h"

#include <cstdint>
#include <vector>

namespace pg::tictactoe {

namespace {

constexpr uint32_t kPositions = 19683;  // 3^9
constexpr int8_t kUnsolved = 127;

// A move's value for its mover, from the value of the position it leads to (`reply`, for the opponent): the
// other side's result, one ply later.
Outcome one_ply_before(const Outcome& reply) {
  return {Outcome::Result(-reply.result), reply.result == Outcome::kDraw ? 0 : reply.plies + 1};
}

int8_t encode(const Outcome& o) { return int8_t(o.result == Outcome::kDraw ? 0 : o.result * (32 - o.plies)); }
Outcome decode(int8_t v) {
  if (v == 0) return {};
  return v > 0 ? Outcome{Outcome::kWin, 32 - v} : Outcome{Outcome::kLoss, 32 + v};
}

Outcome solve_into(std::vector<int8_t>& table, const Board& board) {
  int8_t& slot = table[board.key()];
  if (slot != kUnsolved) return decode(slot);
  Outcome best;
  if (board.winner() >= 0) {
    best = {Outcome::kLoss, 0};  // the opponent has just completed a line
  } else if (board.marks() == kCells) {
    best = {};
  } else {
    bool first = true;
    for (int cell = 0; cell < kCells; ++cell) {
      if (!board.empty_at(cell)) continue;
      Board next = board;
      next.place(cell);
      const Outcome o = one_ply_before(solve_into(table, next));
      if (first || o.better_than(best)) best = o;
      first = false;
    }
  }
  slot = encode(best);
  return best;
}

const std::vector<int8_t>& solved_table() {
  static const std::vector<int8_t> table = [] {
    std::vector<int8_t> t(kPositions, kUnsolved);
    solve_into(t, Board{});
    return t;
  }();
  return table;
}

}  // namespace

std::string Outcome::text() const {
  if (result == kDraw) return "draw";
  return std::string(result == kWin ? "win" : "loss") + " in " + std::to_string(plies) +
         (plies == 1 ? " ply" : " plies");
}

std::string Outcome::short_text() const {
  if (result == kDraw) return "D";
  return (result == kWin ? "W" : "L") + std::to_string(plies);
}

Outcome solve(const Board& board) {
  // Every position reachable from the empty board is in the table; one that is not (a JSON state no game
  // reaches, which state_from_json refuses) is solved on its own.
  const int8_t v = solved_table()[board.key()];
  if (v != kUnsolved) return decode(v);
  std::vector<int8_t> table(kPositions, kUnsolved);
  return solve_into(table, board);
}

std::vector<std::pair<int, Outcome>> action_values(const Board& board) {
  std::vector<std::pair<int, Outcome>> values;
  if (board.over()) return values;
  for (int cell = 0; cell < kCells; ++cell) {
    if (!board.empty_at(cell)) continue;
    Board next = board;
    next.place(cell);
    values.emplace_back(cell, one_ply_before(solve(next)));
  }
  return values;
}

std::string principal_line(Board board, int cell) {
  std::string line = cell_name(cell);
  board.place(cell);
  while (!board.over()) {
    const auto values = action_values(board);
    auto best = values.front();
    for (const auto& v : values)
      if (v.second.better_than(best.second)) best = v;
    line += " " + cell_name(best.first);
    board.place(best.first);
  }
  return line;
}

}  // namespace pg::tictactoe
