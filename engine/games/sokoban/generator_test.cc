#include "engine/games/sokoban/generator.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/solver_testing.h"

namespace pg::sokoban {
namespace {

TEST(SokobanGenerator, SameSeedSameLevelAndDifferentSeedsDiffer) {
  GeneratorOptions options;
  options.width = 8;
  options.height = 8;
  options.boxes = 2;
  const GeneratedLevel a = generate_level(options, 7);
  const GeneratedLevel b = generate_level(options, 7);
  EXPECT_EQ(level_rows(a.level), level_rows(b.level));
  EXPECT_EQ(a.solution.plan, b.solution.plan);
  EXPECT_EQ(a.level.title, "generated 7");
  int different = 0;
  for (uint64_t seed = 8; seed < 13; ++seed)
    different += level_rows(generate_level(options, seed).level) != level_rows(a.level);
  EXPECT_EQ(different, 5);
}

TEST(SokobanGenerator, LevelsAreWellFormedSolvableAndMeetTheOptions) {
  for (int boxes = 1; boxes <= 4; ++boxes) {
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      GeneratorOptions options;
      options.boxes = boxes;
      options.min_pushes = 4 * boxes;
      const GeneratedLevel g = generate_level(options, seed);
      EXPECT_EQ(g.level.width, 10);
      EXPECT_EQ(g.level.height, 10);
      EXPECT_EQ(int(g.level.boxes.size()), boxes);
      EXPECT_NO_THROW(check_level(g.level));
      // It reads back from its own text.
      EXPECT_EQ(level_rows(parse_level(level_to_text(g.level))), level_rows(g.level));
      ASSERT_EQ(g.solution.status, SolveStatus::kSolved);
      EXPECT_GE(g.solution.pushes, options.min_pushes);
      EXPECT_TRUE(testing::plan_solves(g.level, g.solution.plan)) << g.solution.plan;
      EXPECT_FALSE(testing::solved(g.level));
    }
  }
}

TEST(SokobanGenerator, MorePullsAndAHigherMinimumGiveLongerSolutions) {
  GeneratorOptions easy, hard;
  easy.pulls = 4;
  hard.pulls = 80;
  hard.min_pushes = 15;
  int easy_pushes = 0, hard_pushes = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    easy_pushes += generate_level(easy, seed).solution.pushes;
    const GeneratedLevel h = generate_level(hard, seed);
    EXPECT_GE(h.solution.pushes, 15);
    hard_pushes += h.solution.pushes;
  }
  EXPECT_LT(easy_pushes, hard_pushes);
  EXPECT_LE(easy_pushes, 6 * 4);  // never more pushes than the pulls that made it
}

TEST(SokobanGenerator, BadOptionsAreNamed) {
  GeneratorOptions options;
  options.boxes = 40;
  EXPECT_THROW(generate_level(options, 1), InputError);
  options = {};
  options.width = 2;
  EXPECT_THROW(generate_level(options, 1), InputError);
  options = {};
  options.min_pushes = 100000;
  options.max_attempts = 3;
  try {
    generate_level(options, 1);
    ADD_FAILURE() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no level with these options in 3 attempts"), std::string::npos);
  }
}

}  // namespace
}  // namespace pg::sokoban
