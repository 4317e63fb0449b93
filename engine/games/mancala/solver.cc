#include "engine/games/mancala/solver.h"

#include <algorithm>
#include <chrono>
#include <cstring>

namespace pg::mancala {

namespace {

constexpr int8_t kUnknown = -128;
constexpr int kPits = 2 * kPitsPerSide;

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Binomial coefficients C(n, k) for n < 64, k <= 12, by Pascal's rule: the
// database index takes twelve of them per position, at every database probe.
// Built on the heap at first use: a constant table would add 6.5 KB to the
// page's download.
constexpr int kBinomialRows = 64;

uint64_t binomial(int n, int k) {
  static const std::vector<uint64_t> table = [] {
    std::vector<uint64_t> c(size_t(kBinomialRows * (kPits + 1)), 0);
    const auto at = [&c](int row, int col) -> uint64_t& { return c[size_t(row * (kPits + 1) + col)]; };
    for (int row = 0; row < kBinomialRows; ++row) {
      at(row, 0) = 1;
      for (int col = 1; col <= kPits && col <= row; ++col) at(row, col) = at(row - 1, col - 1) + at(row - 1, col);
    }
    return c;
  }();
  if (k < 0 || n < k) return 0;
  return table[size_t(n * (kPits + 1) + k)];
}

// The twelve pits in sowing order (player 0's, then player 1's).
std::array<int, kPits> pits_of(const Board& b) {
  std::array<int, kPits> p{};
  for (int i = 0; i < kPitsPerSide; ++i) {
    p[size_t(i)] = b.holes[size_t(i)];
    p[size_t(kPitsPerSide + i)] = b.holes[size_t(kPitsPerSide + 1 + i)];
  }
  return p;
}

int stones_in_pits(const Board& b) {
  int n = 0;
  for (int v : pits_of(b)) n += v;
  return n;
}

int store_difference(const Board& b) { return b.store(0) - b.store(1); }

uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

}  // namespace

std::string bounds_text(int lower, int upper) {
  const auto signed_text = [](int v) { return (v > 0 ? "+" : "") + std::to_string(v); };
  const bool low = lower > -1000, high = upper < 1000;
  if (low && high && lower == upper) return "value = " + signed_text(lower);
  if (low && high) return signed_text(lower) + " <= value <= " + signed_text(upper);
  if (low) return "value >= " + signed_text(lower);
  if (high) return "value <= " + signed_text(upper);
  return "nothing yet";
}

Solver::Solver(const Rules& rules, int database_stones, int table_log2)
    : rules_(rules),
      // (the binomial table's limit is far beyond any memory: 51 stones would take 10^13 bytes)
      database_stones_(rules.early_end ? 0 : std::clamp(database_stones, 0, kBinomialRows - kPits - 1)),
      table_(size_t(1) << table_log2),
      table_mask_((uint64_t(1) << table_log2) - 1) {}

void Solver::clear_table() { std::fill(table_.begin(), table_.end(), Entry{}); }

void Solver::key_of(const Board& b, uint64_t& lo, uint64_t& hi) const {
  Board k = b;
  if (!rules_.early_end) {  // the stores do not change what is still to be gained
    k.holes[size_t(store_of(0))] = 0;
    k.holes[size_t(store_of(1))] = 0;
  }
  std::memcpy(&lo, reinterpret_cast<const unsigned char*>(&k), 8);
  std::memcpy(&hi, reinterpret_cast<const unsigned char*>(&k) + 8, 8);
}

bool Solver::in_database(const Board& b) const { return database_stones_ > 0 && stones_in_pits(b) <= database_stones_; }

// Positions with n stones in the 12 pits are ranked by the combinatorial
// number system over the "bars" between pits; levels n = 0, 1, ... follow
// each other, and each position appears once per player to move.
size_t Solver::database_index(const Board& b) const {
  const auto p = pits_of(b);
  int n = 0;
  for (int v : p) n += v;
  uint64_t rank = 0;
  int bar = -1;
  for (int k = 0; k < kPits - 1; ++k) {
    bar += p[size_t(k)] + 1;
    rank += binomial(bar, k + 1);
  }
  const uint64_t level_offset = binomial(n + kPits - 1, kPits);
  return size_t((level_offset + rank) * 2 + b.to_move);
}

// The gain still to come from a position in the database, computed on first
// use from its children. Moves that put no stone in a store keep the number
// of stones in the pits but move the mover's stones toward its store, so
// this recursion has no cycles.
int Solver::database_gain(const Board& b) {
  int8_t& slot = database_[database_index(b)];
  if (slot != kUnknown) return slot;
  const uint32_t mask = b.legal_mask();
  int best = b.to_move == 0 ? -1000 : 1000;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(mask & (1u << i))) continue;
    Board child = b;
    child.sow(i, rules_);
    const int v = store_difference(child) - store_difference(b) + (child.done ? 0 : database_gain(child));
    best = b.to_move == 0 ? std::max(best, v) : std::min(best, v);
  }
  if (!mask) best = 0;  // not a reachable live position
  slot = int8_t(best);
  return best;
}

