#include "engine/games/binary/solver.h"

#include <algorithm>
#include <bit>

#include "engine/core/error.h"

namespace pg::binary {

namespace {

struct OutOfBudget {};

constexpr int kValueBit = 63;
constexpr int kCountShift = 56;  // 7 bits of filled count above the board's 56
constexpr uint64_t kBoardBits = (1ull << kCountShift) - 1;

uint64_t hash_of(uint64_t filled, uint64_t ones) {
  uint64_t h = filled * 0x9E3779B97F4A7C15ull ^ (ones + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
  return h ^ (h >> 29);
}

}  // namespace

LabelsVerdict verdict_of(const std::vector<Solver::Label>& labels) {
  LabelsVerdict v;
  v.moves = int(labels.size());
  for (const auto& l : labels) {
    v.winning += l.outcome == Outcome::kWin ? 1 : 0;
    v.losing += l.outcome == Outcome::kLoss ? 1 : 0;
  }
  return v;
}

const char* outcome_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::kWin: return "wins";
    case Outcome::kLoss: return "loses";
    case Outcome::kUnknown: return "?";
  }
  return "?";
}

Solver::Solver(int width, int height, int table_bits, bool mirror_rule)
    : width_(width), height_(height), points_(width * height) {
  if (width < 1 || height < 1 || points_ > kMaxSolverPoints)
    throw InputError("solver", "board " + std::to_string(width) + "x" + std::to_string(height) +
                                   ": the solver takes boards of 1 to " + std::to_string(kMaxSolverPoints) + " points");
  symmetries_ = width == height ? 8 : 4;
  // The symmetries that are their own inverse: the flips, the half turn and,
  // on a square, the two diagonal reflections (3 bits: flip x, flip y, transpose).
  if (mirror_rule) involutions_ = width == height ? std::vector<int>{1, 2, 3, 4, 7} : std::vector<int>{1, 2, 3};
  map_.resize(size_t(symmetries_));
  for (int s = 0; s < symmetries_; ++s)
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        int tx = (s & 1) ? width - 1 - x : x, ty = (s & 2) ? height - 1 - y : y;
        if (s & 4) std::swap(tx, ty);  // squares only
        map_[size_t(s)][size_t(y * width + x)] = uint8_t(ty * width + tx);
      }
  all_ = points_ == 64 ? ~0ull : (1ull << points_) - 1;
  fixed_.assign(size_t(symmetries_), 0);
  for (int s = 0; s < symmetries_; ++s)
    for (int i = 0; i < points_; ++i)
      if (map_[size_t(s)][size_t(i)] == i) fixed_[size_t(s)] |= 1ull << i;
  for (int y = 0; y < height; ++y) {
    uint64_t row = 0;
    for (int x = 0; x < width; ++x) row |= 1ull << (y * width + x);
    rows_.push_back(row);
  }
  for (int x = 0; x < width; ++x) {
    uint64_t col = 0;
    for (int y = 0; y < height; ++y) col |= 1ull << (y * width + x);
    columns_.push_back(col);
  }
  const auto col = [&](int x) { return x >= 0 && x < width ? columns_[size_t(x)] : 0ull; };
  not_first_col_ = all_ & ~col(0);
  not_first_two_cols_ = all_ & ~col(0) & ~col(1);
  not_last_col_ = all_ & ~col(width - 1);
  not_last_two_cols_ = all_ & ~col(width - 1) & ~col(width - 2);
  table_.assign(size_t(1) << std::clamp(table_bits, 4, 30), Entry{kEmptySlot, 0});
  mask_ = table_.size() - 1;
}

Solver::Position Solver::position_of(const Board& board) const {
  if (board.width != width_ || board.height != height_)
    throw InputError("solver", "the board is not " + std::to_string(width_) + "x" + std::to_string(height_));
  Position p{};
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x)
      if (const int v = board.at(x, y); v != kEmpty) place(p, y * width_ + x, v);
  return p;
}

void Solver::place(Position& p, int point, int d) const {
  for (int s = 0; s < symmetries_; ++s) {
    const uint64_t bit = 1ull << map_[size_t(s)][size_t(point)];
    p.filled[s] |= bit;
    if (d) p.ones[s] |= bit;
  }
  ++p.count;
}

uint64_t Solver::legal(const Position& p, int d) const {
  const uint64_t mine = d ? p.ones[0] : p.filled[0] & ~p.ones[0];
  const uint64_t w = uint64_t(width_);
  // Three in a row: the neighbours one and two points away, along the row
  // (masked so that shifts do not wrap to the next row) and the column.
  const uint64_t l1 = (mine << 1) & not_first_col_, l2 = (mine << 2) & not_first_two_cols_;
  const uint64_t r1 = (mine >> 1) & not_last_col_, r2 = (mine >> 2) & not_last_two_cols_;
  const uint64_t u1 = (mine << w) & all_, u2 = (mine << (2 * w)) & all_;
  const uint64_t d1 = mine >> w, d2 = mine >> (2 * w);
  uint64_t bad = (l1 & l2) | (l1 & r1) | (r1 & r2) | (u1 & u2) | (u1 & d1) | (d1 & d2);
  // Lines already holding their share of d.
  const int row_cap = (width_ + 1) / 2, col_cap = (height_ + 1) / 2;
  for (uint64_t row : rows_)
    if (std::popcount(mine & row) >= row_cap) bad |= row;
  for (uint64_t col : columns_)
    if (std::popcount(mine & col) >= col_cap) bad |= col;
  return all_ & ~p.filled[0] & ~bad;
}

