#include "engine/games/sokoban/solver_agent.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "engine/games/sokoban/sokoban_game.h"

namespace pg::sokoban {
namespace {

const SokobanState& sokoban_state(const State& s) { return dynamic_cast<const SokobanState&>(s); }

// Plays the agent to the end; returns the steps taken (-1 if it declined).
int play_out(Agent& agent, State& state) {
  Rng rng(1);
  int steps = 0;
  while (!state.is_terminal()) {
    const Decision d = agent.decide(state, rng);
    if (d.declined) return -1;
    state.apply(d.chosen);
    ++steps;
  }
  return steps;
}

TEST(SokobanSolverAgent, SolvesTheProjectMapsInTheFewestMoves) {
  for (const auto& [index, moves] : {std::pair{0, 8}, std::pair{1, 12}}) {
    const auto game = make_game("sokoban", {{"collection", "seed"}, {"index", index}});
    auto agent = make_solver_agent("solver");
    ASSERT_TRUE(agent);
    auto state = game->initial_state(1);
    EXPECT_EQ(play_out(*agent, *state), moves);
    EXPECT_EQ(sokoban_state(*state).outcome(), Outcome::kSolved);
  }
}

TEST(SokobanSolverAgent, SolvesAgainWhenThePositionLeavesThePlan) {
  const auto game = make_game("sokoban", {{"collection", "seed"}, {"index", 1}, {"max_steps", 0}});
  auto agent = make_solver_agent("solver:pushes");
  auto state = game->initial_state(1);
  Rng rng(1);
  const Decision first = agent->decide(*state, rng);
  ASSERT_FALSE(first.declined);
  EXPECT_EQ(first.probabilities.size(), 4u);
  // Someone else walks away from the plan: down, down.
  state->apply(1);
  state->apply(1);
  const int steps = play_out(*agent, *state);
  EXPECT_GT(steps, 0);
  EXPECT_EQ(sokoban_state(*state).outcome(), Outcome::kSolved);
}

TEST(SokobanSolverAgent, DeclinesInADeadlock) {
  const char* level =
      "#####\n"
      "#$  #\n"
      "# @.#\n"
      "#####\n";
  const auto game = make_game("sokoban", {{"level", level}, {"corner_ends", false}});
  auto agent = make_solver_agent("solver");
  auto state = game->initial_state(1);
  Rng rng(1);
  const Decision d = agent->decide(*state, rng);
  EXPECT_TRUE(d.declined);
  EXPECT_NE(d.note.find("deadlock"), std::string::npos);
}

TEST(SokobanSolverAgent, Specs) {
  EXPECT_EQ(make_solver_agent("solver")->spec(), "solver");
  EXPECT_EQ(make_solver_agent("solver:moves")->spec(), "solver");
  EXPECT_EQ(make_solver_agent("solver:pushes")->spec(), "solver:pushes");
  EXPECT_EQ(make_solver_agent("greedy"), nullptr);
  EXPECT_THROW(make_solver_agent("solver:fast"), InputError);
}

}  // namespace
}  // namespace pg::sokoban
