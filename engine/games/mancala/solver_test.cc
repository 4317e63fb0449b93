// The exact solver against plain exhaustive minimax (no pruning, no table,
// no database) on small positions and boards, under each rule variant, and
// its endgame database against its search.
#include "engine/games/mancala/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "engine/core/rng.h"
#include "engine/games/mancala/board.h"

namespace pg::mancala {
namespace {

// The final store difference under perfect play, by brute force.
int brute_force(const Board& b, const Rules& rules, long& nodes) {
  ++nodes;
  if (b.done) return b.store(0) - b.store(1);
  int best = b.to_move == 0 ? -1000 : 1000;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(b.legal_mask() & (1u << i))) continue;
    Board child = b;
    child.sow(i, rules);
    const int v = brute_force(child, rules, nodes);
    best = b.to_move == 0 ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// The same with every position's value remembered (whole small games).
int memo_minimax(const Board& b, const Rules& rules, std::map<std::array<uint8_t, 16>, int>& memo) {
  if (b.done) return b.store(0) - b.store(1);
  std::array<uint8_t, 16> key{};
  std::copy(b.holes.begin(), b.holes.end(), key.begin());
  key[kNumHoles] = b.to_move;
  if (auto it = memo.find(key); it != memo.end()) return it->second;
  int best = b.to_move == 0 ? -1000 : 1000;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(b.legal_mask() & (1u << i))) continue;
    Board child = b;
    child.sow(i, rules);
    const int v = memo_minimax(child, rules, memo);
    best = b.to_move == 0 ? std::max(best, v) : std::min(best, v);
  }
  memo[key] = best;
  return best;
}

int stones_in_pits(const Board& b) { return b.side_stones(0) + b.side_stones(1); }

// Positions from random games once at most `left` stones remain in the pits.
std::vector<Board> late_positions(const Rules& rules, int left, int count, uint64_t seed) {
  std::vector<Board> out;
  Rng rng(seed);
  while (int(out.size()) < count) {
    Board b = Board::initial(rules);
    while (!b.done && stones_in_pits(b) > left) {
      const uint32_t mask = b.legal_mask();
      b.sow(nth_legal(mask, rng.below(uint32_t(legal_count(mask)))), rules);
    }
    if (!b.done) out.push_back(b);
  }
  return out;
}

void expect_matches_brute_force(const Rules& rules, int left, int database_stones) {
  Solver solver(rules, database_stones, 16);
  long brute_nodes = 0, solver_nodes = 0;
  for (const Board& b : late_positions(rules, left, 30, 7)) {
    const Solution s = solver.solve_moves(b);
    ASSERT_TRUE(s.solved);
    ASSERT_EQ(s.value, brute_force(b, rules, brute_nodes)) << to_text(b);
    for (int i = 0; i < kPitsPerSide; ++i) {
      if (!(s.legal & (1u << i))) continue;
      Board child = b;
      child.sow(i, rules);
      long n = 0;
      ASSERT_EQ(s.move_value[size_t(i)], brute_force(child, rules, n)) << to_text(b) << "pit " << i + 1;
    }
    solver_nodes += s.nodes;
  }
  EXPECT_LT(solver_nodes, brute_nodes);
}

TEST(MancalaSolver, MatchesBruteForceOnLatePositions) { expect_matches_brute_force(Rules{}, 8, 0); }

TEST(MancalaSolver, MatchesBruteForceUnderEveryRuleOption) {
  Rules capture;
  capture.capture_empty_opposite = true;
  expect_matches_brute_force(capture, 8, 0);
  Rules report_reading;
  report_reading.sweep_remaining = false;
  report_reading.early_end = true;
  report_reading.end_only_when_mover_empty = true;
  expect_matches_brute_force(report_reading, 8, 0);
  Rules six;
  six.stones_per_pit = 6;
  expect_matches_brute_force(six, 8, 0);
}

TEST(MancalaSolver, EndgameDatabaseAgreesWithSearch) {
  // Positions above and inside the database's reach (6 stones in the pits).
  expect_matches_brute_force(Rules{}, 8, 6);
  Solver with(Rules{}, 8, 16), without(Rules{}, 0, 16);
  for (const Board& b : late_positions(Rules{}, 16, 40, 11)) ASSERT_EQ(with.solve(b).value, without.solve(b).value);
  EXPECT_EQ(with.database_stones(), 8);
  EXPECT_GT(with.database_bytes(), 0u);
  Rules early;
  early.early_end = true;
  EXPECT_EQ(Solver(early, 8).database_stones(), 0) << "the stores matter under early_end: no database";
}

