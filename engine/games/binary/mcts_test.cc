// The MCTS agent: its statistics add up, a seed fixes it, it finds the moves
// the exact solver proves winning, and its specs parse.
#include "engine/games/binary/mcts.h"

#include <gtest/gtest.h>

#include "engine/core/agent.h"
#include "engine/core/error.h"
#include "engine/core/rng.h"
#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/pattern_files.h"
#include "engine/games/binary/solver.h"

namespace pg::binary {
namespace {

TEST(BinaryMcts, VisitsAddUpAndEveryLegalMoveIsAChild) {
  const Board board = Board::from_rows({"1....", "..0..", ".....", "....."});
  Mcts mcts(std::make_shared<PatternTable>(), 500);
  Rng rng(3);
  const Mcts::Result r = mcts.search(board, rng);
  int legal = 0, visits = 0;
  board.for_each_legal([&](int, int, int) { ++legal; });
  ASSERT_EQ(int(r.children.size()), legal);
  for (const auto& c : r.children) {
    EXPECT_TRUE(board.is_legal(c.move.x, c.move.y, c.move.d));
    EXPECT_GE(c.visits, 1);  // 500 playouts > 36 moves: each one tried
    EXPECT_LE(c.wins, c.visits);
    visits += c.visits;
  }
  EXPECT_EQ(visits, 500);
  for (const auto& c : r.children) EXPECT_LE(c.visits, r.children[r.best].visits);
}

TEST(BinaryMcts, SameSeedSameSearch) {
  const Board board = Board::empty(5, 5);
  auto table = pattern_tables().find("twopattern");
  ASSERT_TRUE(table);
  Mcts a(table, 300), b(table, 300);
  Rng ra(11), rb(11);
  const auto x = a.search(board, ra), y = b.search(board, rb);
  ASSERT_EQ(x.children.size(), y.children.size());
  EXPECT_EQ(x.best, y.best);
  for (size_t i = 0; i < x.children.size(); ++i) {
    EXPECT_EQ(x.children[i].visits, y.children[i].visits);
    EXPECT_EQ(x.children[i].wins, y.children[i].wins);
  }
}

// On positions of 3x4 boards where the player to move wins, MCTS picks a move
// the solver proves winning far more often than the plain policy would.
TEST(BinaryMcts, FindsTheSolversWinningMoves) {
  Rng games(5), search(6);
  Solver solver(3, 4, 16);
  auto table = pattern_tables().find("twopattern");
  Mcts mcts(table, 2000);
  int positions = 0, found = 0;
  double policy_share = 0;  // the share of winning moves among the legal ones
  std::vector<WeightedMove> scratch;
  while (positions < 30) {
    Board board = Board::empty(3, 4);
    // A random position a few moves in.
    const int depth = int(games.below(6));
    Move m{};
    for (int i = 0; i < depth && sample_move(board, PatternTable(), games, scratch, m); ++i) board.place(m.x, m.y, m.d);
    if (!board.has_legal_move()) continue;
    const auto labels = solver.label_moves(board);
    int winning = 0;
    for (const auto& l : labels) winning += l.outcome == Outcome::kWin;
    if (winning == 0 || winning == int(labels.size())) continue;  // nothing to find
    ++positions;
    policy_share += double(winning) / double(labels.size());
    const auto r = mcts.search(board, search);
    const Move best = r.children[r.best].move;
    for (const auto& l : labels)
      if (l.x == best.x && l.y == best.y && l.d == best.d) found += l.outcome == Outcome::kWin;
  }
  // Uniform play would find about policy_share of them.
  EXPECT_GE(found, 27) << "uniform would find " << policy_share;
  EXPECT_LT(policy_share, found - 5) << "the positions are too easy to tell MCTS from a uniform choice";
}

TEST(BinaryMcts, Specs) {
  const BinaryGame game({4, 4});
  EXPECT_EQ(make_agent(game, "mcts")->spec(), "mcts");
  EXPECT_EQ(make_agent(game, "mcts:50:nopattern")->spec(), "mcts:50:nopattern");
  EXPECT_THROW(make_agent(game, "mcts:0"), InputError);
  EXPECT_THROW(make_agent(game, "mcts:ten"), InputError);
  EXPECT_THROW(make_agent(game, "mcts:10:no_such_file"), InputError);
  // The agent's decision is a legal move, the same for the same seed.
  auto agent = make_agent(game, "mcts:200");
  auto state = game.initial_state(1);
  Rng r1(9), r2(9);
  const Decision d1 = agent->decide(*state, r1), d2 = agent->decide(*state, r2);
  EXPECT_EQ(d1.chosen, d2.chosen);
  EXPECT_EQ(d1.actions, state->legal_actions());
}

}  // namespace
}  // namespace pg::binary
