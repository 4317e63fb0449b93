// The deadlock detector against exhaustive search: in small rooms, every
// square flagged dead is exactly one from which a lone box cannot be solved,
// and every position flagged deadlocked is unsolvable.
#include "engine/games/sokoban/deadlocks.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "engine/games/sokoban/corral.h"
#include "engine/games/sokoban/lower_bound.h"
#include "engine/games/sokoban/solver.h"
#include "engine/games/sokoban/solver_testing.h"

namespace pg::sokoban {
namespace {

using testing::Oracle;
using testing::rows_level;

// Small rooms (at most 48 squares, for the oracle), without boxes or player.
const std::vector<std::vector<std::string>> kRooms = {
    {"#######",  //
     "#.    #",  //
     "# ##  #",  //
     "#   # #",  //
     "#  . ##",  //
     "#######"},
    {"########",  //
     "#   #  #",  //
     "# .    #",  //
     "##  ## #",  //
     "#. .   #",  //
     "########"},
    {"######",  //
     "#    #",  //
     "# .. #",  //
     "#    #",  //
     "#    #",  //
     "######"},
    {"#######",  //
     "#.  # #",  //
     "#     #",  //
     "## .  #",  //
     "#######"},
};

// Two boxes side by side against the top wall, off target: neither can move.
const std::vector<std::string> kFrozenPair = {"######",  //
                                              "#$$  #",  //
                                              "#   .#",  //
                                              "# @ .#",  //
                                              "######"};
// The same pair in the middle of the room can still be pushed apart.
const std::vector<std::string> kLoosePair = {"######",  //
                                             "#    #",  //
                                             "# $$ #",  //
                                             "# @ .#",  //
                                             "#   .#",  //
                                             "######"};
// The square between the two boxes is a corral: the player cannot get there. Its fence (the box on the
// corner target and the box beside it) can neither let the player in nor all reach targets: the loose box
// can only slide along the top wall, whose one target is taken. No box is frozen or on a dead square.
const std::vector<std::string> kShutCorral = {"#######",  //
                                              "#* $@ #",  //
                                              "# ##  #",  //
                                              "#   # #",  //
                                              "#  . ##",  //
                                              "#######"};

Level with(const Level& room, Square player, const std::vector<Square>& boxes) {
  Level level = room;
  level.player = player;
  level.boxes = boxes;
  return level;
}

int count_targets(const Level& room) {
  int n = 0;
  for (uint8_t t : room.target) n += t;
  return n;
}

Square any_floor(const Level& room) {
  for (Square s = 0; s < room.num_squares(); ++s)
    if (!room.wall[size_t(s)]) return s;
  return -1;
}

TEST(SokobanDeadlocks, DeadSquaresAreExactlyTheLoneBoxUnsolvableSquares) {
  for (const auto& rows : kRooms) {
    const Level room = rows_level(rows);
    const Oracle oracle(room, 1);
    const Room geometry(with(room, any_floor(room), {}));
    const PushDistances distances(geometry);
    int dead = 0;
    for (Square s : oracle.floor()) {
      bool solvable = false;
      int fewest_pushes = -1;
      for (Square p : oracle.floor()) {
        if (p == s) continue;
        const auto d = oracle.distances(p, {s});
        if (d.pushes < 0) continue;
        solvable = true;
        if (fewest_pushes < 0 || d.pushes < fewest_pushes) fewest_pushes = d.pushes;
      }
      EXPECT_EQ(distances.is_dead(s), !solvable) << rows[0] << " square " << s;
      dead += distances.is_dead(s);
      int nearest = kUnreachable;
      for (size_t k = 0; k < geometry.targets().size(); ++k)
        nearest = std::min(nearest, distances.to_target(int(k), s));
      EXPECT_EQ(nearest, solvable ? fewest_pushes : kUnreachable) << "square " << s;
    }
    EXPECT_GT(dead, 0);  // every room here has corners
  }
}

TEST(SokobanDeadlocks, FlaggedPositionsAreUnsolvableAndTheBoundIsAdmissible) {
  int unsolvable = 0, flagged = 0, frozen = 0, unmatched = 0, corral = 0;
  for (const auto& rows : kRooms) {
    const Level room = rows_level(rows);
    const int k = count_targets(room);
    const Oracle oracle(room, k);
    // The room's analysis does not depend on the position (checked below for
    // the first position through detect_deadlocks, the page's entry point).
    const Room geometry(with(room, any_floor(room), {}));
    const PushDistances distances(geometry);
    MatchingBound bound(geometry, distances);
    CorralCheck corrals(geometry, distances);
    std::vector<uint8_t> box_at(size_t(room.num_squares()), 0);
    Oracle::for_each_subset(oracle.floor(), k, [&](uint64_t mask) {
      std::vector<Square> boxes;
      std::vector<uint16_t> box_squares;
      for (Square s : oracle.floor())
        if (mask >> s & 1) boxes.push_back(s), box_squares.push_back(uint16_t(s));
      bool dead = false;
      for (Square b : boxes) dead = dead || distances.is_dead(b);
      for (Square b : boxes) box_at[size_t(b)] = 1;
      const bool is_frozen = frozen_deadlock(geometry, distances, box_at, kNoSquare);
      for (Square b : boxes) box_at[size_t(b)] = 0;
      const int pushes = bound.compute(box_squares.data(), k);
      const bool deadlocked = dead || is_frozen;
      for (Square p : oracle.floor()) {
        if (mask >> p & 1) continue;
        const auto truth = oracle.distances(p, boxes);
        for (Square b : boxes) box_at[size_t(b)] = 1;
        const bool corralled = !deadlocked && corrals.deadlocked(box_at, p);
        for (Square b : boxes) box_at[size_t(b)] = 0;
        unsolvable += truth.pushes < 0;
        flagged += deadlocked || corralled;
        frozen += is_frozen;
        corral += corralled;
        unmatched += pushes == kNoMatching;
        if (truth.pushes >= 0) {
          EXPECT_FALSE(deadlocked) << rows[0] << " player " << p << " boxes " << boxes[0];
          EXPECT_FALSE(corralled) << rows[0] << " player " << p << " boxes " << boxes[0];
          EXPECT_LE(pushes, truth.pushes);
        }
      }
    });
    // detect_deadlocks and matching_lower_bound agree with the parts above.
    const std::vector<Square> corner_boxes = {room.at(1, 1), room.at(1, 2)};
    const Square player = oracle.floor().back();
    const Level level = with(room, player, corner_boxes);
    EXPECT_EQ(detect_deadlocks(level).deadlocked,
              !room.target[size_t(room.at(1, 1))] || !room.target[size_t(room.at(1, 2))]);
    EXPECT_EQ(matching_lower_bound(level).box_to_target.size() == corner_boxes.size(),
              matching_lower_bound(level).pushes != kNoMatching);
  }
  // The detector does find deadlocks, freezes among them.
  EXPECT_GT(flagged, 0);
  EXPECT_GT(frozen, 0);
  EXPECT_GT(unmatched, 0);
  EXPECT_GT(corral, 0);
  EXPECT_LE(flagged, unsolvable);
  std::printf("%d positions flagged deadlocked (%d frozen, %d corrals, %d without a matching) of %d unsolvable\n",
              flagged, frozen, corral, unmatched, unsolvable);
}

TEST(SokobanDeadlocks, FreezeRecognisesBoxesAgainstWallsAndEachOther) {
  const Level frozen_pair = rows_level(kFrozenPair);
  DeadlockReport report = detect_deadlocks(frozen_pair);
  EXPECT_TRUE(report.deadlocked);
  EXPECT_EQ(report.frozen_boxes.size(), 2u);
  const Level loose_pair = rows_level(kLoosePair);
  report = detect_deadlocks(loose_pair);
  EXPECT_FALSE(report.deadlocked);
  EXPECT_TRUE(report.frozen_boxes.empty());
  // A 2x2 block of boxes is frozen anywhere; here two of them are on targets.
  const Level block = rows_level({"#######",  //
                                  "#     #",  //
                                  "# **  #",  //
                                  "# $$ @#",  //
                                  "#   ..#",  //
                                  "#######"});
  report = detect_deadlocks(block);
  EXPECT_TRUE(report.deadlocked);
  EXPECT_EQ(report.frozen_boxes.size(), 4u);
  // Frozen but every frozen box on a target: not a deadlock.
  const Level done_corner = rows_level({"#####",  //
                                        "#*  #",  //
                                        "# @ #",  //
                                        "#####"});
  EXPECT_FALSE(detect_deadlocks(done_corner).deadlocked);
}

TEST(SokobanDeadlocks, CorralsThatCanNeverOpenAreDeadlocks) {
  const Level shut = rows_level(kShutCorral);
  DeadlockReport report = detect_deadlocks(shut);
  EXPECT_TRUE(report.frozen_boxes.empty());
  EXPECT_TRUE(report.boxes_on_dead_squares.empty());
  EXPECT_TRUE(report.deadlocked);
  EXPECT_EQ(report.corral_boxes, (std::vector<Square>{shut.at(1, 1), shut.at(1, 3)}));
  EXPECT_EQ(solve(shut).status, SolveStatus::kUnsolvable);
  // With the targets the other way round the same fence opens: push the box onto the top-left target.
  const Level open = rows_level({"#######",  //
                                 "#. $@ #",  //
                                 "# ##  #",  //
                                 "#   # #",  //
                                 "#  * ##",  //
                                 "#######"});
  report = detect_deadlocks(open);
  EXPECT_FALSE(report.deadlocked);
  EXPECT_TRUE(report.corral_boxes.empty());
  EXPECT_EQ(solve(open).status, SolveStatus::kSolved);
}

TEST(SokobanDeadlocks, DeadlockedBoxesAreEveryFlaggedBoxOnce) {
  // The box in the top-left corner is on a dead square and frozen with its neighbour: listed once.
  const Level frozen_pair = rows_level(kFrozenPair);
  const DeadlockReport frozen = detect_deadlocks(frozen_pair);
  ASSERT_FALSE(frozen.boxes_on_dead_squares.empty());
  EXPECT_EQ(deadlocked_boxes(frozen), (std::vector<Square>{frozen_pair.at(1, 1), frozen_pair.at(1, 2)}));
  // A corral's fence.
  const Level shut = rows_level(kShutCorral);
  EXPECT_EQ(deadlocked_boxes(detect_deadlocks(shut)), (std::vector<Square>{shut.at(1, 1), shut.at(1, 3)}));
  // Nothing deadlocked: no box.
  EXPECT_TRUE(deadlocked_boxes(detect_deadlocks(rows_level(kLoosePair))).empty());
}

TEST(SokobanDeadlocks, CornerAndWallSquaresAreDead) {
  const Level level = rows_level({"#######",  //
                                  "#     #",  //
                                  "#  .  #",  //
                                  "#   @ #",  //
                                  "#######"});
  const DeadlockReport report = detect_deadlocks(level);
  // Live: row 2 (the target's row) away from the side walls, and the
  // target's column; everything along the walls is dead.
  std::vector<Square> expected_live = {level.at(2, 2), level.at(2, 3), level.at(2, 4)};
  std::vector<Square> live;
  for (int r = 1; r <= 3; ++r)
    for (int c = 1; c <= 5; ++c)
      if (std::find(report.dead_squares.begin(), report.dead_squares.end(), level.at(r, c)) ==
          report.dead_squares.end())
        live.push_back(level.at(r, c));
  EXPECT_EQ(live, expected_live);
}

}  // namespace
}  // namespace pg::sokoban
