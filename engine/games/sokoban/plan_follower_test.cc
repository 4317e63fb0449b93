#include "engine/games/sokoban/plan_follower.h"

#include <gtest/gtest.h>

#include "engine/core/registry.h"
#include "engine/games/sokoban/analysis.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "engine/games/sokoban/solver.h"

namespace pg::sokoban {
namespace {

const Board& board_of(const State& s) { return dynamic_cast<const SokobanState&>(s).board(); }

TEST(SokobanPlanFollower, PlaysThePlanMoveByMoveWhileThePositionIsTheOneItExpects) {
  // The project's first map: eight moves, the last three pushes.
  const auto game = make_game("sokoban", {{"collection", "seed"}, {"index", 0}});
  auto state = game->initial_state(1);
  const std::string plan = solve(position_level(board_of(*state))).plan;
  ASSERT_EQ(plan.size(), 8u);
  PlanFollower follower;
  EXPECT_FALSE(follower.on_plan(board_of(*state))) << "no plan yet";
  follower.start(plan);
  for (size_t i = 0; i < plan.size(); ++i) {
    EXPECT_EQ(follower.rest(), plan.substr(i));
    const Decision d = follower.play_next(*state, board_of(*state));
    EXPECT_EQ(d.chosen, move_from_char(plan[i]));
    EXPECT_EQ(d.value, -double(plan.size() - i));
    ASSERT_FALSE(d.debug.empty());
    EXPECT_EQ(d.debug.front().second, double(plan.size() - i));
    state->apply(d.chosen);
    EXPECT_EQ(follower.on_plan(board_of(*state)), i + 1 < plan.size()) << "after move " << i;
  }
  EXPECT_EQ(dynamic_cast<const SokobanState&>(*state).outcome(), Outcome::kSolved);
}

TEST(SokobanPlanFollower, LeavesThePlanWhenAnotherMoveIsPlayed) {
  const auto game = make_game("sokoban", {{"collection", "seed"}, {"index", 1}, {"max_steps", 0}});
  auto state = game->initial_state(1);
  const std::string plan = solve(position_level(board_of(*state))).plan;
  PlanFollower follower;
  follower.start(plan);
  const Decision d = follower.play_next(*state, board_of(*state));
  // A move other than the plan's that changes the position.
  for (const Action other : state->legal_actions()) {
    if (other == d.chosen) continue;
    auto moved = state->clone();
    moved->apply(other);
    if (board_of(*moved).player() == board_of(*state).player()) continue;  // a bump changes nothing
    EXPECT_FALSE(follower.on_plan(board_of(*moved)));
  }
  state->apply(d.chosen);
  EXPECT_TRUE(follower.on_plan(board_of(*state)));
}

}  // namespace
}  // namespace pg::sokoban
