// Binary Game rules, one test per rule, boards drawn as the course's `show`
// prints them: rows top to bottom (y = 0 first), x from the left, '.' empty.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/binary/binary_game.h"
#include "engine/games/binary/board.h"

namespace pg::binary {
namespace {

using Moves = std::set<std::tuple<int, int, int>>;

Moves legal_moves(const Board& b) {
  Moves moves;
  b.for_each_legal([&](int x, int y, int d) { moves.insert({x, y, d}); });
  return moves;
}

// The rules as the course's program states them, on a grid of characters:
// put the digit, then scan the column and the row for three in a row and
// count. Independent of the bit masks, to check them.
std::string course_verdict(std::vector<std::string> grid, int x, int y, int d) {
  if (grid[size_t(y)][size_t(x)] != '.') return "occupied";
  const char c = char('0' + d);
  grid[size_t(y)][size_t(x)] = c;
  const int width = int(grid[0].size()), height = int(grid.size());
  int run = 0, count = 0;
  for (int i = 0; i < height; ++i) {
    run = grid[size_t(i)][size_t(x)] == c ? run + 1 : 0;
    count += grid[size_t(i)][size_t(x)] == c;
    if (run >= 3) return "three in a row";
  }
  const bool column_too_many = count > (height + 1) / 2;
  run = count = 0;
  for (int i = 0; i < width; ++i) {
    run = grid[size_t(y)][size_t(i)] == c ? run + 1 : 0;
    count += grid[size_t(y)][size_t(i)] == c;
    if (run >= 3) return "three in a row";
  }
  if (column_too_many || count > (width + 1) / 2) return "too many " + std::to_string(d);
  return "";
}

std::vector<std::string> rows_of(const Board& b) {
  std::vector<std::string> rows;
  std::string text = to_text(b);
  for (size_t start = 0, end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
    rows.push_back(text.substr(start, end - start));
  return rows;
}

TEST(BinaryRules, AnEmptyBoardAllowsBothDigitsEverywhereAndPlayerZeroMovesFirst) {
  // ...
  // ...   3 columns, 2 rows: 6 points, 12 moves.
  const Board b = Board::empty(3, 2);
  EXPECT_EQ(to_text(b), "...\n...\n");
  EXPECT_EQ(b.count_legal(), 12);
  EXPECT_EQ(b.to_move(), 0);
  EXPECT_EQ(b.row_cap(), 2);  // ceil(3/2)
  EXPECT_EQ(b.col_cap(), 1);  // ceil(2/2)
}

// .1.
// ...   (1,0) is taken.
TEST(BinaryRules, AnOccupiedPointIsIllegal) {
  const Board b = Board::from_rows({".1.", "..."});
  EXPECT_EQ(b.check(1, 0, 0), Verdict::kOccupied);
  EXPECT_EQ(b.check(1, 0, 1), Verdict::kOccupied);
  EXPECT_EQ(reason_text(Verdict::kOccupied, 1), "occupied");
}

// 00.....   a third 0 after two is three in a row; a 1 is fine.
TEST(BinaryRules, ThreeEqualDigitsInARowAreIllegal) {
  const Board b = Board::from_rows({"00....."});
  EXPECT_EQ(b.check(2, 0, 0), Verdict::kThreeInARow);
  EXPECT_EQ(b.check(2, 0, 1), Verdict::kLegal);
  EXPECT_EQ(b.check(3, 0, 0), Verdict::kLegal);  // 00.0: not consecutive
  EXPECT_EQ(reason_text(Verdict::kThreeInARow, 0), "three in a row");
}

// 1.1....   filling the gap between two equal digits is three in a row too.
TEST(BinaryRules, FillingTheGapBetweenTwoEqualDigitsIsThreeInARow) {
  const Board b = Board::from_rows({"1.1...."});
  EXPECT_EQ(b.check(1, 0, 1), Verdict::kThreeInARow);
  EXPECT_EQ(b.check(1, 0, 0), Verdict::kLegal);
}

// ...00..   before two equal digits, as well.
TEST(BinaryRules, PlayingBeforeTwoEqualDigitsIsThreeInARow) {
  const Board b = Board::from_rows({"...00.."});
  EXPECT_EQ(b.check(2, 0, 0), Verdict::kThreeInARow);
  EXPECT_EQ(b.check(5, 0, 0), Verdict::kThreeInARow);
  EXPECT_EQ(b.check(1, 0, 0), Verdict::kLegal);
}

// 1.     a column of 7 rows: 1, 1, then empty.
// 1.
// ..
TEST(BinaryRules, ThreeInAColumnIsIllegal) {
  const Board b = Board::from_rows({"1.", "1.", "..", "..", "..", "..", ".."});
  EXPECT_EQ(b.check(0, 2, 1), Verdict::kThreeInARow);
  EXPECT_EQ(b.check(0, 2, 0), Verdict::kLegal);
  EXPECT_EQ(b.check(1, 2, 1), Verdict::kLegal);
  const Explanation e = b.explain(0, 2, 1);
  EXPECT_TRUE(e.in_column);
  EXPECT_EQ(explain_text(e, 0, 2, 1), "three ones in a row in column 0");
}

// 0.0.   a row of 4 holds at most ceil(4/2) = 2 zeros.
TEST(BinaryRules, ARowHoldsAtMostHalfItsLengthRoundedUpOfADigit) {
  const Board b = Board::from_rows({"0.0."});
  EXPECT_EQ(b.check(3, 0, 0), Verdict::kTooMany);
  EXPECT_EQ(b.check(3, 0, 1), Verdict::kLegal);
  EXPECT_EQ(reason_text(Verdict::kTooMany, 0), "too many 0");
  const Explanation e = b.explain(3, 0, 0);
  EXPECT_FALSE(e.in_column);
  EXPECT_EQ(e.count, 3);
  EXPECT_EQ(e.cap, 2);
  EXPECT_EQ(explain_text(e, 3, 0, 0), "row 0 would hold 3 zeros; at most 2 fit");
}

// 1   a column of 4 holds at most 2 ones.
// .
// 1
// .
TEST(BinaryRules, AColumnHoldsAtMostHalfItsLengthRoundedUpOfADigit) {
  const Board b = Board::from_rows({"1", ".", "1", "."});
  EXPECT_EQ(b.check(0, 3, 1), Verdict::kTooMany);
  EXPECT_EQ(b.check(0, 1, 1), Verdict::kThreeInARow);
  EXPECT_EQ(b.check(0, 3, 0), Verdict::kLegal);
  EXPECT_TRUE(b.explain(0, 3, 1).in_column);
}

// 0.0..   an odd row of 5 holds ceil(5/2) = 3 of a digit: a third 0 fits, a fourth does not.
TEST(BinaryRules, OddLinesRoundTheLimitUp) {
  Board b = Board::from_rows({"0.0.."});
  EXPECT_EQ(b.row_cap(), 3);
  EXPECT_EQ(b.check(4, 0, 0), Verdict::kLegal);
  b.place(4, 0, 0);  // 0.0.0
  EXPECT_EQ(b.check(1, 0, 0), Verdict::kThreeInARow);
  EXPECT_EQ(b.check(3, 0, 0), Verdict::kThreeInARow);
  const Board c = Board::from_rows({"0.0.0.."});  // 7 points: 4 zeros fit
  EXPECT_EQ(c.check(6, 0, 0), Verdict::kLegal);
  const Board d = Board::from_rows({"0.0.0.0"});
  EXPECT_EQ(d.row_cap(), 4);
  EXPECT_EQ(d.check(1, 0, 1), Verdict::kLegal);
  EXPECT_EQ(Board::from_rows({"0.0.0.0", "......."}).check(1, 1, 0), Verdict::kLegal);
}

// 00.0   three in a row and too many at once: the course names three in a row.
TEST(BinaryRules, ThreeInARowIsReportedBeforeTooMany) {
  const Board b = Board::from_rows({"00.0"});
  EXPECT_EQ(b.check(2, 0, 0), Verdict::kThreeInARow);
  // 1 . 1 . 1: a column of 5 holding 3 ones, and a row of 2 holding one 1.
  const Board c = Board::from_rows({"1.", "..", "1.", "..", "1."});
  EXPECT_EQ(c.check(0, 1, 1), Verdict::kThreeInARow);
  EXPECT_EQ(c.check(0, 3, 1), Verdict::kThreeInARow);
  EXPECT_EQ(Board::from_rows({"1.", "..", "1.", "..", "1.", ".."}).check(0, 5, 1), Verdict::kTooMany);
}

// 00.11   the middle point takes neither digit: no legal move is left, and
// the player to move (player 0: four points are filled) loses.
TEST(BinaryRules, ThePlayerToMoveWithNoLegalMoveLoses) {
  const BinaryState s(Board::from_rows({"00.11"}));
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), 1);
  EXPECT_TRUE(s.legal_actions().empty());
  EXPECT_EQ(s.to_text(), "00.11\nplayer 1 wins (player 0 has no legal move)\n");
}

// 0.11   player 1 fills the last open point (1,0) with 0 and wins.
TEST(BinaryRules, MakingTheLastMoveWinsWithReturnsPlusOneAndMinusOne) {
  auto state =
      make_game("binary", {{"width", 4}, {"height", 1}})
          ->state_from_json(
              {{"width", 4}, {"height", 1}, {"grid", {"0.11"}}, {"to_move", 1}, {"done", false}, {"winner", nullptr}});
  ASSERT_EQ(state->legal_actions().size(), 1u);  // only 0 at (1,0): 1 would make three in a row
  EXPECT_EQ(state->action_name(state->legal_actions()[0]), "1,0,0");
  const Transition t = state->apply_with_details(state->legal_actions()[0]);
  EXPECT_TRUE(state->is_terminal());
  EXPECT_EQ(t.rewards, (std::vector<double>{-1, 1}));
  EXPECT_EQ(t.events["winner"], 1);
  EXPECT_EQ(t.events["row"], "X0.11");  // the strings the patterns saw, before the move
  EXPECT_EQ(t.events["column"], "XX.XX");
  EXPECT_EQ(state->to_json()["winner"], 1);
}

// 0110
// 011.   there is no "no two equal rows" rule: 0 at (3,1) repeats row 0.
// ....
// ....
TEST(BinaryRules, TwoEqualRowsAreAllowed) {
  const Board d = Board::from_rows({"0110", "011.", "....", "...."});
  EXPECT_EQ(d.check(3, 1, 0), Verdict::kLegal);  // row 1 becomes 0110, equal to row 0
}

TEST(BinaryRules, OneByOneBoardEndsAfterOneMove) {
  BinaryState s(Board::empty(1, 1));
  EXPECT_EQ(s.legal_actions().size(), 2u);
  s.apply(s.legal_actions()[1]);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.board().at(0, 0), 1);
}

