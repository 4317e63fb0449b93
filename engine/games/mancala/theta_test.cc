// The report's learned player: the 40 features on hand-computed boards, the
// ThetaGreedy search against plain minimax, the weights file, the learner's
// reproducibility, and the shipped weights' strength.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/mancala/features.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/test_boards.h"
#include "engine/games/mancala/theta_agent.h"
#include "engine/games/mancala/theta_learning.h"
#include "engine/games/mancala/theta_policy.h"

namespace pg::mancala {
namespace {

const FeatureRules kPlain{};

TEST(MancalaFeatures, InitialBoardFromEitherSide) {
  //       4   4   4   4   4   4
  //   0                           0
  //       4   4   4   4   4   4
  const Board b = Board::initial(kStandard);
  for (int side : {0, 1}) {
    const auto f = side_features(b, kStandard, side, kPlain);
    EXPECT_EQ(f[kCanGetAnotherMove], 1) << "pit 3's four stones end in the store";
    EXPECT_EQ(f[kIsPassingStore], 1);
    EXPECT_EQ(f[kOppositeEmpty], 0);
    EXPECT_EQ(f[kCaptures], 0);
    EXPECT_EQ(f[kCanFillAllEmpties], 0) << "the opponent has no empty pit";
    EXPECT_EQ(f[kMaxCaptureAmount], 0);
    EXPECT_EQ(f[kPlayOptions], 1);
    EXPECT_EQ(f[kPitNextToStoreEmpty], 0);
    EXPECT_EQ(f[kCanWinInOneTurn], 0);
  }
}

TEST(MancalaFeatures, CapturesThreatsAndEmptyPits) {
  //       0   5   0   0   0   2        player 1's holes 12..7 (top, right to left)
  //  10                          20
  //       1   0   0   0   0   3        player 0's holes 0..5
  // Player 0: pit 1's stone lands in empty pit 2 (hole 1), facing hole 11's
  // 5 stones: a capture of 6 (with the capturing stone); pit 6's 3 stones
  // reach the store and go on into holes 7 and 8, not the empty 9, 10, 12.
  const Board b = make_board({1, 0, 0, 0, 0, 3, 20, 2, 0, 0, 0, 5, 0, 10}, 0);
  const auto f = side_features(b, kStandard, 0, kPlain);
  EXPECT_EQ(f[kCanGetAnotherMove], 0);
  EXPECT_EQ(f[kIsPassingStore], 1);
  EXPECT_DOUBLE_EQ(f[kOppositeEmpty], 5.0 / 48) << "empty hole 1 faces hole 11's 5 stones";
  EXPECT_DOUBLE_EQ(f[kCaptures], 1.0 / 6);
  EXPECT_DOUBLE_EQ(f[kMaxCaptureAmount], 6.0 / 48);
  EXPECT_EQ(f[kCanFillAllEmpties], 0);
  EXPECT_DOUBLE_EQ(f[kPlayOptions], 2.0 / 6);
  EXPECT_EQ(f[kPitNextToStoreEmpty], 0);
  EXPECT_EQ(f[kCanWinInOneTurn], 1) << "the capture brings the store to 26 of 48: the game is decided";
  // Without the capturing stone, as the option says.
  FeatureRules no_last;
  no_last.capture_counts_last_stone = false;
  EXPECT_DOUBLE_EQ(side_features(b, kStandard, 0, no_last)[kMaxCaptureAmount], 5.0 / 48);
  // Player 1's view of the same board: hole 7's 2 stones end in empty hole
  // 9, facing hole 3, empty: no capture. Hole 11's 5 stones pass the store.
  const auto g = side_features(b, kStandard, 1, kPlain);
  EXPECT_EQ(g[kCaptures], 0);
  EXPECT_EQ(g[kIsPassingStore], 1);
  EXPECT_DOUBLE_EQ(g[kOppositeEmpty], 1.0 / 48) << "empty hole 12 faces hole 0's one stone";
  EXPECT_DOUBLE_EQ(g[kPlayOptions], 2.0 / 6);
  EXPECT_EQ(g[kPitNextToStoreEmpty], 1) << "hole 12, next to player 1's store, is empty";
}

TEST(MancalaFeatures, PassingStoreReachesOrPassesAndWinInOne) {
  // Player 0's pit 6 holds 1 stone: it reaches the store (an extra turn)
  // but does not pass it. With 25 of the 48 stones in the store, that stone
  // decides the game.
  const Board b = make_board({0, 0, 0, 0, 1, 1, 24, 1, 1, 1, 1, 1, 1, 16}, 0);
  const auto f = side_features(b, kStandard, 0, kPlain);
  EXPECT_EQ(f[kIsPassingStore], 1);
  EXPECT_EQ(f[kCanGetAnotherMove], 1);
  EXPECT_EQ(f[kCanWinInOneTurn], 1);
  FeatureRules strict;
  strict.passing_store_strict = true;
  EXPECT_EQ(side_features(b, kStandard, 0, strict)[kIsPassingStore], 0);
}

TEST(MancalaFeatures, FillAllEmpties) {
  // Player 1's holes 8 and 9 are empty; player 0's pit 5 (hole 4, 5 stones)
  // sows holes 5, 6, 7, 8 and 9.
  const Board b = make_board({0, 0, 0, 0, 5, 0, 10, 3, 0, 0, 4, 4, 4, 16}, 0);
  EXPECT_EQ(side_features(b, kStandard, 0, kPlain)[kCanFillAllEmpties], 1);
  const Board c = make_board({0, 0, 0, 0, 4, 0, 10, 3, 0, 0, 4, 4, 5, 16}, 0);  // reaches 8, not 9
  EXPECT_EQ(side_features(c, kStandard, 0, kPlain)[kCanFillAllEmpties], 0);
}

TEST(MancalaFeatures, BlocksFollowThePlayerToMove) {
  Board b = Board::initial(kStandard);
  b.sow(0, kStandard);  // player 1 to move
  const Features phi = features(b, kStandard, kPlain);
  for (int i = 0; i < kBlockFeatures; ++i) EXPECT_EQ(phi[size_t(i)], 0) << feature_names()[size_t(i)];
  EXPECT_EQ(phi[kBlockFeatures + kPlayOptions], 5.0 / 6) << "player 0's pit 1 is empty now";
  EXPECT_EQ(phi[kBlockFeatures + kSideFeatures + kPlayOptions], 1);
  EXPECT_EQ(phi[kPlayerFeature], 1);
  EXPECT_EQ(phi[kConstFeature], 1);
  EXPECT_EQ(feature_names()[kBlockFeatures + 5], "player1.board.max_capture_amount");
  EXPECT_EQ(feature_names()[2 * kSideFeatures], "player0.delta_store");
}

// Plain minimax over the same leaves, without pruning.
double plain_minimax(const Board& b, const Rules& rules, const ThetaPolicy& p, int depth) {
  if (b.done) return b.outcome() * (kWinScore + depth);
  if (depth == 0) return p.value(features(b, rules, p.feature_rules));
  double best = b.to_move == 0 ? -1e300 : 1e300;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(b.legal_mask() & (1u << i))) continue;
    Board child = b;
    child.sow(i, rules);
    const double v = plain_minimax(child, rules, p, depth - 1);
    best = b.to_move == 0 ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

TEST(ThetaGreedy, AlphaBetaEqualsPlainMinimaxWithFewerNodes) {
  const auto report = thetas().find(kReportTheta);
  ASSERT_TRUE(report);
  Rng rng(3);
  long pruned = 0, positions = 0;
  for (int game = 0; game < 20; ++game) {
    Board b = Board::initial(kStandard);
    while (!b.done) {
      for (int depth = 1; depth <= 4; ++depth) {
        long nodes = 0;
        constexpr double kInf = std::numeric_limits<double>::infinity();
        const double v = theta_minimax(b, kStandard, *report, depth, -kInf, kInf, nodes);
        ASSERT_DOUBLE_EQ(v, plain_minimax(b, kStandard, *report, depth)) << to_text(b) << "depth " << depth;
        pruned += nodes;
        // The agent's root scores: each move's plain value for the mover.
        const auto r = ThetaAgent::score_moves(b, kStandard, *report, depth);
        const double sign = b.to_move == 0 ? 1 : -1;
        for (int i = 0; i < kPitsPerSide; ++i) {
          if (!(r.legal & (1u << i))) continue;
          Board child = b;
          child.sow(i, kStandard);
          ASSERT_DOUBLE_EQ(r.score[size_t(i)], sign * plain_minimax(child, kStandard, *report, depth - 1))
              << to_text(b) << "pit " << i + 1 << " depth " << depth;
        }
      }
      ++positions;
      const uint32_t mask = b.legal_mask();
      b.sow(nth_legal(mask, rng.below(uint32_t(legal_count(mask)))), kStandard);
    }
  }
  EXPECT_GT(positions, 200);
  EXPECT_GT(pruned, 0);
}

TEST(ThetaGreedy, PrefersTheEarlierWin) {
  // Player 0 wins at once with pit 6 (25th stone in the store, the early end
  // rule) or later; the immediate win scores higher.
  Rules early = kStandard;
  early.early_end = true;
  // Pit 4's stone lands in empty hole 4 facing empty hole 8: no capture.
  const Board b = make_board({0, 0, 0, 1, 0, 1, 24, 1, 0, 2, 1, 1, 1, 16}, 0);
  const auto report = thetas().find(kReportTheta);
  const auto r = ThetaAgent::score_moves(b, early, *report, 3);
  EXPECT_GT(r.score[5], kWinScore);
  EXPECT_GT(r.score[5], r.score[3]);
}

TEST(ThetaPolicyFile, RoundTripsAndNamesWhatIsWrong) {
  const auto report = thetas().find(kReportTheta);
  ASSERT_TRUE(report);
  EXPECT_DOUBLE_EQ(report->value.weights[kMaxCaptureAmount], 0.7498);
  EXPECT_DOUBLE_EQ(report->value.weights[2 * kSideFeatures], 4.7509);
  EXPECT_DOUBLE_EQ(report->value.weights[kConstFeature], -0.0792);
  const Json j = report->to_json();
  EXPECT_EQ(ThetaPolicy::from_json(j).to_json(), j);
  auto error = [&](auto change) {
    Json k = j;
    change(k);
    try {
      ThetaPolicy::from_json(k);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(error([](Json& k) { k["weights"].erase("Player"); }).find("'Player' is missing"), std::string::npos);
  EXPECT_NE(error([](Json& k) { k["weights"]["Const"] = "x"; }).find("theta.weights.Const"), std::string::npos);
  EXPECT_NE(error([](Json& k) { k["weights"]["bogus"] = 1; }).find("unknown feature name"), std::string::npos);
  EXPECT_NE(error([](Json& k) { k["version"] = 2; }).find("theta.version"), std::string::npos);
  EXPECT_NE(error([](Json& k) { k["format"] = "other"; }).find("theta.format"), std::string::npos);
  EXPECT_NE(error([](Json& k) { k["features"]["passing_store"] = "maybe"; }).find("features.passing_store"),
            std::string::npos);
  EXPECT_NE(error([](Json& k) { k = Json::array(); }).find("expected a JSON object"), std::string::npos);
}

TEST(ThetaLearning, SameSeedSameWeights) {
  ThetaTraining s;
  s.games = 300;
  const ThetaPolicy a = learn_theta(kStandard, s);
  const ThetaPolicy b = learn_theta(kStandard, s);
  EXPECT_EQ(a.value.weights, b.value.weights);
  s.seed = 2;
  EXPECT_NE(learn_theta(kStandard, s).value.weights, a.value.weights);
  double norm = 0;
  for (double w : a.value.weights) norm += w * w;
  EXPECT_GT(norm, 0) << "the weights moved from zero";
}

TEST(ThetaAgents, SpecsParseAndUnknownWeightsAreNamed) {
  const auto game = make_game("mancala");
  EXPECT_EQ(make_agent(*game, "theta:3")->spec(), "theta:3");
  EXPECT_EQ(make_agent(*game, "theta:5:seed")->spec(), "theta:5:seed");
  EXPECT_THROW(make_agent(*game, "theta:6"), InputError);
  try {
    make_agent(*game, "theta:2:nope");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no weights named 'nope'"), std::string::npos);
  }
}

TEST(ThetaAgents, AFileThatIsWrongInsideNamesTheFile) {
  Json wrong = thetas().find(kReportTheta)->to_json();
  wrong["weights"]["Const"] = "x";
  provide_policy_file(theta_path("test_wrong_weight"), wrong.dump());
  try {
    make_agent(*make_game("mancala"), "theta:1:test_wrong_weight");
    FAIL() << "a weight that is not a number was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("mancala/test_wrong_weight.json, theta.weights.Const"), std::string::npos)
        << e.what();
  }
}

// The shipped weights, under the report's reading of the rules (where the report
// gives ThetaGreedy 1 winning 91% first and 89% second against Greedy 1).
TEST(ThetaShipped, BeatsGreedyOneBothWaysUnderTheReportsRules) {
  const auto game =
      make_game("mancala", {{"sweep_remaining", false}, {"early_end", true}, {"end_only_when_mover_empty", true}});
  for (const std::string weights : {"theta:1", "theta:1:seed"}) {
    const MatchResult first = play_match(*game, {weights, "greedy:1"}, 200, 1);
    const MatchResult second = play_match(*game, {"greedy:1", weights}, 200, 1);
    EXPECT_GE(first.wins, 150) << weights << " first";
    EXPECT_GE(second.losses, 150) << weights << " second";
  }
}

}  // namespace
}  // namespace pg::mancala

namespace pg::mancala {
namespace {

// A regression guard on the strongest shipped weights (theta:5:pool, the
// page's strongest linear player), seeds 1..100 under the report's reading of
// the rules. Measured when written: 100 wins moving first against Greedy 3,
// 30 wins (8 draws) moving second; issue 10 asks for a win moving second as
// well, which no learner here reaches yet (docs/experiments/mancala.md).
TEST(ThetaShipped, PoolWeightsAgainstGreedyThreeOnFixedSeeds) {
  const auto game =
      make_game("mancala", {{"sweep_remaining", false}, {"early_end", true}, {"end_only_when_mover_empty", true}});
  const MatchResult first = play_match(*game, {"theta:5:pool", "greedy:3"}, 100, 1);
  const MatchResult second = play_match(*game, {"greedy:3", "theta:5:pool"}, 100, 1);
  EXPECT_GE(first.wins, 98);
  EXPECT_GE(second.losses, 25) << "theta:5:pool's wins moving second";
}

}  // namespace
}  // namespace pg::mancala