TEST(MancalaSolver, SmallBoardsFromTheStart) {
  // Kalah(6,1) checked against plain memoised minimax from the start.
  Rules one;
  one.stones_per_pit = 1;
  std::map<std::array<uint8_t, 16>, int> memo;
  const int brute = memo_minimax(Board::initial(one), one, memo);
  Solver solver(one, 0, 16);
  EXPECT_EQ(solver.solve(Board::initial(one)).value, brute);
  EXPECT_EQ(brute, 2);
  // Kalah(6,2): +6 for the first player (pit 5 the only winning move).
  Rules two;
  two.stones_per_pit = 2;
  Solver solver2(two, 0, 18);
  const Solution s = solver2.solve_moves(Board::initial(two));
  EXPECT_EQ(s.value, 6);
  EXPECT_EQ(s.move_value[4], 6);
  for (int i : {0, 1, 2, 3, 5}) EXPECT_LT(s.move_value[size_t(i)], 6);
}

TEST(MancalaSolver, StopsAtItsNodeBudget) {
  Solver solver(Rules{}, 0, 16);
  const Solution s = solver.solve(Board::initial(Rules{}), {0, 10000});
  EXPECT_FALSE(s.solved);
  EXPECT_LE(s.nodes, 10000 + 4096);
}

TEST(MancalaSolver, TheGuessOnlyChangesTheWork) {
  // MTD(f) converges from any first guess to the same value; a good guess
  // (the value itself) needs fewer null-window passes, so fewer nodes.
  const std::vector<Board> positions = late_positions(Rules{}, 14, 12, 5);
  for (const Board& b : positions) {
    Solver exact(Rules{}, 0, 16);
    const Solution from_zero = exact.solve(b);
    ASSERT_TRUE(from_zero.solved);
    for (int guess : {-30, -3, 7, 40}) {
      Solver other(Rules{}, 0, 16);
      EXPECT_EQ(other.solve(b, {}, guess).value, from_zero.value) << to_text(b) << "guess " << guess;
    }
    Solver told(Rules{}, 0, 16);
    EXPECT_LE(told.solve(b, {}, from_zero.value).nodes, from_zero.nodes) << to_text(b);
  }
}

TEST(MancalaSolver, AStoppedSearchReportsTheBoundsItProved) {
  // Each finished MTD(f) pass proves a bound; a search stopped by its budget
  // reports those, and they always hold the exact value.
  const std::vector<Board> positions = late_positions(Rules{}, 20, 12, 9);
  int narrowed = 0;
  for (const Board& b : positions) {
    Solver exact(Rules{}, 0, 16);
    const Solution truth = exact.solve(b);
    ASSERT_TRUE(truth.solved);
    EXPECT_EQ(truth.lower, truth.value);
    EXPECT_EQ(truth.upper, truth.value);
    for (long budget : {5000L, 20000L, 80000L}) {
      Solver stopped(Rules{}, 0, 16);
      std::vector<std::pair<int, int>> passes;
      stopped.on_pass([&](int lower, int upper, long, double) { passes.emplace_back(lower, upper); });
      const Solution s = stopped.solve(b, {0, budget}, truth.value - 3);
      EXPECT_LE(s.lower, truth.value) << to_text(b);
      EXPECT_GE(s.upper, truth.value) << to_text(b);
      for (size_t i = 1; i < passes.size(); ++i) {  // the bounds only narrow
        EXPECT_GE(passes[i].first, passes[i - 1].first);
        EXPECT_LE(passes[i].second, passes[i - 1].second);
      }
      if (!passes.empty()) {
        EXPECT_EQ(passes.back(), std::make_pair(s.lower, s.upper));
      }
      if (!s.solved && (s.lower > -1000 || s.upper < 1000)) ++narrowed;
    }
  }
  EXPECT_GT(narrowed, 0);  // some stopped searches did prove a bound
}

}  // namespace
}  // namespace pg::mancala