// A single row of n points (n x 1) and a single column (1 x n): the short
// lines (length 1) hold one digit, the long one ceil(n/2) of each.
TEST(BinaryRules, OneByNBoardsApplyTheRulesAlongTheirOneLongLine) {
  Board row = Board::from_rows({"0.0.."});
  Board column = Board::from_rows({"0", ".", "0", ".", "."});
  EXPECT_EQ(legal_moves(row), (Moves{{1, 0, 1}, {3, 0, 0}, {3, 0, 1}, {4, 0, 0}, {4, 0, 1}}));
  EXPECT_EQ(legal_moves(column), (Moves{{0, 1, 1}, {0, 3, 0}, {0, 3, 1}, {0, 4, 0}, {0, 4, 1}}));
  row.place(3, 0, 1);
  row.place(1, 0, 1);  // 0101.: either digit fits at x=4 (three of it, no three in a row)
  EXPECT_EQ(legal_moves(row), (Moves{{4, 0, 0}, {4, 0, 1}}));
}

TEST(BinaryRules, LegalMovesMatchTheCoursesScanOnRandomGamesOfManySizes) {
  Rng rng(11);
  std::vector<std::pair<int, int>> sizes;
  for (int w = 1; w <= 7; ++w)
    for (int h = 1; h <= 7; ++h) sizes.push_back({w, h});
  sizes.insert(sizes.end(), {{10, 10}, {20, 20}, {13, 20}, {32, 32}, {32, 1}, {1, 32}});
  for (const auto& [w, h] : sizes) {
    // Big boards: one game, checked every 25 moves (the scan is slow).
    const bool big = w * h > 150;
    for (int game = 0; game < (big ? 1 : 4); ++game) {
      Board b = Board::empty(w, h);
      for (int step = 0;; ++step) {
        if (big && step % 25 != 0 && b.has_legal_move()) {
          Moves moves = legal_moves(b);
          auto it = moves.begin();
          std::advance(it, rng.below(uint32_t(moves.size())));
          b.place(std::get<0>(*it), std::get<1>(*it), std::get<2>(*it));
          continue;
        }
        const std::vector<std::string> grid = rows_of(b);
        std::vector<std::tuple<int, int, int>> expected;
        for (int x = 0; x < w; ++x)
          for (int y = 0; y < h; ++y)
            for (int d = 0; d < 2; ++d) {
              const std::string v = course_verdict(grid, x, y, d);
              ASSERT_EQ(reason_text(b.check(x, y, d), d), v) << w << "x" << h << " " << x << "," << y << "," << d;
              if (v.empty()) expected.push_back({x, y, d});
            }
        std::vector<std::tuple<int, int, int>> listed;
        b.for_each_legal([&](int x, int y, int d) { listed.push_back({x, y, d}); });
        ASSERT_EQ(listed, expected) << "in the course's order, on\n" << to_text(b);
        ASSERT_EQ(b.has_legal_move(), !expected.empty());
        ASSERT_EQ(b.first_violation(), "");
        if (expected.empty()) break;
        const auto [x, y, d] = expected[rng.below(uint32_t(expected.size()))];
        b.place(x, y, d);
      }
    }
  }
}

