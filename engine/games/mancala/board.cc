#include "engine/games/mancala/board.h"

#include <cstddef>
#include <cstdio>
#include <cstring>

namespace pg::mancala {

Board Board::initial(const Rules& rules) {
  Board b;
  for (int p = 0; p < 2; ++p)
    for (int i = 0; i < kPitsPerSide; ++i) b.holes[size_t(first_pit_of(p) + i)] = uint8_t(rules.stones_per_pit);
  return b;
}

int Board::side_stones(int player) const {
  int sum = 0;
  for (int i = 0; i < kPitsPerSide; ++i) sum += pit(player, i);
  return sum;
}

int Board::sow_stone_by_stone(int hole, int stones, std::vector<int>& path) {
  const int skipped = store_of(1 - to_move);
  while (stones > 0) {
    hole = hole == kNumHoles - 1 ? 0 : hole + 1;
    if (hole == skipped) continue;
    ++holes[size_t(hole)];
    --stones;
    path.push_back(hole);
  }
  return hole;
}

void Board::end_game(const Rules& rules, MoveReport& report) {
  done = true;
  report.ended = true;
  if (!rules.sweep_remaining) return;
  for (int p = 0; p < 2; ++p) {
    report.swept[size_t(p)] = side_stones(p);
    for (int i = 0; i < kPitsPerSide; ++i) holes[size_t(first_pit_of(p) + i)] = 0;
    holes[size_t(store_of(p))] = uint8_t(holes[size_t(store_of(p))] + report.swept[size_t(p)]);
  }
}

int Board::outcome() const {
  if (!done) return 0;
  return store(0) > store(1) ? 1 : store(0) < store(1) ? -1 : 0;
}

std::string to_text(const Board& b) {
  // Player 1's pits run right to left along the top, so sowing goes
  // counter-clockwise: 0..5 along the bottom, store 6 on the right,
  // 7..12 along the top, store 13 on the left.
  std::string out;
  char buf[16];
  out += "    ";
  for (int i = kPitsPerSide - 1; i >= 0; --i) {
    std::snprintf(buf, sizeof buf, "%4d", b.pit(1, i));
    out += buf;
  }
  out += "\n";
  std::snprintf(buf, sizeof buf, "%4d", b.store(1));
  out += buf;
  out += std::string(4 * kPitsPerSide, ' ');
  std::snprintf(buf, sizeof buf, "%4d", b.store(0));
  out += buf;
  out += "\n    ";
  for (int i = 0; i < kPitsPerSide; ++i) {
    std::snprintf(buf, sizeof buf, "%4d", b.pit(0, i));
    out += buf;
  }
  out += "\n";
  if (b.done) {
    const int o = b.outcome();
    out += o > 0 ? "Game over: player 0 wins\n" : o < 0 ? "Game over: player 1 wins\n" : "Game over: draw\n";
  } else {
    out += "Player " + std::to_string(b.to_move) + " to move\n";
  }
  return out;
}

}  // namespace pg::mancala
