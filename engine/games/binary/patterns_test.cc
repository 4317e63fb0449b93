// The pattern-weight policy: five-point strings, matching forwards and
// mirrored along rows and columns, weights and probabilities, sampling.
#include "engine/games/binary/patterns.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/pattern_agent.h"
#include "engine/games/binary/pattern_files.h"

namespace pg::binary {
namespace {

PatternTable table_of(const std::string& text) { return PatternTable::parse(text, "test.txt"); }

TEST(BinaryPatterns, CodesReadBackAndMirror) {
  for (const char* p : {"10..1", "XX..1", "X0.1.", ".....", "01.XX"}) {
    ASSERT_GE(pattern_code(p), 0) << p;
    EXPECT_EQ(pattern_text(pattern_code(p)), p);
  }
  EXPECT_EQ(pattern_text(mirror_code(pattern_code("10..1"))), "1..01");
  EXPECT_EQ(pattern_text(mirror_code(pattern_code("XX..1"))), "1..XX");
  EXPECT_EQ(pattern_code("10.1"), -1);
  EXPECT_EQ(pattern_code("10.x1"), -1);
}

// ..1..
// 10..1   the assignment's board: 10..1 matches along the row of (2,1), and
// XX..1 along the row of (0,0), the top-left corner.
TEST(BinaryPatterns, RowAndColumnStringsMarkOffBoardPointsWithX) {
  const Board b = Board::from_rows({"..1..", "10..1"});
  EXPECT_EQ(pattern_text(row_code(b, 2, 1)), "10..1");
  EXPECT_EQ(pattern_text(row_code(b, 0, 0)), "XX..1");
  EXPECT_EQ(pattern_text(column_code(b, 0, 0)), "XX.1X");
  EXPECT_EQ(pattern_text(column_code(b, 3, 1)), "X..XX");
}

// 0.1.0
// .....
// 1...1   the assignment's example: X0.1. matches in eight places, all the
// .....   neighbours of a corner point (along a row or a column, forwards
// 0.1.0   or backwards).
TEST(BinaryPatterns, TheAssignmentsCornerPatternMatchesInEightPlaces) {
  const Board b = Board::from_rows({"0.1.0", ".....", "1...1", ".....", "0.1.0"});
  const PatternTable t = table_of("X0.1. 0 50\n");
  int matches = 0;
  std::map<std::pair<int, int>, int> where;
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y) {
      if (b.at(x, y) != kEmpty) continue;
      for (int code : {row_code(b, x, y), column_code(b, x, y)})
        if (t.match(code, 0) >= 0) ++matches, ++where[{x, y}];
    }
  EXPECT_EQ(matches, 8);
  for (const auto& p : {std::pair{1, 0}, {0, 1}, {3, 0}, {4, 1}, {0, 3}, {1, 4}, {4, 3}, {3, 4}})
    EXPECT_EQ(where[p], 1) << p.first << "," << p.second;
}

// 1.    the assignment's 5x2 board turned a quarter: the pattern 10..1 now
// 0.    matches along the column of (1,2) (read top to bottom), and its
// .1    mirror image along the column of a board flipped upside down.
// ..
// 1.
TEST(BinaryPatterns, PatternsMatchColumnsAndMirrorImages) {
  const PatternTable t = table_of("10..1 0 20\n10..1 1 12\n");
  const Board turned = Board::from_rows({"1.", "0.", ".1", "..", "1."});
  EXPECT_EQ(t.weight(column_code(turned, 0, 2), 0), 20);
  EXPECT_EQ(t.weight(column_code(turned, 0, 2), 1), 12);
  EXPECT_EQ(t.weight(row_code(turned, 0, 2), 0), kDefaultWeight);
  const Board flipped = Board::from_rows({"1.", "..", ".1", "0.", "1."});
  EXPECT_EQ(t.weight(column_code(flipped, 0, 2), 0), 20);
  const Board mirrored = Board::from_rows({"..1..", "1..01"});
  EXPECT_EQ(t.weight(row_code(mirrored, 2, 1), 0), 20);
}

// ..1..
// 10..1   with X1.XX for 0: it matches the column of (2,1) forwards and the
// columns of (0,0) and (4,0) mirrored (XX.1X: the edge, the point, a 1 below).
TEST(BinaryPatterns, AMovesWeightIsItsRowWeightPlusItsColumnWeight) {
  const Board b = Board::from_rows({"..1..", "10..1"});
  std::vector<WeightedMove> moves;
  weigh_moves(b, table_of("10..1 0 20\n10..1 1 12\nX1.XX 0 7\n"), moves);
  std::map<std::tuple<int, int, int>, std::pair<double, double>> got;
  for (const auto& m : moves) got[{m.x, m.y, m.d}] = {m.row_weight, m.column_weight};
  const std::map<std::tuple<int, int, int>, std::pair<double, double>> expected = {
      {{0, 0, 0}, {10, 7}},  {{1, 0, 1}, {10, 10}}, {{2, 1, 0}, {20, 7}},  {{3, 0, 0}, {10, 10}},
      {{3, 0, 1}, {10, 10}}, {{3, 1, 0}, {10, 10}}, {{3, 1, 1}, {10, 10}}, {{4, 0, 0}, {10, 7}}};
  EXPECT_EQ(got, expected);
  const std::vector<double> p = probabilities(moves);
  EXPECT_DOUBLE_EQ(p[2], 27.0 / 161);  // (2,1,0), third in the course's order
  EXPECT_DOUBLE_EQ(p[0], 17.0 / 161);
}

TEST(BinaryPatterns, AllZeroWeightsFallBackToUniform) {
  const Board b = Board::empty(1, 1);
  std::vector<WeightedMove> moves;
  weigh_moves(b, table_of("XX.XX 0 0\nXX.XX 1 0\n"), moves);
  EXPECT_EQ(moves[0].weight(), 0);
  EXPECT_EQ(probabilities(moves), (std::vector<double>{0.5, 0.5}));
}

TEST(BinaryPatterns, ZeroWeightMovesAreNeverSampledAndOthersInProportion) {
  Rng rng(3);
  std::vector<WeightedMove> scratch;
  Move m{};
  // A 1x1 board: both strings are XX.XX; 0 weighs 0 + 0, 1 weighs 30 + 30.
  for (int i = 0; i < 200; ++i) {
    ASSERT_TRUE(sample_move(Board::empty(1, 1), table_of("XX.XX 0 0\nXX.XX 1 30\n"), rng, scratch, m));
    EXPECT_EQ(m.d, 1);
  }
  // A 2x1 board: XX..X matches the row of (0,0) forwards and of (1,0)
  // mirrored, so 0 there weighs 50 + 10 and 1 weighs 20: 60 / 160 each.
  const PatternTable t = table_of("XX..X 0 50\n");
  const int n = 20000;
  int first = 0;
  for (int i = 0; i < n; ++i) {
    ASSERT_TRUE(sample_move(Board::empty(2, 1), t, rng, scratch, m));
    first += m.x == 0 && m.d == 0;
  }
  EXPECT_NEAR(double(first) / n, 0.375, 4 * std::sqrt(0.375 * 0.625 / n));
  EXPECT_FALSE(sample_move(Board::from_rows({"00.11"}), t, rng, scratch, m));
}

TEST(BinaryPatterns, PlayoutsEndWithTheStuckPlayerLosing) {
  Rng rng(9);
  std::vector<WeightedMove> scratch;
  int wins[2] = {0, 0};
  // 5x5: either player can make the last move (on 4x4 random play always
  // ends after an even number of moves).
  for (int i = 0; i < 200; ++i) ++wins[playout(Board::empty(5, 5), table_of(""), rng, scratch)];
  EXPECT_EQ(wins[0] + wins[1], 200);
  EXPECT_GT(wins[0], 0);
  EXPECT_GT(wins[1], 0);
  EXPECT_EQ(playout(Board::empty(1, 1), table_of(""), rng, scratch), 0);  // one move, then player 1 is stuck
}

TEST(BinaryPatterns, ATableWritesBackAsAPatternFile) {
  const PatternTable t = table_of("# comment\n10..1 0 20\n10..1 1 12.5\n1..01 0 20\n");
  EXPECT_EQ(t.to_text(), "10..1 0 20\n10..1 1 12.5\n");  // the mirror image with the same weight adds nothing
  EXPECT_EQ(table_of(t.to_text()).to_text(), t.to_text());
  EXPECT_EQ(t.lines()[1].line, 3);
}

TEST(BinaryPatterns, TheShippedFilesAreTheAssignmentsExamples) {
  const auto names = shipped_pattern_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "twopattern"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "nopattern"), names.end());
  EXPECT_EQ(pattern_tables().find("twopattern")->to_text(), "10..1 0 20\n10..1 1 12\n");
  EXPECT_TRUE(pattern_tables().find("nopattern")->empty());
  EXPECT_EQ(pattern_tables().find("no-such-file"), nullptr);
  for (const auto& name : names) EXPECT_NO_THROW(pattern_tables().find(name)) << name;
}