// The eight symmetries of a square (four of a rectangle) and swapping the
// digits map legal moves to legal moves.
Board transformed(const Board& b, int t, bool swap) {
  const bool transpose = t & 4;
  Board out = Board::empty(transpose ? b.height : b.width, transpose ? b.width : b.height);
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) {
      const int v = b.at(x, y);
      if (v == kEmpty) continue;
      int tx = (t & 1) ? b.width - 1 - x : x, ty = (t & 2) ? b.height - 1 - y : y;
      if (transpose) std::swap(tx, ty);
      out.place(tx, ty, swap ? 1 - v : v);
    }
  return out;
}

TEST(BinaryRules, RotationsMirrorsAndSwappedDigitsPreserveLegality) {
  Rng rng(5);
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{4, 4}, {5, 5}, {6, 6}, {5, 3}, {2, 7}, {8, 8}}) {
    for (int game = 0; game < 10; ++game) {
      Board b = Board::empty(w, h);
      while (b.has_legal_move()) {
        for (int t = 0; t < 8; ++t)
          for (bool swap : {false, true}) {
            const Board tb = transformed(b, t, swap);
            Moves mapped;
            for (const auto& [x, y, d] : legal_moves(b)) {
              int tx = (t & 1) ? w - 1 - x : x, ty = (t & 2) ? h - 1 - y : y;
              if (t & 4) std::swap(tx, ty);
              mapped.insert({tx, ty, swap ? 1 - d : d});
            }
            ASSERT_EQ(legal_moves(tb), mapped) << "symmetry " << t << (swap ? " with digits swapped" : "") << " of\n"
                                               << to_text(b);
          }
        const Moves moves = legal_moves(b);
        auto it = moves.begin();
        std::advance(it, rng.below(uint32_t(moves.size())));
        b.place(std::get<0>(*it), std::get<1>(*it), std::get<2>(*it));
      }
    }
  }
}

