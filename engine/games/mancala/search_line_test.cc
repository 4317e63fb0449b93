// The principal variations of Kalah's searches: the line ends where the
// searched value comes from (same value as the plain searches), the agents
// list one line per move, and the TD-Leaf learner is reproducible.
#include "engine/games/mancala/search_line.h"

#include <gtest/gtest.h>

#include <limits>

#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/test_boards.h"
#include "engine/games/mancala/theta_agent.h"
#include "engine/games/mancala/theta_leaf_learning.h"

namespace pg::mancala {
namespace {

// Positions from random games under `rules`, every one until the end.
template <class Visit>
void random_positions(const Rules& rules, int games, uint64_t seed, Visit visit) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    Board b = Board::initial(rules);
    while (!b.done) {
      visit(b);
      const uint32_t mask = b.legal_mask();
      b.sow(nth_legal(mask, rng.below(uint32_t(legal_count(mask)))), rules);
    }
  }
}

TEST(MancalaSearchLine, ThetaLineLeadsToTheSearchedValue) {
  const auto report = thetas().find(kReportTheta);
  ASSERT_TRUE(report);
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const ValueEval<ThetaLeaf> eval{{kStandard, *report}};
  long checked = 0;
  random_positions(kStandard, 10, 5, [&](const Board& b) {
    for (int depth = 1; depth <= 4; ++depth) {
      long plain_nodes = 0, line_nodes = 0;
      SearchLine line;
      const double v = minimax_line(b, kStandard, depth, -kInf, kInf, eval, line_nodes, line);
      ASSERT_DOUBLE_EQ(v, theta_minimax(b, kStandard, *report, depth, -kInf, kInf, plain_nodes)) << to_text(b);
      EXPECT_EQ(line_nodes, plain_nodes);
      const Board leaf = line.leaf(b, kStandard);
      if (leaf.done) {
        EXPECT_DOUBLE_EQ(v, eval.end(leaf, depth - line.length)) << to_text(b) << "depth " << depth;
      } else {
        ASSERT_EQ(line.length, depth);
        EXPECT_DOUBLE_EQ(v, eval.leaf(leaf)) << to_text(b) << "depth " << depth;
      }
      ++checked;
    }
  });
  EXPECT_GT(checked, 400);
}

TEST(MancalaSearchLine, GreedyRootLinesEndAtTheirScores) {
  long checked = 0;
  random_positions(kStandard, 10, 7, [&](const Board& b) {
    const auto r = GreedyAgent::score_moves(b, kStandard, 4);
    const int sign = b.to_move == 0 ? 1 : -1;
    for (int i = 0; i < kPitsPerSide; ++i) {
      if (!(r.legal & (1u << i))) continue;
      const SearchLine& line = r.line[size_t(i)];
      ASSERT_GE(line.length, 1);
      EXPECT_EQ(line.pits[0], i);
      const Board leaf = line.leaf(b, kStandard);
      const int expected = leaf.done ? kWinScore * leaf.outcome() : leaf.store(0) - leaf.store(1);
      EXPECT_EQ(r.score[size_t(i)], sign * expected) << to_text(b) << "pit " << i + 1;
      ++checked;
    }
  });
  EXPECT_GT(checked, 500);
}

TEST(MancalaSearchLine, AgentsListALinePerMove) {
  const auto game = make_game("mancala");
  const auto state = game->initial_state(1);
  for (const char* spec : {"greedy:3", "theta:3:pool"}) {
    Rng rng(1);
    const Decision d = make_agent(*game, spec)->decide(*state, rng);
    ASSERT_EQ(d.lines.size(), d.actions.size()) << spec;
    for (size_t k = 0; k < d.actions.size(); ++k)
      EXPECT_EQ(d.lines[k].rfind("P0 " + std::to_string(d.actions[k] + 1), 0), 0u) << spec << ": " << d.lines[k];
    const Decision back = Decision::from_json(d.to_json(*state), *state);
    EXPECT_EQ(back.lines, d.lines);
  }
  // Pit 3 of the opening ends in the store: an extra turn, the same mover again.
  const Board b = Board::initial(kStandard);
  SearchLine line;
  line.pits = {2, 5, 0};
  line.length = 3;
  EXPECT_EQ(line_text(b, kStandard, line), "P0 3, P0 6, P1 1");
}

TEST(MancalaThetaLeaf, SameSeedSameWeightsAndTheyMove) {
  ThetaLeafTraining s;
  s.games = 40;
  s.depth = 2;
  const ThetaPolicy zero;
  const ThetaPolicy a = learn_theta_leaf(kStandard, s, zero);
  EXPECT_EQ(learn_theta_leaf(kStandard, s, zero).value.weights, a.value.weights);
  s.seed = 2;
  EXPECT_NE(learn_theta_leaf(kStandard, s, zero).value.weights, a.value.weights);
  EXPECT_NE(a.value.weights, zero.value.weights);
}

}  // namespace
}  // namespace pg::mancala
