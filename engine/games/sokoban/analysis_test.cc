// The page's position analysis: plans kept along the way are as short as a
// fresh solve, a position off the plan is solved afresh, deadlocks skip the
// solver, and the budget is respected.
#include "engine/games/sokoban/analysis.h"

#include <gtest/gtest.h>

#include <memory>

#include "engine/games/sokoban/level_text.h"

namespace pg::sokoban {
namespace {

std::shared_ptr<const Level> level_of(const char* text) {
  return std::make_shared<const Level>(parse_levels(text, "test").front());
}

const char* kTwoBoxes =
    "#######\n"
    "#     #\n"
    "# $ $ #\n"
    "#  @  #\n"
    "# . . #\n"
    "#     #\n"
    "#######\n";

int fresh_plan_moves(const Board& board) {
  SolveOptions options;
  options.optimise = Optimise::kMoves;
  options.time_limit_seconds = 0;
  const SolveResult r = solve(position_level(board), options);
  EXPECT_EQ(r.status, SolveStatus::kSolved);
  return r.moves;
}

TEST(SokobanAnalysis, StepsAlongThePlanKeepAnOptimalRest) {
  Board board(level_of(kTwoBoxes));
  PositionAnalyst analyst;
  const PositionAnalysis first = analyst.analyse(board);
  ASSERT_EQ(first.plan_status, SolveStatus::kSolved);
  EXPECT_FALSE(first.plan_reused);
  EXPECT_GT(first.nodes_expanded, 0u);
  EXPECT_EQ(first.plan_moves, fresh_plan_moves(board));
  EXPECT_EQ(first.player_path.size(), first.plan.size() + 1);
  EXPECT_EQ(first.player_path.front(), board.player());
  const std::string plan = first.plan;
  for (size_t i = 0; i < plan.size(); ++i) {
    board.step(move_from_char(plan[i]));
    const PositionAnalysis& a = analyst.analyse(board);
    ASSERT_EQ(a.plan_status, SolveStatus::kSolved);
    EXPECT_TRUE(a.plan_reused);
    EXPECT_EQ(a.plan, plan.substr(i + 1));
    EXPECT_EQ(a.plan_moves, fresh_plan_moves(board)) << "after " << plan.substr(0, i + 1);
  }
  EXPECT_TRUE(board.solved());
  EXPECT_EQ(analyst.analyse(board).plan_moves, 0);
}

TEST(SokobanAnalysis, OffThePlanItSolvesAgain) {
  Board board(level_of(kTwoBoxes));
  PositionAnalyst analyst;
  const std::string plan = analyst.analyse(board).plan;
  // A move the plan does not start with.
  const char letters[] = {'u', 'd', 'l', 'r'};
  for (int m = 0; m < 4; ++m) {
    if (std::tolower(static_cast<unsigned char>(plan[0])) == letters[m]) continue;
    Board off = board;
    off.step(m);
    const PositionAnalysis& a = analyst.analyse(off);
    ASSERT_EQ(a.plan_status, SolveStatus::kSolved);
    EXPECT_FALSE(a.plan_reused);
    EXPECT_GT(a.nodes_expanded, 0u);
    EXPECT_EQ(a.plan_moves, fresh_plan_moves(off));
    break;
  }
}

TEST(SokobanAnalysis, ADeadlockIsUnsolvableWithoutSearch) {
  // Pushing the box up puts it against the top wall, off every target's line.
  Board board(
      level_of("######\n"
               "#    #\n"
               "# $  #\n"
               "# @ .#\n"
               "######\n"));
  PositionAnalyst analyst;
  EXPECT_EQ(analyst.analyse(board).plan_status, SolveStatus::kSolved);
  EXPECT_FALSE(analyst.analyse(board).deadlocks.deadlocked);
  board.step(kUp);
  const PositionAnalysis& a = analyst.analyse(board);
  EXPECT_TRUE(a.deadlocks.deadlocked);
  EXPECT_EQ(a.plan_status, SolveStatus::kUnsolvable);
  EXPECT_EQ(a.nodes_expanded, 0u);
  ASSERT_EQ(a.deadlocks.boxes_on_dead_squares.size(), 1u);
  EXPECT_EQ(a.bound.pushes, kNoMatching);
}

TEST(SokobanAnalysis, TheBudgetIsKept) {
  Board board(level_of(kTwoBoxes));
  PositionAnalyst analyst(3);
  const PositionAnalysis& a = analyst.analyse(board);
  EXPECT_EQ(a.plan_status, SolveStatus::kNodeLimit);
  EXPECT_LE(a.nodes_expanded, 4u);
  EXPECT_TRUE(a.plan.empty());
  EXPECT_TRUE(a.player_path.empty());
  EXPECT_EQ(a.bound.pushes, 4);  // each box two pushes from the target below it
}

}  // namespace
}  // namespace pg::sokoban