TEST(BinaryGame, ActionsAreNamedXYDigitInTheCoursesOrder) {
  const auto game = make_game("binary", {{"width", 3}, {"height", 2}});
  auto s = game->initial_state(1);
  const auto legal = s->legal_actions();
  std::vector<std::string> names;
  for (Action a : legal) names.push_back(s->action_name(a));
  EXPECT_EQ(names, (std::vector<std::string>{"0,0,0", "0,0,1", "0,1,0", "0,1,1", "1,0,0", "1,0,1", "1,1,0", "1,1,1",
                                             "2,0,0", "2,0,1", "2,1,0", "2,1,1"}));
  s->apply(s->parse_action("2,1,1"));
  EXPECT_EQ(s->to_json()["grid"], (Json{"...", "..1"}));
  EXPECT_EQ(s->current_player(), 1);
  EXPECT_THROW(s->parse_action("2,1,0"), InputError);  // occupied
  EXPECT_THROW(s->parse_action("2,0,1"), InputError);  // column 2, two points high, already holds a 1
}

TEST(BinaryGame, StateJsonHasTheGridSizePlayerToMoveAndWinner) {
  const auto game = make_game("binary", {{"width", 5}, {"height", 2}});
  auto s = game->initial_state(1);
  for (const char* a : {"2,0,1", "0,1,1", "1,1,0", "4,1,1"}) s->apply(s->parse_action(a));
  const Json j = s->to_json();
  EXPECT_EQ(j, Json::parse(R"({"width": 5, "height": 2, "grid": ["..1..", "10..1"], "to_move": 0, "done": false,
                               "winner": null})"));
  EXPECT_EQ(game->state_from_json(j)->to_json(), j);
  EXPECT_EQ(s->to_text(), "..1..\n10..1\nplayer 0 to move\n");
}