uint64_t Solver::legal_mask(const Board& board, int d) const { return legal(position_of(board), d); }

void Solver::canonical(const Position& p, uint64_t& filled, uint64_t& ones) const {
  filled = p.filled[0];
  ones = std::min(p.ones[0], p.filled[0] ^ p.ones[0]);
  for (int s = 1; s < symmetries_; ++s) {
    const uint64_t f = p.filled[s];
    if (f > filled) continue;
    const uint64_t o = std::min(p.ones[s], f ^ p.ones[s]);  // the digits as they are, or swapped
    if (f < filled || o < ones) filled = f, ones = o;
  }
}

int Solver::probe(const Position& p) const {
  uint64_t filled, ones;
  canonical(p, filled, ones);
  const size_t bucket = size_t(hash_of(filled, ones) & mask_ & ~uint64_t(3));
  for (size_t i = bucket; i < bucket + 4; ++i) {
    const Entry& e = table_[i];
    if (e.filled == filled && (e.ones_and_facts & kBoardBits) == ones) return int(e.ones_and_facts >> kValueBit);
  }
  return -1;
}

void Solver::store(const Position& p, bool won) {
  uint64_t filled, ones;
  canonical(p, filled, ones);
  const size_t bucket = size_t(hash_of(filled, ones) & mask_ & ~uint64_t(3));
  // Replace an empty slot, else the deepest position (the cheapest to find again).
  size_t victim = bucket;
  int victim_count = -1;
  for (size_t i = bucket; i < bucket + 4; ++i) {
    const Entry& e = table_[i];
    if (e.filled == kEmptySlot) {
      victim = i;
      ++stored_;
      break;
    }
    const int count = int((e.ones_and_facts >> kCountShift) & 0x7F);
    if (count > victim_count) victim = i, victim_count = count;
  }
  table_[victim] = {filled, ones | (uint64_t(p.count) << kCountShift) | (uint64_t(won) << kValueBit)};
}

bool Solver::mirrored(const Position& p, uint64_t open) const {
  for (int s : involutions_) {
    // The position equals its image with the digits swapped, and no point the
    // symmetry leaves in place can still be played.
    if (p.filled[s] == p.filled[0] && p.ones[s] == (p.filled[0] ^ p.ones[0]) && !(fixed_[size_t(s)] & open))
      return true;
  }
  return false;
}

bool Solver::wins(const Position& p) {
  ++nodes_;
  if (nodes_ >= node_limit_) throw OutOfBudget{};
  if (timed_ && (nodes_ & 1023) == 0 && std::chrono::steady_clock::now() > deadline_) throw OutOfBudget{};
  const uint64_t moves[2] = {legal(p, 0), legal(p, 1)};
  if (!(moves[0] | moves[1])) return false;            // the player to move is stuck
  if (mirrored(p, moves[0] | moves[1])) return false;  // the opponent answers every move with its mirror image
  if (const int known = probe(p); known >= 0) return known == 1;
  // A child already known to be lost wins at once.
  for (int d = 0; d < 2; ++d)
    for (uint64_t m = moves[d]; m; m &= m - 1) {
      Position child = p;
      place(child, std::countr_zero(m), d);
      if (probe(child) == 0 || mirrored(child, legal(child, 0) | legal(child, 1))) {
        store(p, true);
        return true;
      }
    }
  for (int d = 0; d < 2; ++d)
    for (uint64_t m = moves[d]; m; m &= m - 1) {
      Position child = p;
      place(child, std::countr_zero(m), d);
      if (!wins(child)) {
        store(p, true);
        return true;
      }
    }
  store(p, false);
  return false;
}

void Solver::start(const SearchBudget& budget) {
  timed_ = budget.seconds > 0;
  deadline_ = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                     std::chrono::duration<double>(budget.seconds));
  node_limit_ = budget.nodes > 0 ? nodes_ + budget.nodes : ~0ull;
}

Outcome Solver::solve(const Board& board, SearchBudget budget) {
  const Position p = position_of(board);
  start(budget);
  try {
    return wins(p) ? Outcome::kWin : Outcome::kLoss;
  } catch (const OutOfBudget&) {
    return Outcome::kUnknown;
  }
}

std::vector<Solver::Label> Solver::label_moves(const Board& board, SearchBudget budget) {
  const Position p = position_of(board);
  start(budget);
  std::vector<Label> labels;
  board.for_each_legal([&](int x, int y, int d) { labels.push_back({x, y, d, Outcome::kUnknown}); });
  try {
    for (auto& l : labels) {
      Position child = p;
      place(child, l.y * width_ + l.x, l.d);
      l.outcome = wins(child) ? Outcome::kLoss : Outcome::kWin;
    }
  } catch (const OutOfBudget&) {
  }
  return labels;
}

}  // namespace pg::binary
