// The visual editor's sketch: painting keeps targets under boxes and the
// player, one player at a time, resizing adds walls, and the text it gives is
// read back by the level reader as the same level.
#include "engine/games/sokoban/level_sketch.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/games/sokoban/level_text.h"

namespace pg::sokoban {
namespace {

TEST(SokobanSketch, PaintingKeepsTargetsAndOnePlayer) {
  LevelSketch s = LevelSketch::from_text("; room\n#####\n#@$.#\n#####\n");
  EXPECT_EQ(s.title(), "room");
  EXPECT_EQ(s.width(), 5);
  EXPECT_EQ(s.height(), 3);
  EXPECT_TRUE(s.paint(1, 3, Brush::kBox));  // a box onto the target
  EXPECT_EQ(s.at(1, 3), '*');
  EXPECT_TRUE(s.paint(1, 2, Brush::kTarget));  // a target under the box
  EXPECT_EQ(s.at(1, 2), '*');
  EXPECT_TRUE(s.paint(1, 2, Brush::kPlayer));  // the player moves there, on the target
  EXPECT_EQ(s.at(1, 2), '+');
  EXPECT_EQ(s.at(1, 1), ' ') << "the old player's square is floor";
  EXPECT_TRUE(s.paint(1, 1, Brush::kPlayer));
  EXPECT_EQ(s.at(1, 2), '.') << "the target stays when the player leaves";
  EXPECT_FALSE(s.paint(1, 1, Brush::kPlayer)) << "nothing changed";
  EXPECT_FALSE(s.paint(7, 1, Brush::kWall)) << "outside";
  EXPECT_TRUE(s.paint(1, 2, Brush::kFloor));
  EXPECT_EQ(s.text(), "; room\n#####\n#@ *#\n#####\n");
}

TEST(SokobanSketch, ItsTextIsReadBackAsTheSameLevel) {
  LevelSketch s = LevelSketch::from_text("");
  EXPECT_EQ(s.width(), LevelSketch::kMinSide);
  s.resize(6, 4);
  for (int c = 1; c <= 4; ++c) s.paint(1, c, Brush::kFloor), s.paint(2, c, Brush::kFloor);
  s.paint(1, 1, Brush::kPlayer);
  s.paint(2, 2, Brush::kBox);
  s.paint(2, 4, Brush::kTarget);
  EXPECT_EQ(s.text(), "######\n#@   #\n# $ .#\n######\n");
  const Level level = parse_levels(s.text(), "").front();
  EXPECT_EQ(level_to_text(level), s.text());
  // A number grid is read, then drawn as standard text.
  EXPECT_EQ(LevelSketch::from_text("1 1 1 1 1\n1 4 2 3 1\n1 1 1 1 1\n").text(), "#####\n#@$.#\n#####\n");
}

TEST(SokobanSketch, AnUnfinishedLevelIsKeptAsDrawnAndRefusedByTheReader) {
  // Two players and an open border: not a level yet, but the sketch keeps it.
  LevelSketch s = LevelSketch::from_text("; draft\n####\n#@@ \n####\n");
  EXPECT_EQ(s.title(), "draft");
  EXPECT_EQ(s.at(1, 3), ' ');
  EXPECT_THROW(parse_levels(s.text(), ""), InputError);
  s.resize(40, 1);
  EXPECT_EQ(s.width(), LevelSketch::kMaxSide);
  EXPECT_EQ(s.height(), LevelSketch::kMinSide);
  EXPECT_EQ(s.at(2, LevelSketch::kMaxSide - 1), '#') << "new squares are walls";
}

}  // namespace
}  // namespace pg::sokoban