TEST(BinaryGame, StateFromJsonNamesWhatIsWrong) {
  const auto game = make_game("binary", {{"width", 3}, {"height", 1}});
  const auto error_of = [&](const std::string& text) {
    try {
      game->state_from_json(Json::parse(text));
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string ok = R"("width": 3, "height": 1, "done": false, "winner": null)";
  EXPECT_EQ(error_of(R"({"width": 4, "height": 1, "grid": ["...."], "to_move": 0, "done": false, "winner": null})"),
            "state.width: expected 3 (the game's width)");
  EXPECT_EQ(error_of("{" + ok + R"(, "grid": [".2."], "to_move": 0})"),
            "state.grid: row 0, column 1: bad point '2' (expected '.', '0' or '1')");
  EXPECT_EQ(error_of("{" + ok + R"(, "grid": [".."], "to_move": 0})"), "state.grid[0]: expected a string of 3 points");
  EXPECT_EQ(error_of("{" + ok + R"(, "grid": ["1.1"], "to_move": 1})"),
            "state.to_move: expected 0: 2 points are filled and the players alternate, player 0 first");
  EXPECT_EQ(error_of(R"({"width": 3, "height": 1, "grid": ["111"], "to_move": 1, "done": true, "winner": 0})"),
            "state.grid: row 0 has three ones in a row: no game reaches this position");
  EXPECT_EQ(error_of(R"({"width": 3, "height": 1, "grid": ["1.1"], "to_move": 0, "done": true, "winner": 1})"),
            "state.done: expected false: the player to move has a legal move");
  EXPECT_EQ(error_of(R"({"width": 3, "height": 1, "grid": ["101"], "to_move": 1, "done": true, "winner": 1})"),
            "state.winner: expected 0");
  EXPECT_EQ(error_of(R"({"width": 3, "height": 1, "grid": ["101"], "to_move": 1, "done": true})"),
            "state.winner: missing");
}

TEST(BinaryGame, SizeOptionsAreCheckedAndNamed) {
  EXPECT_EQ(make_game("binary")->options(), (Json{{"width", 6}, {"height", 6}}));
  EXPECT_EQ(make_game("binary", {{"width", 20}, {"height", 20}})->initial_state(1)->legal_actions().size(), 800u);
  EXPECT_EQ(make_game("binary", {{"width", 1}, {"height", 7}})->title(), "Binary Game 1x7");
  for (const Json& bad : {Json{{"width", 0}}, Json{{"height", 33}}, Json{{"width", "6"}}, Json{{"size", 6}}})
    EXPECT_THROW(make_game("binary", bad), InputError) << bad.dump();
  try {
    make_game("binary", {{"width", 40}});
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "option 'width': must be an integer from 1 to 32, got 40");
  }
}

TEST(BinaryGame, ObservationIsOneHotOverEmptyZeroOne) {
  auto s = make_game("binary", {{"width", 2}, {"height", 1}})->initial_state(1);
  s->apply(s->parse_action("1,0,1"));
  EXPECT_EQ(s->observation(), (std::vector<float>{1, 0, 0, 0, 0, 1}));
}

}  // namespace
}  // namespace pg::binary
