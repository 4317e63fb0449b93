// The inner-loop parts of the Kalah board (included by board.h): legal
// moves, sowing and the end of the game, written for speed. Sowing fewer
// than a lap of stones is precomputed: for the mover, the pit and the number
// of stones, what each hole receives (two little-endian words over the
// board's 16 bytes) and where the last stone lands. Adding the words adds the
// stones to every hole at once; no byte can overflow, since the board holds
// at most 2 * 6 * kMaxStonesPerPit = 120 stones.
#pragma once

#include <cstddef>
#include <cstring>

namespace pg::mancala {

namespace detail {

struct SowTable {
  uint64_t add[2][kPitsPerSide][kNumHoles - 1][2];
  uint8_t last[2][kPitsPerSide][kNumHoles - 1];
  uint64_t lap[2][2];  // one stone in each hole but the opponent's store
};

constexpr void add_stone(uint64_t (&words)[2], int hole) { words[hole / 8] += uint64_t(1) << (8 * (hole % 8)); }

constexpr SowTable make_sow_table() {
  SowTable t{};
  for (int m = 0; m < 2; ++m) {
    const int skipped = store_of(1 - m);
    for (int h = 0; h < kNumHoles; ++h)
      if (h != skipped) add_stone(t.lap[m], h);
    for (int i = 0; i < kPitsPerSide; ++i) {
      for (int n = 0; n < kNumHoles - 1; ++n) {
        uint64_t words[2] = {0, 0};
        int hole = first_pit_of(m) + i;
        for (int k = 0; k < n;) {
          hole = hole == kNumHoles - 1 ? 0 : hole + 1;
          if (hole == skipped) continue;
          add_stone(words, hole);
          ++k;
        }
        t.add[m][i][n][0] = words[0];
        t.add[m][i][n][1] = words[1];
        t.last[m][i][n] = uint8_t(hole);
      }
    }
  }
  return t;
}

inline constexpr SowTable kSowTable = make_sow_table();

struct MaskTable {
  uint8_t count[64];
  uint8_t nth[64][kPitsPerSide];
};

constexpr MaskTable make_mask_table() {
  MaskTable t{};
  for (int m = 0; m < 64; ++m) {
    int k = 0;
    for (int i = 0; i < kPitsPerSide; ++i)
      if (m & (1 << i)) t.nth[m][k++] = uint8_t(i);
    t.count[m] = uint8_t(k);
  }
  return t;
}

inline constexpr MaskTable kMaskTable = make_mask_table();

// The board's 16 bytes (holes 0..13, to_move, done) as two little-endian
// words. A move loads them once, works in registers and stores them once:
// mixing byte stores with wider loads would stall the CPU's store forwarding.
struct Words {
  uint64_t lo = 0, hi = 0;  // bytes 0..7 and 8..15

  static Words of(const Board& b) {
    static_assert(sizeof(Board) == 16 && offsetof(Board, holes) == 0 && offsetof(Board, to_move) == kNumHoles,
                  "the word-wise board relies on its 16-byte layout");
    Words w;
    std::memcpy(&w.lo, reinterpret_cast<const unsigned char*>(&b), 8);
    std::memcpy(&w.hi, reinterpret_cast<const unsigned char*>(&b) + 8, 8);
    return w;
  }
  void store(Board& b) const {
    std::memcpy(reinterpret_cast<unsigned char*>(&b), &lo, 8);
    std::memcpy(reinterpret_cast<unsigned char*>(&b) + 8, &hi, 8);
  }
  uint64_t& word(int byte) { return byte < 8 ? lo : hi; }
  int get(int byte) const { return int(((byte < 8 ? lo : hi) >> (8 * (byte & 7))) & 0xFF); }
  void clear(int byte) { word(byte) &= ~(uint64_t(0xFF) << (8 * (byte & 7))); }
  void add(int byte, uint64_t n) { word(byte) += n << (8 * (byte & 7)); }
  // The player's six pits as the low six bytes of a word.
  uint64_t side(int player) const {
    constexpr uint64_t kSixBytes = 0xFFFFFFFFFFFFull;
    return player == 0 ? lo & kSixBytes : ((lo >> 56) | (hi << 8)) & kSixBytes;
  }
};

}  // namespace detail

inline int legal_count(uint32_t mask) { return detail::kMaskTable.count[mask & 63]; }
inline int nth_legal(uint32_t mask, uint32_t k) { return detail::kMaskTable.nth[mask & 63][k]; }

inline uint32_t Board::legal_mask() const {
  if (done) return 0;
  // The mover's six pits as six bytes of a word; each non-zero byte becomes
  // 1 in its lowest bit, and a multiplication gathers those bits into 0..5.
  uint64_t word = detail::Words::of(*this).side(to_move);
  word |= word >> 4;
  word |= word >> 2;
  word |= word >> 1;
  word &= 0x010101010101ull;
  return uint32_t((word * 0x0102040810204080ull) >> 56);
}

inline MoveReport Board::sow(int index, const Rules& rules, std::vector<int>* path) {
  using detail::kSowTable;
  MoveReport report;
  const int mover = to_move;
  const int start = first_pit_of(mover) + index;
  int hole = start;
  detail::Words w;
  if (path) {
    // Stone by stone, recording where each one goes (the page, the traces).
    const int stones = holes[size_t(hole)];
    holes[size_t(hole)] = 0;
    hole = sow_stone_by_stone(hole, stones, *path);
    w = detail::Words::of(*this);
  } else {
    w = detail::Words::of(*this);
    int stones = w.get(hole);
    w.clear(hole);
    // Whole laps put one stone in each of the 13 holes other than the
    // opponent's store, the emptied pit included (standard Kalah); a whole
    // lap ends in the emptied pit itself. The rest comes from the table.
    constexpr int kLap = kNumHoles - 1;
    if (stones >= kLap) {
      const uint64_t laps = uint64_t(stones / kLap);
      w.lo += kSowTable.lap[mover][0] * laps;
      w.hi += kSowTable.lap[mover][1] * laps;
      stones %= kLap;
    }
    if (stones > 0) {
      w.lo += kSowTable.add[mover][index][stones][0];
      w.hi += kSowTable.add[mover][index][stones][1];
      hole = kSowTable.last[mover][index][stones];
    }
  }
  report.last_hole = hole;

  const int own_store = store_of(mover);
  if (hole == own_store) {
    report.extra_turn = true;
  } else if (is_pit_of(mover, hole) && w.get(hole) == 1) {
    const int opposite = opposite_pit(hole);
    const int opposite_stones = w.get(opposite);
    if (opposite_stones > 0 || rules.capture_empty_opposite) {
      report.capture_pit = hole;
      report.captured = opposite_stones + 1;
      w.clear(opposite);
      w.clear(hole);
      w.add(own_store, uint64_t(report.captured));
    }
  }
  const int next = report.extra_turn ? mover : 1 - mover;
  w.clear(kNumHoles);  // to_move
  w.add(kNumHoles, uint64_t(next));

  bool over = false;
  if (rules.early_end) {
    const int half = rules.total_stones() / 2;
    over = w.get(store_of(0)) > half || w.get(store_of(1)) > half;
  }
  if (!over) over = rules.end_only_when_mover_empty ? w.side(next) == 0 : w.side(0) == 0 || w.side(1) == 0;
  w.store(*this);
  if (over) end_game(rules, report);
  return report;
}

}  // namespace pg::mancala