// ..1..
// 10..1   the agent's distribution is the policy: 0 at (2,1) weighs 30 of 170.
TEST(BinaryPatternAgent, ItsDistributionIsThePolicyAndItsScoresTheWeights) {
  const auto game = make_game("binary", {{"width", 5}, {"height", 2}});
  auto state = game->initial_state(1);
  for (const char* a : {"2,0,1", "0,1,1", "1,1,0", "4,1,1"}) state->apply(state->parse_action(a));
  auto agent = make_agent(*game, "patterns:twopattern");
  Rng rng(4);
  const Decision d = agent->decide(*state, rng);
  EXPECT_EQ(d.actions, state->legal_actions());
  ASSERT_EQ(d.actions.size(), 8u);
  for (size_t i = 0; i < d.actions.size(); ++i) {
    const bool matched = state->action_name(d.actions[i]) == "2,1,0";
    EXPECT_EQ(d.scores[i], matched ? 30 : 20);
    EXPECT_DOUBLE_EQ(d.probabilities[i], (matched ? 30.0 : 20.0) / 170);
  }
  EXPECT_TRUE(state->is_legal(d.chosen));
  // Drawn in proportion: 2,1,0 about 30/170 of the time.
  int matched = 0;
  const int n = 4000;
  for (int i = 0; i < n; ++i) matched += state->action_name(agent->decide(*state, rng).chosen) == "2,1,0";
  EXPECT_NEAR(double(matched) / n, 30.0 / 170, 4 * std::sqrt(30.0 / 170 * 140 / 170 / n));
  EXPECT_NE(d.note.find("[twopattern]"), std::string::npos) << d.note;
}

