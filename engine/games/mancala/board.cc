#include "engine/games/mancala/board.h"

#include <cstdio>

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

uint32_t Board::legal_mask() const {
  if (done) return 0;
  uint32_t mask = 0;
  const size_t first = size_t(first_pit_of(to_move));
  for (size_t i = 0; i < kPitsPerSide; ++i) mask |= uint32_t(holes[first + i] != 0) << i;
  return mask;
}

MoveReport Board::sow(int index, const Rules& rules, std::vector<int>* path) {
  MoveReport report;
  const int mover = to_move;
  const int skipped = store_of(1 - mover);
  int hole = first_pit_of(mover) + index;
  int stones = holes[size_t(hole)];
  holes[size_t(hole)] = 0;

  // Whole laps put one stone in each of the 13 holes other than the
  // opponent's store (the emptied pit included), as in standard Kalah.
  constexpr int kLap = kNumHoles - 1;
  if (stones >= kLap && path == nullptr) {
    const int laps = stones / kLap;
    for (int h = 0; h < kNumHoles; ++h)
      if (h != skipped) holes[size_t(h)] = uint8_t(holes[size_t(h)] + laps);
    stones -= laps * kLap;
    // A whole lap ends in the emptied pit itself, so if nothing is left over,
    // `hole` (still the start) is where the last stone landed.
  }
  while (stones > 0) {
    hole = hole == kNumHoles - 1 ? 0 : hole + 1;
    if (hole == skipped) continue;
    ++holes[size_t(hole)];
    --stones;
    if (path) path->push_back(hole);
  }
  report.last_hole = hole;

  const int own_store = store_of(mover);
  if (hole == own_store) {
    report.extra_turn = true;
  } else if (is_pit_of(mover, hole) && holes[size_t(hole)] == 1) {
    const int opposite = opposite_pit(hole);
    if (holes[size_t(opposite)] > 0 || rules.capture_empty_opposite) {
      report.capture_pit = hole;
      report.captured = holes[size_t(opposite)] + 1;
      holes[size_t(own_store)] = uint8_t(holes[size_t(own_store)] + report.captured);
      holes[size_t(opposite)] = 0;
      holes[size_t(hole)] = 0;
    }
  }
  to_move = uint8_t(report.extra_turn ? mover : 1 - mover);

  // End of the game.
  bool over = false;
  if (rules.early_end) {
    const int half = rules.total_stones() / 2;
    over = store(0) > half || store(1) > half;
  }
  if (!over) {
    if (rules.end_only_when_mover_empty)
      over = side_stones(to_move) == 0;
    else
      over = side_stones(0) == 0 || side_stones(1) == 0;
  }
  if (over) {
    done = true;
    report.ended = true;
    if (rules.sweep_remaining) {
      for (int p = 0; p < 2; ++p) {
        report.swept[size_t(p)] = side_stones(p);
        for (int i = 0; i < kPitsPerSide; ++i) holes[size_t(first_pit_of(p) + i)] = 0;
        holes[size_t(store_of(p))] = uint8_t(holes[size_t(store_of(p))] + report.swept[size_t(p)]);
      }
    }
  }
  return report;
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
