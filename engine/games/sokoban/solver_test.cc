// The solver: optimal lengths on levels with known optima (hand levels, the
// project's two maps, every position of small rooms against exhaustive search),
// plans replayed by a simulator, unsolvable levels proved unsolvable.
#include "engine/games/sokoban/solver.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/solver_testing.h"

namespace pg::sokoban {
namespace {

using testing::Oracle;
using testing::plan_solves;
using testing::rows_level;

SolveResult solve_for(const Level& level, Optimise optimise) {
  SolveOptions options;
  options.optimise = optimise;
  options.time_limit_seconds = 20;
  return solve(level, options);
}

// The project's maps (notes on the project, 1.3): 9 rows x 11 columns.
const char* kProjectOneBox =
    "###########\n"
    "#         #\n"
    "#      .  #\n"
    "#         #\n"
    "#         #\n"
    "#   $     #\n"
    "#   @     #\n"
    "#         #\n"
    "###########\n";
const char* kProjectTwoBoxes =
    "###########\n"
    "#         #\n"
    "#   $.    #\n"
    "#         #\n"
    "#   @     #\n"
    "#         #\n"
    "#    .$   #\n"
    "#         #\n"
    "###########\n";

TEST(SokobanSolver, ProjectMapsHaveTheirKnownOptimalMoveCounts) {
  const SolveResult one = solve_for(parse_level(kProjectOneBox), Optimise::kMoves);
  ASSERT_EQ(one.status, SolveStatus::kSolved);
  EXPECT_EQ(one.moves, 8);  // the BFS in the notes on the project: U U U L U R R R
  EXPECT_EQ(one.pushes, 6);
  EXPECT_TRUE(plan_solves(parse_level(kProjectOneBox), one.plan)) << one.plan;
  const SolveResult two = solve_for(parse_level(kProjectTwoBoxes), Optimise::kMoves);
  ASSERT_EQ(two.status, SolveStatus::kSolved);
  EXPECT_EQ(two.moves, 12);
  EXPECT_TRUE(plan_solves(parse_level(kProjectTwoBoxes), two.plan)) << two.plan;
  // Fewest pushes: the box goes 3 up and 3 right; each box of the second map
  // is one push from a target.
  const SolveResult one_pushes = solve_for(parse_level(kProjectOneBox), Optimise::kPushes);
  ASSERT_EQ(one_pushes.status, SolveStatus::kSolved);
  EXPECT_EQ(one_pushes.pushes, 6);
  EXPECT_TRUE(plan_solves(parse_level(kProjectOneBox), one_pushes.plan));
  const SolveResult two_pushes = solve_for(parse_level(kProjectTwoBoxes), Optimise::kPushes);
  EXPECT_EQ(two_pushes.pushes, 2);
  EXPECT_TRUE(plan_solves(parse_level(kProjectTwoBoxes), two_pushes.plan));
}

TEST(SokobanSolver, HandLevels) {
  // One push.
  SolveResult r = solve_for(parse_level("#####\n#@$.#\n#####\n"), Optimise::kMoves);
  ASSERT_EQ(r.status, SolveStatus::kSolved);
  EXPECT_EQ(r.plan, "R");
  // Already solved: the empty plan.
  r = solve_for(parse_level("####\n#@*#\n####\n"), Optimise::kPushes);
  ASSERT_EQ(r.status, SolveStatus::kSolved);
  EXPECT_EQ(r.plan, "");
  EXPECT_EQ(r.moves, 0);
  // The target is on the far side of the box.
  const char* around =
      "######\n"
      "#    #\n"
      "#.$@ #\n"
      "######\n";
  r = solve_for(parse_level(around), Optimise::kMoves);
  ASSERT_EQ(r.status, SolveStatus::kSolved);
  EXPECT_EQ(r.plan, "L");
  const char* behind =
      "######\n"
      "#    #\n"
      "#@$ .#\n"
      "######\n";
  r = solve_for(parse_level(behind), Optimise::kMoves);
  EXPECT_EQ(r.plan, "RR");
  const char* turn =
      "#######\n"
      "#     #\n"
      "# $   #\n"
      "#@  # #\n"
      "#### .#\n"
      "#######\n";
  // The box goes right three times, then down twice; the player walks round.
  r = solve_for(parse_level(turn), Optimise::kPushes);
  ASSERT_EQ(r.status, SolveStatus::kSolved);
  EXPECT_EQ(r.pushes, 5);
  EXPECT_EQ(r.plan, "uRRRurDD");
  EXPECT_TRUE(plan_solves(parse_level(turn), r.plan)) << r.plan;
}

TEST(SokobanSolver, UnsolvableLevelsAreProvedUnsolvable) {
  // A box in a corner.
  const char* corner =
      "#####\n"
      "#$  #\n"
      "# @.#\n"
      "#####\n";
  EXPECT_EQ(solve_for(parse_level(corner), Optimise::kPushes).status, SolveStatus::kUnsolvable);
  // Two boxes that block each other against a wall.
  const char* two_in_a_row =
      "########\n"
      "#      #\n"
      "# $$.. #\n"
      "#@######\n"
      "########\n";
  EXPECT_EQ(solve_for(parse_level(two_in_a_row), Optimise::kMoves).status, SolveStatus::kUnsolvable);
  // The target is in a pocket that a box can enter only from below, a wall.
  const char* pocket =
      "#######\n"
      "#.#   #\n"
      "# $ @ #\n"
      "#######\n";
  const SolveResult p = solve_for(parse_level(pocket), Optimise::kMoves);
  EXPECT_EQ(p.status, SolveStatus::kUnsolvable);
}

TEST(SokobanSolver, LimitsStopTheSearch) {
  // Boxoban's hard level 0 needs more than a handful of positions.
  const char* level =
      "##########\n"
      "#  .   $@#\n"
      "# $ $..$ #\n"
      "# #  ## ##\n"
      "#  .######\n"
      "# ########\n"
      "# ########\n"
      "# ########\n"
      "##########\n"
      "##########\n";
  SolveOptions options;
  options.node_limit = 3;
  const SolveResult r = solve(parse_level(level), options);
  EXPECT_EQ(r.status, SolveStatus::kNodeLimit);
  EXPECT_EQ(r.plan, "");
  options.node_limit = 0;
  const SolveResult full = solve(parse_level(level), options);
  ASSERT_EQ(full.status, SolveStatus::kSolved);
  EXPECT_TRUE(plan_solves(parse_level(level), full.plan));
}

// Every position of small rooms: the solver's verdict and optimal lengths
// equal exhaustive search's, in both modes, and its plans replay.
TEST(SokobanSolver, AgreesWithExhaustiveSearchOnEveryPositionOfSmallRooms) {
  const std::vector<std::vector<std::string>> rooms = {
      {"#######",  //
       "#.    #",  //
       "# ##  #",  //
       "#   # #",  //
       "#  . ##",  //
       "#######"},
      {"######",  //
       "#    #",  //
       "# .. #",  //
       "#  # #",  //
       "#    #",  //
       "######"},
      {"########",  //
       "#   #  #",  //
       "# .    #",  //
       "##  ## #",  //
       "#. .   #",  //
       "########"},
  };
  int positions = 0, solvable = 0;
  for (const auto& rows : rooms) {
    Level room = rows_level(rows);
    int k = 0;
    for (uint8_t t : room.target) k += t;
    const Oracle oracle(room, k);
    int counter = 0;
    Oracle::for_each_subset(oracle.floor(), k, [&](uint64_t mask) {
      std::vector<Square> boxes;
      for (Square s : oracle.floor())
        if (mask >> s & 1) boxes.push_back(s);
      for (Square p : oracle.floor()) {
        if ((mask >> p & 1) || ++counter % 5 != 0) continue;  // a fifth of them keeps the test quick
        Level level = room;
        level.boxes = boxes;
        level.player = p;
        const auto truth = oracle.distances(p, boxes);
        ++positions;
        solvable += truth.moves >= 0;
        const SolveResult by_moves = solve_for(level, Optimise::kMoves);
        const SolveResult by_pushes = solve_for(level, Optimise::kPushes);
        if (truth.moves < 0) {
          EXPECT_EQ(by_moves.status, SolveStatus::kUnsolvable);
          EXPECT_EQ(by_pushes.status, SolveStatus::kUnsolvable);
          continue;
        }
        ASSERT_EQ(by_moves.status, SolveStatus::kSolved) << rows[0] << " player " << p;
        ASSERT_EQ(by_pushes.status, SolveStatus::kSolved);
        EXPECT_EQ(by_moves.moves, truth.moves) << "player " << p << " plan " << by_moves.plan;
        EXPECT_EQ(by_pushes.pushes, truth.pushes) << "player " << p << " plan " << by_pushes.plan;
        EXPECT_TRUE(plan_solves(level, by_moves.plan)) << by_moves.plan;
        EXPECT_TRUE(plan_solves(level, by_pushes.plan)) << by_pushes.plan;
      }
    });
  }
  EXPECT_GT(solvable, 100);
  EXPECT_GT(positions - solvable, 100);
}

TEST(SokobanSolver, MalformedLevelsThrowInputError) {
  Level level = rows_level({"####", "#$.#", "####"});  // no player
  EXPECT_THROW(solve(level), InputError);
  level.player = 0;  // on a wall
  EXPECT_THROW(solve(level), InputError);
}

}  // namespace
}  // namespace pg::sokoban
