// The search-bootstrapped trainer: its targets are the clamped search and the
// solver's exact result, one step moves the value toward its target, and a
// run is reproducible and changes the value it starts from; with a tree depth
// it also trains the positions below the games'; with a margin scale a
// decided end is worth tanh(store difference / scale), in the search and from
// the solver alike.
#include "engine/games/mancala/ntuple_bootstrap.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "engine/core/rng.h"
#include "engine/games/mancala/ntuple_agent.h"
#include "engine/games/mancala/solver.h"
#include "engine/games/mancala/test_boards.h"

namespace pg::mancala {
namespace {

NTupleValue small_random_value(uint64_t seed) {
  NTupleValue v;
  Rng rng(seed);
  for (auto& w : v.weights) w = float(int(rng.below(201)) - 100) / 1000.0f;
  return v;
}

TEST(NTupleBootstrap, OneStepMovesTheMoversValueTowardItsTarget) {
  //       0   5   0   0   0   2        player 1's holes 12..7
  //  10                          20
  //       1   0   0   0   0   3        player 0's holes 0..5
  for (int mover = 0; mover < 2; ++mover) {
    const Board b = make_board({1, 0, 0, 0, 0, 3, 20, 2, 0, 0, 0, 5, 0, 10}, mover);
    NTupleValue v = small_random_value(7);
    const double before = v.mover_value(b);
    for (const double target : {1.0, -1.0}) {
      NTupleValue w = v;
      move_toward(w, b, target, 0.01);
      // 16 entries move by 0.01 * error each: the sum moves 16% of the way.
      EXPECT_NEAR(w.mover_value(b), before + 0.16 * (target - before), 1e-5) << "mover " << mover;
    }
    // Repeated steps converge on the target.
    for (int k = 0; k < 200; ++k) move_toward(v, b, 0.5, 0.01);
    EXPECT_NEAR(v.mover_value(b), 0.5, 1e-4);
  }
}

TEST(NTupleBootstrap, TargetIsTheClampedSearchForTheMover) {
  const NTupleValue v = small_random_value(3);
  Rng rng(11);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  int decided = 0;
  for (int k = 0; k < 300; ++k) {
    Board b = Board::initial(kStandard);
    const int plies = int(rng.below(60));
    for (int i = 0; i < plies && !b.done; ++i) {
      const uint32_t mask = b.legal_mask();
      b.sow(nth_legal(mask, rng.below(uint32_t(legal_count(mask)))), kStandard);
    }
    if (b.done) continue;
    for (int depth = 1; depth <= 3; ++depth) {
      long nodes = 0;
      const double v0 = ntuple_minimax(b, kStandard, v, depth, -kInf, kInf, nodes);
      const double target = searched_target(b, kStandard, v, depth);
      EXPECT_GE(target, -1.0);
      EXPECT_LE(target, 1.0);
      const double sign = b.to_move == 0 ? 1 : -1;
      if (std::abs(v0) > 1000) {  // a forced end: its result
        EXPECT_EQ(target, sign * (v0 > 0 ? 1 : -1));
        ++decided;
      } else {
        EXPECT_DOUBLE_EQ(target, sign * std::clamp(v0, -1.0, 1.0));
      }
    }
  }
  EXPECT_GT(decided, 0) << "some positions have a forced end within the search";
}

TEST(NTupleBootstrap, SameSeedSameValueAndLateTargetsAreExact) {
  NTupleBootstrap s;
  s.games = 6;
  s.target_depth = 2;
  s.exact_stones = 8;
  const NTupleValue start = small_random_value(5);
  const NTupleValue a = bootstrap_ntuple(kStandard, s, start);
  EXPECT_EQ(bootstrap_ntuple(kStandard, s, start).weights, a.weights);
  EXPECT_NE(a.weights, start.weights);
  EXPECT_EQ(a.info["bootstrap"]["target_depth"], 2);
  s.seed = 2;
  EXPECT_NE(bootstrap_ntuple(kStandard, s, start).weights, a.weights);
  s.seed = 1;
  s.opponents = "greedy:3";
  s.learner_seat = 1;
  s.result_weight = 0.5;
  const NTupleValue c = bootstrap_ntuple(kStandard, s, start);
  EXPECT_EQ(bootstrap_ntuple(kStandard, s, start).weights, c.weights);
  EXPECT_NE(c.weights, a.weights);

  // Late positions take the solver's result, not the search's.
  //       0   0   0   0   0   2        player 1's holes 12..7
  //  20                          23
  //       0   0   0   0   2   1        player 0's holes 0..5
  const Board late = make_board({0, 0, 0, 0, 2, 1, 23, 2, 0, 0, 0, 0, 0, 20}, 1);
  Solver solver(kStandard, 8);
  const Solution exact = solver.solve(late);
  ASSERT_TRUE(exact.solved);
  const double result = exact.value > 0 ? -1 : exact.value < 0 ? 1 : 0;  // for player 1, the mover
  const NTupleValue zero;
  EXPECT_EQ(position_target(late, kStandard, zero, 1, &solver, 8), result);
  EXPECT_EQ(position_target(late, kStandard, zero, 1, &solver, 3), searched_target(late, kStandard, zero, 1))
      << "5 stones in the pits: beyond 3";
  EXPECT_EQ(position_target(late, kStandard, zero, 1, nullptr, 8), searched_target(late, kStandard, zero, 1));
  EXPECT_EQ(searched_target(late, kStandard, zero, 1), 0) << "no end within one ply, the zero value's leaves";
}

TEST(NTupleBootstrap, TreeDepthAlsoTrainsThePositionsBelowTheGames) {
  // Random moves for both sides: the game does not depend on the value, so both runs play the same one.
  NTupleBootstrap s;
  s.games = 1;
  s.epsilon = 1;
  s.opponents = "self";
  s.random_plies = 0;
  s.exact_stones = 0;
  s.target_depth = 2;
  const NTupleValue start = small_random_value(9);
  const auto changed = [&start](const NTupleValue& v) {
    int n = 0;
    for (size_t i = 0; i < v.weights.size(); ++i) n += v.weights[i] != start.weights[i];
    return n;
  };
  const NTupleValue game_only = bootstrap_ntuple(kStandard, s, start);
  s.tree_depth = 1;
  const NTupleValue one_below = bootstrap_ntuple(kStandard, s, start);
  s.tree_depth = 2;
  const NTupleValue two_below = bootstrap_ntuple(kStandard, s, start);
  EXPECT_GT(changed(one_below), changed(game_only));
  EXPECT_GT(changed(two_below), changed(one_below));
  EXPECT_EQ(two_below.info["bootstrap"]["tree_depth"], 2);
}

TEST(NTupleBootstrap, MarginTargetsValueAnEndByItsStoreDifference) {
  EXPECT_EQ(end_target(28, 0), 1);
  EXPECT_EQ(end_target(-2, 0), -1);
  EXPECT_EQ(end_target(0, 8), 0);
  EXPECT_DOUBLE_EQ(end_target(28, 8), std::tanh(3.5));
  EXPECT_DOUBLE_EQ(end_target(-2, 8), -std::tanh(0.25));
  EXPECT_GT(end_target(28, 8), end_target(2, 8)) << "a wide win is worth more than a narrow one";
  EXPECT_DOUBLE_EQ(end_target(2, 8, 0.25), 0.75 + 0.25 * std::tanh(0.25)) << "a quarter margin, the rest result";
  EXPECT_DOUBLE_EQ(end_target(-5, 8, 0), -1);
  // Late positions searched to their end: the margin search equals the
  // solver's value through tanh (monotone, so it commutes with minimax).
  Rng rng(21);
  Solver solver(kStandard, 0);
  const NTupleValue zero;
  int checked = 0;
  for (int k = 0; k < 400 && checked < 40; ++k) {
    Board b = Board::initial(kStandard);
    while (!b.done && b.side_stones(0) + b.side_stones(1) > 7) {
      const uint32_t mask = b.legal_mask();
      b.sow(nth_legal(mask, rng.below(uint32_t(legal_count(mask)))), kStandard);
    }
    if (b.done) continue;
    const Solution exact = solver.solve(b);
    ASSERT_TRUE(exact.solved);
    const double sign = b.to_move == 0 ? 1 : -1;
    // 60 plies reach every end from these positions (7 stones left).
    EXPECT_NEAR(searched_target(b, kStandard, zero, 60, 8), sign * std::tanh(exact.value / 8.0), 1e-12);
    EXPECT_NEAR(position_target(b, kStandard, zero, 1, &solver, 7, 8), sign * std::tanh(exact.value / 8.0), 1e-12);
    EXPECT_EQ(position_target(b, kStandard, zero, 1, &solver, 7, 0), sign * ((exact.value > 0) - (exact.value < 0)));
    ++checked;
  }
  EXPECT_EQ(checked, 40);
}

}  // namespace
}  // namespace pg::mancala