TEST(BinaryPatternAgent, DefaultsToTheShippedFileAndNamesAnUnknownOne) {
  const auto game = make_game("binary");
  EXPECT_EQ(make_agent(*game, "patterns")->spec(), "patterns");
  EXPECT_EQ(dynamic_cast<PatternAgent&>(*make_agent(*game, "patterns")).table().to_text(),
            pattern_tables().find(kDefaultPatterns)->to_text());
  try {
    make_agent(*game, "patterns:fivepattern");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(
        std::string(e.what()).find("agent 'patterns:fivepattern': no pattern file named 'fivepattern' (shipped: "),
        std::string::npos)
        << e.what();
  }
  pattern_tables().store("edited", std::make_shared<const PatternTable>(table_of("XX.XX 1 5\n")));
  EXPECT_EQ(dynamic_cast<PatternAgent&>(*make_agent(*game, "patterns:edited")).table().lines().size(), 1u);
}

}  // namespace
}  // namespace pg::binary

namespace pg::binary {
namespace {

// The page's editor lists every bad line, each with its number.
TEST(BinaryPatternErrors, EveryBadLineWithItsNumber) {
  const std::string text = "# comment\n10..1 0 20\n10.1 0 5\n\n1...1 2 3\n10..1 1 12\nX0.1. 0 abc\n";
  const auto errors = PatternTable::errors(text, "editor");
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_EQ(errors[0], "editor, line 3: pattern '10.1' has 4 points; a pattern has 5");
  EXPECT_EQ(errors[1].rfind("editor, line 5: digit '2'", 0), 0u) << errors[1];
  EXPECT_EQ(errors[2].rfind("editor, line 7: weight 'abc'", 0), 0u) << errors[2];
  EXPECT_TRUE(PatternTable::errors("10..1 0 20\n10..1 1 12\n", "editor").empty());
  // Lines well formed alone but in conflict: the whole file's check names them.
  const auto conflict = PatternTable::errors("10..1 0 20\n1..01 0 15\n", "editor");
  ASSERT_EQ(conflict.size(), 1u);
  EXPECT_EQ(conflict[0].rfind("editor, line 2:", 0), 0u) << conflict[0];
}

}  // namespace
}  // namespace pg::binary