void Solver::build_database() {
  if (database_stones_ == 0 || !database_.empty()) return;
  const double start = now_seconds();
  database_.assign(size_t(binomial(database_stones_ + kPits, kPits) * 2), kUnknown);
  // Fill level by level so the recursion stays shallow.
  for (int n = 1; n <= database_stones_; ++n) {
    std::array<int, kPits> p{};
    p[0] = n;
    while (true) {
      for (int player = 0; player < 2; ++player) {
        Board b;
        for (int i = 0; i < kPitsPerSide; ++i) {
          b.holes[size_t(i)] = uint8_t(p[size_t(i)]);
          b.holes[size_t(kPitsPerSide + 1 + i)] = uint8_t(p[size_t(kPitsPerSide + i)]);
        }
        b.to_move = uint8_t(player);
        const bool live =
            rules_.end_only_when_mover_empty ? b.side_stones(player) > 0 : b.side_stones(0) > 0 && b.side_stones(1) > 0;
        if (live) database_gain(b);
      }
      // The next composition of n into 12 parts (reverse lexicographic).
      int k = 0;
      while (k < kPits - 1 && p[size_t(k)] == 0) ++k;
      if (k == kPits - 1) break;
      const int moved = p[size_t(k)] - 1;
      p[size_t(k)] = 0;
      p[size_t(k + 1)] += 1;
      p[0] = moved;
    }
  }
  database_seconds_ = now_seconds() - start;
}

