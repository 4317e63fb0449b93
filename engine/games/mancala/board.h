// Kalah: the board and its rules as a plain value type, for fast search,
// playouts and training. The generic State adapter is in mancala_game.h.
//
// Rule set: standard Kalah(6,4) as most implementations state it (e.g.
// OpenSpiel's `mancala`), https://en.wikipedia.org/wiki/Kalah, with named
// options for the points the report leaves open (the source, a Matlab RL
// workshop report on TD learning for Kalah):
//   stones_per_pit            4      stones in each pit at the start
//   capture_empty_opposite    false  the last stone in an own empty pit is
//                                    captured even when the opposite pit is empty
//   sweep_remaining           true   at the end, stones left on a side go to
//                                    that side's owner
//   early_end                 false  the game ends once a store holds more
//                                    than half of all stones (the report's rule)
//   end_only_when_mover_empty false  the game ends only when the player to
//                                    move has no stones (the report's reading);
//                                    otherwise when either side is empty
//
// Holes are numbered in sowing order: player 0's pits 0..5 (from the pit
// farthest from its store), player 0's store 6, player 1's pits 7..12, player
// 1's store 13. Pit i faces pit 12 - i.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace pg::mancala {

constexpr int kPitsPerSide = 6;
constexpr int kNumHoles = 2 * kPitsPerSide + 2;
constexpr int kMaxStonesPerPit = 10;  // keeps every count within a byte

constexpr int store_of(int player) { return player == 0 ? kPitsPerSide : kNumHoles - 1; }
constexpr int first_pit_of(int player) { return player == 0 ? 0 : kPitsPerSide + 1; }
constexpr int opposite_pit(int hole) { return 2 * kPitsPerSide - hole; }
constexpr bool is_pit_of(int player, int hole) {
  return hole >= first_pit_of(player) && hole < first_pit_of(player) + kPitsPerSide;
}

struct Rules {
  int stones_per_pit = 4;
  bool capture_empty_opposite = false;
  bool sweep_remaining = true;
  bool early_end = false;
  bool end_only_when_mover_empty = false;

  int total_stones() const { return 2 * kPitsPerSide * stones_per_pit; }
  bool operator==(const Rules&) const = default;
};

// What one move did, for tests, the step log and debug drawing.
struct MoveReport {
  int last_hole = -1;
  bool extra_turn = false;
  int capture_pit = -1;  // the mover's pit the last stone landed in, if it captured
  int captured = 0;      // stones moved to the store by the capture (incl. the last one)
  bool ended = false;
  std::array<int, 2> swept{0, 0};  // stones each side's owner received at the end
};

struct Board {
  std::array<uint8_t, kNumHoles> holes{};
  uint8_t to_move = 0;
  bool done = false;

  static Board initial(const Rules& rules);

  int pit(int player, int index) const { return holes[size_t(first_pit_of(player) + index)]; }
  int store(int player) const { return holes[size_t(store_of(player))]; }
  int side_stones(int player) const;

  // Bit i is set when the mover's pit i (counted from the one farthest from
  // the store) holds stones: the legal moves. Zero when the game is over.
  uint32_t legal_mask() const;

  // Sows the mover's pit `index` (0..5) and applies captures, extra turns and
  // the end of the game. `path`, when given, receives every hole sown into.
  // Inline: search, playouts and training call it in their inner loops.
  MoveReport sow(int index, const Rules& rules, std::vector<int>* path = nullptr);

  // +1 if player 0 has won, -1 if player 1 has, 0 for a draw (or unfinished).
  int outcome() const;

  bool operator==(const Board&) const = default;

 private:
  int sow_stone_by_stone(int hole, int stones, std::vector<int>& path);
  void end_game(const Rules& rules, MoveReport& report);
};

// Legal moves as a mask: how many, and the k-th, by table (no loops).
int legal_count(uint32_t mask);
int nth_legal(uint32_t mask, uint32_t k);

// The board as ASCII, player 1's row on top, as in the rule tests.
std::string to_text(const Board& board);

}  // namespace pg::mancala

#include "engine/games/mancala/board_inline.h"
