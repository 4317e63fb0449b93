// Sokoban level files: the standard text format, collections, the project's
// number grids, and every malformed level refused with its line and column.
#include "engine/games/sokoban/level_text.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/core/error.h"

namespace pg::sokoban {
namespace {

// The error a reader gives, as "where: problem".
template <typename Read>
std::string error_of(Read read) {
  try {
    read();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::string text_error(const std::string& text) {
  return error_of([&] { parse_level(text, "t.txt"); });
}

bool same_level(const Level& a, const Level& b) {
  return a.title == b.title && a.notes == b.notes && a.width == b.width && a.height == b.height && a.wall == b.wall &&
         a.target == b.target && a.boxes == b.boxes && a.player == b.player;
}

TEST(SokobanLevelText, ReadsEverySymbol) {
  // Columns:        0123456
  const Level level = parse_level(
      "#######\n"
      "#@ $.*#\n"
      "#-_.$ #\n"
      "#######\n");
  EXPECT_EQ(level.width, 7);
  EXPECT_EQ(level.height, 4);
  EXPECT_EQ(level.player, level.at(1, 1));
  EXPECT_EQ(level.boxes, (std::vector<Square>{level.at(1, 3), level.at(1, 5), level.at(2, 4)}));
  // Targets: '.' at (1,4), '*' at (1,5), '.' at (2,3); '-' and '_' are floor.
  for (Square s = 0; s < level.num_squares(); ++s) {
    const bool target = s == level.at(1, 4) || s == level.at(1, 5) || s == level.at(2, 3);
    EXPECT_EQ(level.target[size_t(s)], target ? 1 : 0) << s;
    const int r = level.row(s), c = level.column(s);
    EXPECT_EQ(level.wall[size_t(s)], r == 0 || r == 3 || c == 0 || c == 6 ? 1 : 0) << s;
  }
  EXPECT_EQ(level_to_text(level), "#######\n#@ $.*#\n#  .$ #\n#######\n");  // floor written as spaces
}

TEST(SokobanLevelText, WritesStandardText) {
  const std::string text =
      "  #####\n"
      "###   #\n"
      "#.@$  #\n"
      "### $.#\n"
      "#.##$ #\n"
      "# # . ##\n"
      "#$ *$$.#\n"
      "#   .  #\n"
      "########\n";
  const Level level = parse_level(text);
  EXPECT_EQ(level.width, 8);  // the widest row; short rows padded with floor
  EXPECT_EQ(level.wall[size_t(level.at(0, 7))], 0);
  EXPECT_EQ(level_to_text(level), text);  // trailing floor trimmed again
  const auto rows = level_rows(level);
  EXPECT_EQ(rows[0], "  ##### ");
  EXPECT_EQ(rows.size(), 9u);
}

TEST(SokobanLevelText, RowsShowGivenBoxesAndPlayer) {
  const Level level = parse_level("#####\n#@$.#\n#####\n");
  const std::vector<Square> boxes = {level.at(1, 3)};
  EXPECT_EQ(level_rows(level, boxes, level.at(1, 2)), (std::vector<std::string>{"#####", "# @*#", "#####"}));
}

TEST(SokobanLevelText, PlayerOnTargetAndBoxOnTarget) {
  const Level level = parse_level("######\n#+$ *#\n#    #\n######");
  EXPECT_EQ(level.player, level.at(1, 1));
  EXPECT_TRUE(level.target[size_t(level.at(1, 1))]);
  EXPECT_EQ(level_to_text(level), "######\n#+$ *#\n#    #\n######\n");
}

TEST(SokobanLevelText, SingleLevelTakesCommentsAndBlankLines) {
  const Level level = parse_level("\n; a note\n; The title\n#####\n#@$.#\n#####\n\n\n");
  EXPECT_EQ(level.title, "The title");
  EXPECT_EQ(level.notes, (std::vector<std::string>{"a note"}));
  EXPECT_EQ(text_error("#####\n#@$.#\n#####\n\n#####\n#@$.#\n#####\n"),
            "t.txt, line 5: a second level starts here (expected one level)");
}

// Found by fuzzing (tests/fuzz/regressions/sokoban_levels/): a line of floor characters alone after the rows was
// read as an all-floor last row, which the writer writes as an empty line, so the level read back one row shorter.
TEST(SokobanLevelText, LineOfFloorCharactersIsBlank) {
  const Level level = parse_level("#####\n#@$.#\n#####\n-\n\n", "t.txt");
  EXPECT_EQ(level.height, 3);
  EXPECT_TRUE(same_level(parse_level(level_to_text(level)), level));
  EXPECT_EQ(text_error("#####\n#@$.#\n_-_\n#####\n"), "t.txt, line 4: a second level starts here (expected one level)");
}

TEST(SokobanLevelText, ARowThatDoesNotStartWithAWallSurvivesACollection) {
  // Found by fuzzing (docs/reliability.md, bug 5): one level's text takes "***" (boxes on targets) as its last
  // row, but a collection took a line without a wall before its squares for a note, and dropped the row.
  const Level level = parse_level("#####\n#@$.#\n#####\n ***\n", "t.txt");
  EXPECT_EQ(level.height, 4);
  const std::vector<Level> levels = {level, level};
  const std::vector<Level> back = parse_collection(collection_to_text(levels), "written");
  ASSERT_EQ(back.size(), 2u);
  for (const Level& l : back) EXPECT_EQ(level_rows(l), level_rows(level));
  // A line with other characters still ends the level.
  const std::vector<Level> noted = parse_collection("#####\n#@$.#\n#####\nnote $\n", "t.txt");
  ASSERT_EQ(noted.size(), 1u);
  EXPECT_EQ(noted[0].height, 3);
  EXPECT_EQ(noted[0].notes, std::vector<std::string>{"note $"});
}

TEST(SokobanLevelText, AFirstRowThatDoesNotStartWithAWallSurvivesACollection) {
  // Found by fuzzing (docs/reliability.md, bug 6): bug 5 at the top. A collection took the line right above a
  // level's rows for its title when it did not start with a wall, so the level read back one row shorter.
  const Level level = parse_level("*##\n#####\n#@$.#\n#####\n", "t.txt");
  EXPECT_EQ(level.height, 4);
  const std::vector<Level> levels = {level, level};
  const std::string written = collection_to_text(levels);
  const std::vector<Level> back = parse_collection(written, "written");
  ASSERT_EQ(back.size(), 2u);
  for (const Level& l : back) EXPECT_EQ(level_rows(l), level_rows(level));
  // A level's text and a collection agree: lines of level characters touching the rows are rows, above or
  // below; the title is the line above them, and a title with other characters stays a title.
  const std::vector<Level> titled = parse_collection("Level 1\n ***\n*\n#####\n#@$.#\n#####\n", "t.txt");
  ASSERT_EQ(titled.size(), 1u);
  EXPECT_EQ(titled[0].title, "Level 1");
  EXPECT_EQ(level_rows(titled[0]), level_rows(parse_level(" ***\n*\n#####\n#@$.#\n#####\n")));
  EXPECT_EQ(titled[0].height, 5);
  // A blank line between still separates a note from the rows.
  const std::vector<Level> apart = parse_collection("***\n\n#####\n#@$.#\n#####\n", "t.txt");
  ASSERT_EQ(apart.size(), 1u);
  EXPECT_EQ(apart[0].height, 3);
  EXPECT_EQ(apart[0].notes, std::vector<std::string>{"***"});
}

TEST(SokobanLevelText, CrLfLines) {
  const Level level = parse_level("#####\r\n#@$.#\r\n#####\r\n");
  EXPECT_EQ(level.width, 5);
}

TEST(SokobanLevelText, BoxobanCollection) {
  // The first two levels of Boxoban's medium-valid/000.txt.
  const std::string text =
      "; 0\n"
      "##########\n"
      "#       ##\n"
      "# $    ###\n"
      "#. ## . ##\n"
      "# ####  ##\n"
      "#   #   ##\n"
      "#$$ #. ###\n"
      "# # # $@##\n"
      "# .    ###\n"
      "##########\n"
      "\n"
      "; 1\n"
      "##########\n"
      "#.########\n"
      "#  #######\n"
      "# $  $@###\n"
      "# . . ####\n"
      "# # $$ . #\n"
      "# #    ###\n"
      "# ##### ##\n"
      "#        #\n"
      "##########\n";
  const auto levels = parse_collection(text, "000.txt");
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels[0].title, "0");
  EXPECT_EQ(levels[1].title, "1");
  EXPECT_TRUE(levels[0].notes.empty());
  EXPECT_EQ(levels[0].boxes.size(), 4u);
  EXPECT_EQ(levels[1].player, levels[1].at(3, 6));
  EXPECT_EQ(levels[0].width, 10);
  EXPECT_EQ(levels[0].height, 10);
  // Written back in the same form (Boxoban's "; N" above each level).
  EXPECT_EQ(collection_to_text(levels), text + "\n");
}

TEST(SokobanLevelText, CollectionTitlesAndNotes) {
  const std::string text =
      "Some collection\n"
      "Author: someone\n"
      "\n"
      "Level 1\n"
      "#####\n"
      "#@$.#\n"
      "#####\n"
      "; comment between\n"
      "\n"
      "#####\n"
      "#.$@#\n"
      "#####\n"
      "; trailing\n";
  const auto levels = parse_collection(text);
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels[0].title, "Level 1");
  EXPECT_EQ(levels[0].notes, (std::vector<std::string>{"Some collection", "Author: someone"}));
  EXPECT_EQ(levels[1].title, "");  // a blank line between the comment and the rows
  EXPECT_EQ(levels[1].notes, (std::vector<std::string>{"comment between", "trailing"}));
  // Round trip: the written collection reads back to the same levels.
  const auto again = parse_collection(collection_to_text(levels));
  ASSERT_EQ(again.size(), 2u);
  for (size_t i = 0; i < 2; ++i) EXPECT_TRUE(same_level(levels[i], again[i])) << i;
}

TEST(SokobanLevelText, LevelsSeparatedByCommentLinesOnly) {
  const auto levels = parse_collection("; a\n#####\n#@$.#\n#####\n; b\n#####\n#.$@#\n#####\n");
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels[0].title, "a");
  EXPECT_EQ(levels[1].title, "b");
}

const char* kProjectOneBoxNumbers =
    "1 1 1 1 1 1 1 1 1 1 1\n"
    "1 0 0 0 0 0 0 0 0 0 1\n"
    "1 0 0 0 0 0 0 3 0 0 1\n"
    "1 0 0 0 0 0 0 0 0 0 1\n"
    "1 0 0 0 0 0 0 0 0 0 1\n"
    "1 0 0 0 2 0 0 0 0 0 1\n"
    "1 0 0 0 4 0 0 0 0 0 1\n"
    "1 0 0 0 0 0 0 0 0 0 1\n"
    "1 1 1 1 1 1 1 1 1 1 1\n";

TEST(SokobanLevelText, NumberGrid) {
  const Level level = parse_number_grid(kProjectOneBoxNumbers);
  EXPECT_EQ(level.width, 11);
  EXPECT_EQ(level.height, 9);
  EXPECT_EQ(level.boxes, (std::vector<Square>{level.at(5, 4)}));
  EXPECT_EQ(level.player, level.at(6, 4));
  EXPECT_TRUE(level.target[size_t(level.at(2, 7))]);
  EXPECT_EQ(level_to_number_grid(level), kProjectOneBoxNumbers);
  // The same map in standard text.
  EXPECT_EQ(level_to_text(level),
            "###########\n"
            "#         #\n"
            "#      .  #\n"
            "#         #\n"
            "#         #\n"
            "#   $     #\n"
            "#   @     #\n"
            "#         #\n"
            "###########\n");
  EXPECT_TRUE(same_level(parse_level(level_to_text(level)), level));
}

TEST(SokobanLevelText, NumberGridAsPythonSource) {
  // As the project's notebook and map creator write it.
  const Level level = parse_number_grid(
      "# 0: empty, 1: wall, 2: box, 3: target, 4: player, 5: box on target, 6: player on target\n"
      "initial_state = np.array([\n"
      "    [1, 1, 1, 1, 1],\n"
      "    [1, 6, 2, 5, 1],\n"
      "    [1, 0, 3, 2, 1],\n"
      "    [1., 1., 1., 1.0, 1],\n"
      "])\n");
  EXPECT_EQ(level.width, 5);
  EXPECT_EQ(level.height, 4);
  EXPECT_EQ(level_to_text(level), "#####\n#+$*#\n# .$#\n#####\n");
  EXPECT_EQ(level_to_number_grid(level), "1 1 1 1 1\n1 6 2 5 1\n1 0 3 2 1\n1 1 1 1 1\n");
}

TEST(SokobanLevelText, NumberGridCollectionAndDetection) {
  const std::string text =
      std::string("; one box\n") + kProjectOneBoxNumbers + "\n; tiny\n1 1 1 1 1\n1 4 2 3 1\n1 1 1 1 1\n";
  EXPECT_TRUE(looks_like_number_grids(text));
  EXPECT_FALSE(looks_like_number_grids("; 0\n#####\n#@$.#\n#####\n"));
  EXPECT_FALSE(looks_like_number_grids("Title\n#####\n#@$.#\n#####\n"));
  const auto levels = parse_levels(text);
  ASSERT_EQ(levels.size(), 2u);
  EXPECT_EQ(levels[0].title, "one box");
  EXPECT_EQ(levels[1].title, "tiny");
  EXPECT_EQ(parse_levels("#####\n#@$.#\n#####\n").size(), 1u);
  // The project's notebook cell, its comment line first.
  const auto cell = parse_levels(
      "# 0: empty, 1: wall, 2: box, 3: target, 4: player, 5: box on target, 6: player on target\n"
      "initial_state = np.array([\n"
      "    [1, 1, 1, 1, 1],\n"
      "    [1, 4, 2, 3, 1],\n"
      "    [1, 1, 1, 1, 1]])\n");
  ASSERT_EQ(cell.size(), 1u);
  EXPECT_EQ(level_to_text(cell[0]), "#####\n#@$.#\n#####\n");
}

TEST(SokobanLevelText, BoxobanSubsetReadsAndWritesBackByteForByte) {
  const std::string path = std::string(PG_SOURCE_DIR) + "/assets/sokoban/boxoban/medium_valid_000_first50.txt";
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path;
  std::stringstream text;
  text << in.rdbuf();
  const auto levels = parse_collection(text.str(), path);
  ASSERT_EQ(levels.size(), 50u);
  for (size_t i = 0; i < levels.size(); ++i) {
    EXPECT_EQ(levels[i].title, std::to_string(i));
    EXPECT_EQ(levels[i].width, 10);
    EXPECT_EQ(levels[i].height, 10);
    EXPECT_EQ(levels[i].boxes.size(), 4u);
  }
  EXPECT_EQ(collection_to_text(levels), text.str() + "\n");
}

// --- malformed levels -------------------------------------------------------

TEST(SokobanLevelText, RefusesNoPlayer) {
  EXPECT_EQ(text_error("#####\n# $.#\n#####\n"), "t.txt, line 1: no player ('@' or '+', code 4 or 6)");
}

TEST(SokobanLevelText, RefusesTwoPlayers) {
  EXPECT_EQ(text_error("######\n#@$.@#\n######\n"),
            "t.txt, line 2, column 5: a second player (the first is at t.txt, line 2, column 2)");
  EXPECT_EQ(text_error("######\n#@$. #\n#+   #\n######\n"),
            "t.txt, line 3, column 2: a second player (the first is at t.txt, line 2, column 2)");
}

TEST(SokobanLevelText, RefusesUnequalBoxesAndTargets) {
  EXPECT_EQ(text_error("######\n#@$$.#\n######\n"), "t.txt, line 1: 2 boxes but 1 targets (they must be equal)");
  EXPECT_EQ(text_error("######\n#@$..#\n######\n"), "t.txt, line 1: 1 boxes but 2 targets (they must be equal)");
  EXPECT_EQ(text_error("#####\n#@  #\n#####\n"), "t.txt, line 1: no box ('$' or '*', code 2 or 5)");
}

TEST(SokobanLevelText, RefusesOpenBorder) {
  // A gap in the right wall of row 2 (line 2, column 5).
  EXPECT_EQ(text_error("#####\n#@$. \n#####\n").substr(0, 44), "t.txt, line 2, column 5: open border: the pl");
  // The player itself on the edge.
  EXPECT_EQ(text_error("#####\n@ $.#\n#####\n").substr(0, 36), "t.txt, line 2, column 1: open border");
  // A short row: the padding beyond it is floor the player can reach.
  EXPECT_EQ(text_error("#######\n#@$.  #\n#    \n#######\n").substr(0, 36), "t.txt, line 3, column 7: open border");
  // A hole in the top row, reached through the floor below it.
  EXPECT_EQ(text_error("## ##\n#   #\n#@$.#\n#####\n").substr(0, 36), "t.txt, line 1, column 3: open border");
  // Floor outside the walls that the player cannot reach is fine.
  EXPECT_NO_THROW(parse_level("  #####\n  #@$.#\n  #####   \n"));
}

TEST(SokobanLevelText, RefusesUnknownCharacter) {
  EXPECT_EQ(text_error("#####\n#@$.#\n##x##\n"),
            "t.txt, line 3, column 3: unknown character 'x' (a level uses # $ . @ * + and space, - or _)");
  EXPECT_EQ(text_error("#####\n#@$.\t#\n#####\n").substr(0, 52),
            "t.txt, line 2, column 5: unknown character byte 0x09");
  // In a collection, a line starting with a wall is a row: its bad characters are reported.
  EXPECT_EQ(error_of([] { parse_collection("; 1\n#####\n#@$.#\n#!###\n"); }).substr(0, 44),
            "line 4, column 2: unknown character '!' (a l");
}

TEST(SokobanLevelText, RefusesOversize) {
  const std::string wide = "#" + std::string(size_t(kMaxSide), ' ') + "#\n";
  EXPECT_EQ(text_error("##\n" + wide), "t.txt, line 2, column 65: the level is wider than 64 columns");
  std::string tall = "#####\n#@$.#\n";
  for (int i = 0; i < kMaxSide; ++i) tall += "#   #\n";
  EXPECT_EQ(text_error(tall), "t.txt, line 65: the level is taller than 64 rows");
  // A level of exactly 64 x 64 is read.
  std::string largest = std::string(size_t(kMaxSide), '#') + "\n#@$." + std::string(size_t(kMaxSide) - 5, ' ') + "#\n";
  for (int i = 0; i < kMaxSide - 3; ++i) largest += "#" + std::string(size_t(kMaxSide) - 2, ' ') + "#\n";
  largest += std::string(size_t(kMaxSide), '#') + "\n";
  const Level level = parse_level(largest);
  EXPECT_EQ(level.width, kMaxSide);
  EXPECT_EQ(level.height, kMaxSide);
}

TEST(SokobanLevelText, RefusesBadNumberGrids) {
  const auto grid_error = [](const std::string& text) { return error_of([&] { parse_number_grid(text, "g"); }); };
  EXPECT_EQ(grid_error("1 1 1 1 1\n1 4 2 3 1\n1 1 1 1\n"),
            "g, line 3: 4 tile codes, but the grid's first row (line 1) has 5");
  EXPECT_EQ(grid_error("1 1 1 1 1\n1 4 7 3 1\n1 1 1 1 1\n"),
            "g, line 2, column 5: tile code 7 is not one of 0 (empty) to 6 (player on target)");
  EXPECT_EQ(grid_error("1 1 1 1 1\n1 4 x 3 1\n1 1 1 1 1\n"),
            "g, line 2, column 5: unknown character 'x' (a number grid holds the tile codes 0 to 6)");
  EXPECT_EQ(grid_error("1 1 1 1 1\n1 4 2 3 0\n1 1 1 1 1\n").substr(0, 32), "g, line 2, column 9: open border");
  EXPECT_EQ(grid_error("1 1 1 1 1\n1 4 2 4 1\n1 1 1 1 1\n").substr(0, 41), "g, line 2, column 7: a second player (the");
  EXPECT_EQ(error_of([] { parse_levels("; nothing here\n\n"); }), "text: no level found");
}

TEST(SokobanLevelText, CheckLevelBuiltInCode) {
  Level level = parse_level("#####\n#@$.#\n#####\n");
  EXPECT_NO_THROW(check_level(level));
  level.wall[size_t(level.at(1, 4))] = 0;
  EXPECT_EQ(error_of([&] { check_level(level); }).substr(0, 37), "level, row 1, column 4: open border: ");
  level = parse_level("#####\n#@$.#\n#####\n");
  level.boxes.insert(level.boxes.begin(), level.at(1, 1));
  EXPECT_EQ(error_of([&] { check_level(level); }), "level, row 1, column 1: a box on a wall or on the player");
}

}  // namespace
}  // namespace pg::sokoban