int Solver::gain(const Board& b, int alpha, int beta) {
  if (++nodes_ % 4096 == 0 &&
      ((limits_.nodes && nodes_ > limits_.nodes) || (deadline_ > 0 && now_seconds() > deadline_)))
    throw OutOfBudget{};
  if (in_database(b)) return database_gain(b);
  uint64_t lo, hi;
  key_of(b, lo, hi);
  Entry& e = table_[size_t(mix(lo ^ mix(hi)) & table_mask_)];
  const bool hit = e.lo == lo && e.hi == hi;
  if (hit) {
    if (e.lower >= beta) return e.lower;
    if (e.upper <= alpha) return e.upper;
    if (e.lower == e.upper) return e.lower;
    alpha = std::max(alpha, int(e.lower));
    beta = std::min(beta, int(e.upper));
  }
  // Move order: the table's best move, extra turns, captures, then the pits
  // nearest the store first.
  const uint32_t mask = b.legal_mask();
  std::array<int, kPitsPerSide> order{};
  std::array<int, kPitsPerSide> priority{};
  int count = 0;
  for (int i = kPitsPerSide - 1; i >= 0; --i) {
    if (!(mask & (1u << i))) continue;
    const int stones = b.pit(b.to_move, i);
    const int to_store = kPitsPerSide - i;
    int pr = 0;
    if (hit && e.best == i)
      pr = 3;
    else if (stones == to_store)
      pr = 2;
    else if (stones < to_store && b.pit(b.to_move, i + stones) == 0 &&
             b.holes[size_t(opposite_pit(first_pit_of(b.to_move) + i + stones))] > 0)
      pr = 1;
    int j = count++;
    while (j > 0 && priority[size_t(j - 1)] < pr) {
      order[size_t(j)] = order[size_t(j - 1)];
      priority[size_t(j)] = priority[size_t(j - 1)];
      --j;
    }
    order[size_t(j)] = i;
    priority[size_t(j)] = pr;
  }
  const bool maximizing = b.to_move == 0;
  const int alpha0 = alpha, beta0 = beta;
  int best = maximizing ? -1000 : 1000;
  int best_move = -1;
  for (int k = 0; k < count; ++k) {
    const int i = order[size_t(k)];
    Board child = b;
    child.sow(i, rules_);
    const int delta = store_difference(child) - store_difference(b);
    const int v = delta + (child.done ? 0 : gain(child, alpha - delta, beta - delta));
    if (maximizing ? v > best : v < best) {
      best = v;
      best_move = i;
    }
    if (maximizing)
      alpha = std::max(alpha, v);
    else
      beta = std::min(beta, v);
    if (alpha >= beta) break;
  }
  // Fail-soft bounds: below alpha0 is an upper bound, above beta0 a lower one.
  Entry& slot = table_[size_t(mix(lo ^ mix(hi)) & table_mask_)];
  if (!(slot.lo == lo && slot.hi == hi)) slot = Entry{lo, hi, -128, 127, -1};
  if (best <= alpha0)
    slot.upper = int8_t(std::min<int>(slot.upper, best));
  else if (best >= beta0)
    slot.lower = int8_t(std::max<int>(slot.lower, best));
  else
    slot.lower = slot.upper = int8_t(best);
  slot.best = int8_t(best_move);
  return best;
}

// `offset` turns a gain into the final store difference for the bounds.
int Solver::mtdf(const Board& b, int guess, int offset, Solution& bounds) {
  int lower = -1000, upper = 1000, g = guess;
  while (lower < upper) {
    const int beta = g == lower ? g + 1 : g;
    g = gain(b, beta - 1, beta);
    if (g < beta)
      upper = g;
    else
      lower = g;
    bounds.lower = std::max(bounds.lower, offset + lower);
    bounds.upper = std::min(bounds.upper, offset + upper);
    if (on_pass_) on_pass_(bounds.lower, bounds.upper, nodes_, now_seconds() - start_);
  }
  return g;
}

Solution Solver::solve(const Board& board, const SolveLimits& limits, int guess) {
  Solution s;
  limits_ = limits;
  build_database();  // once; its time is reported apart (database_seconds)
  const double start = now_seconds();
  start_ = start;
  deadline_ = limits.seconds > 0 ? start + limits.seconds : 0;
  nodes_ = 0;
  s.legal = board.legal_mask();
  const int offset = store_difference(board);
  try {
    s.value = offset + (board.done ? 0 : mtdf(board, guess - offset, offset, s));
    s.lower = s.upper = s.value;
    s.solved = true;
  } catch (const OutOfBudget&) {
    s.solved = false;
  }
  s.nodes = nodes_;
  s.seconds = now_seconds() - start;
  return s;
}

Solution Solver::solve_moves(const Board& board, const SolveLimits& limits, int guess) {
  Solution s = solve(board, limits, guess);
  if (!s.solved) return s;
  const double start = now_seconds();
  long nodes = s.nodes;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(s.legal & (1u << i))) continue;
    Board child = board;
    child.sow(i, rules_);
    SolveLimits rest = limits;
    if (rest.seconds > 0) rest.seconds = std::max(1e-3, limits.seconds - s.seconds - (now_seconds() - start));
    const Solution c = solve(child, rest, s.value);  // a good move keeps the value
    nodes += c.nodes;
    if (!c.solved) {
      s.solved = false;
      break;
    }
    s.move_value[size_t(i)] = c.value;
  }
  s.nodes = nodes;
  s.seconds += now_seconds() - start;
  return s;
}

}  // namespace pg::mancala
