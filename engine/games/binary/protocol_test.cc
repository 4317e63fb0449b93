// The course's text protocol, pinned by golden transcripts: the assignment's
// examples (docs/experiments/binary.md), every illegal-move reason, the argument checks,
// and what goes to stdout and what to stderr.
#include "engine/games/binary/protocol.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace pg::binary {
namespace {

struct Transcript {
  std::string out, err;
};

Transcript run(const std::string& commands, uint64_t seed = 1) {
  std::ostringstream out, err;
  Protocol protocol(out, err, seed);
  std::istringstream in(commands);
  protocol.run(in);
  return {out.str(), err.str()};
}

std::string shipped(const std::string& name) { return std::string(PG_SOURCE_DIR) + "/policies/binary/" + name; }

// A file in a fresh temporary folder; returns its path.
std::string temp_file(const std::string& name, const std::string& content) {
  const auto dir = std::filesystem::temp_directory_path() / "pg_binary_protocol_test";
  std::filesystem::create_directories(dir);
  const auto path = dir / name;
  std::ofstream(path) << content;
  return path.string();
}

const std::string kOk = "= 1\n\n";

TEST(BinaryProtocol, AssignmentExampleTwoByTwo) {
  const Transcript t = run("game 2 2\nplay 1 0 1\npolicy_moves\nplay 1 1 0\npolicy_moves\n");
  EXPECT_EQ(t.out,
            kOk + kOk + "0 0 0 0.25 0 1 0 0.25 0 1 1 0.25 1 1 0 0.25\n" + kOk + kOk + "0 0 0 0.5 0 1 1 0.5\n" + kOk);
  EXPECT_EQ(t.err, "");
}

TEST(BinaryProtocol, AssignmentTestOneByOneThenNoMoveLeft) {
  const Transcript t = run("game 1 1\npolicy_moves\nplay 0 0 1\npolicy_moves\nwinner\n");
  EXPECT_EQ(t.out, kOk + "0 0 0 0.5 0 0 1 0.5\n" + kOk + kOk + "\n" + kOk + "1\n" + kOk);
}

TEST(BinaryProtocol, AssignmentTestTwoByOne) {
  EXPECT_EQ(run("game 2 1\npolicy_moves\n").out, kOk + "0 0 0 0.25 0 0 1 0.25 1 0 0 0.25 1 0 1 0.25\n" + kOk);
}

TEST(BinaryProtocol, AssignmentTestEmptyTenByTenGives200MovesOf0_005) {
  std::string expected;
  for (int x = 0; x < 10; ++x)
    for (int y = 0; y < 10; ++y)
      for (int d = 0; d < 2; ++d)
        expected += (expected.empty() ? "" : " ") + std::to_string(x) + " " + std::to_string(y) + " " +
                    std::to_string(d) + " 0.005";
  EXPECT_EQ(run("game 10 10\npolicy_moves\n").out, kOk + expected + "\n" + kOk);
}

// ..1..
// 10..1   the assignment's 5x2 board: 8 legal moves, then twopattern.txt
// (10..1 0 20, 10..1 1 12) matches the row of (2,1): 0 there weighs
// 20 + 10 = 30, every other move 10 + 10 = 20, out of 170.
TEST(BinaryProtocol, AssignmentFiveByTwoWithAndWithoutTwoPattern) {
  const std::string setup = "game 5 2\nplay 2 0 1\nplay 0 1 1\nplay 1 1 0\nplay 4 1 1\nshow\n";
  const std::string uniform =
      "0 0 0 0.125 1 0 1 0.125 2 1 0 0.125 3 0 0 0.125 3 0 1 0.125 3 1 0 0.125 3 1 1 0.125 4 0 0 0.125\n";
  const std::string two =
      "0 0 0 0.118 1 0 1 0.118 2 1 0 0.176 3 0 0 0.118 3 0 1 0.118 3 1 0 0.118 3 1 1 0.118 4 0 0 0.118\n";
  const Transcript t = run(setup + "policy_moves\nloadpatterns " + shipped("twopattern.txt") +
                           "\npolicy_moves\nloadpatterns " + shipped("nopattern.txt") + "\npolicy_moves\n");
  EXPECT_EQ(t.out, kOk + kOk + kOk + kOk + kOk + "..1..\n10..1\n" + kOk + uniform + kOk + kOk + two + kOk + kOk +
                       uniform + kOk);
  EXPECT_EQ(t.err, "");
}

TEST(BinaryProtocol, ProbabilitiesPrintAsPythonPrintsRoundedFloats) {
  // 0.0.11 would be three ones: only 0 at (1,0) is left, with probability 1.
  EXPECT_EQ(run("game 4 1\nplay 0 0 0\nplay 2 0 1\nplay 3 0 1\npolicy_moves\n").out,
            kOk + kOk + kOk + kOk + "1 0 0 1.0\n" + kOk);
  EXPECT_EQ(format_probability(1.0 / 3), "0.333");
  EXPECT_EQ(format_probability(2.0 / 3), "0.667");
  EXPECT_EQ(format_probability(0.0625), "0.062");  // a tie: to even, as Python's round()
  EXPECT_EQ(format_probability(0.1875), "0.188");
  EXPECT_EQ(format_probability(0.0004), "0.0");
  EXPECT_EQ(format_probability(0.5), "0.5");
}

TEST(BinaryProtocol, EveryIllegalPlayNamesItsReasonOnStdoutOnly) {
  // 00..   after these four moves on a 4x4 board.
  // .1.1
  // ....
  // ....
  const Transcript t =
      run("game 4 4\nplay 0 0 0\nplay 1 0 0\nplay 1 1 1\nplay 3 1 1\n"
          "play 0 0\nplay 0 0 1 1\nplay a 0 1\nplay 4 0 1\nplay 0 -1 1\nplay 0 0 2\nplay 0 2 01\n"
          "play 0 0 1\nplay 2 0 0\nplay 0 1 1\nshow\n");
  EXPECT_EQ(t.out, kOk + kOk + kOk + kOk + kOk +
                       "= illegal move: 0 0 wrong number of arguments\n\n"
                       "= illegal move: 0 0 1 1 wrong number of arguments\n\n"
                       "= illegal move: a 0 1 wrong coordinate\n\n"
                       "= illegal move: 4 0 1 wrong coordinate\n\n"
                       "= illegal move: 0 -1 1 wrong coordinate\n\n"
                       "= illegal move: 0 0 2 wrong number\n\n"
                       "= illegal move: 0 2 01 wrong number\n\n"
                       "= illegal move: 0 0 1 occupied\n\n"
                       "= illegal move: 2 0 0 three in a row\n\n"
                       "= illegal move: 0 1 1 too many 1\n\n"
                       "00..\n.1.1\n....\n....\n" +
                       kOk);
  EXPECT_EQ(t.err, "");
}

TEST(BinaryProtocol, LegalAnswersYesOrNo) {
  const Transcript t = run("game 3 1\nplay 0 0 1\nlegal 1 0 1\nlegal 2 0 1\nlegal 0 0 0\nlegal 5 0 0\nlegal 1 0 7\n");
  EXPECT_EQ(t.out, kOk + kOk + "yes\n" + kOk + "yes\n" + kOk + "no\n" + kOk + "no\n" + kOk + "no\n" + kOk);
}

TEST(BinaryProtocol, MissingOrNonNumericArgumentsPrintOnlyOnStderr) {
  const Transcript t = run("legal 1 0\nlegal 1 x 0\ngame 4\ngame 4 four\ngame -1 2\nloadpatterns\nshow\n");
  EXPECT_EQ(t.out, ".\n" + kOk);  // only `show` answered: the course's program starts on a 1x1 board
  EXPECT_NE(t.err.find("not enough arguments: expected 'x y number', got '1 0'"), std::string::npos) << t.err;
  EXPECT_NE(t.err.find("argument 'x' is not a number"), std::string::npos) << t.err;
  EXPECT_NE(t.err.find("argument 'four' is not a number (expected 'n m')"), std::string::npos) << t.err;
  EXPECT_NE(t.err.find("invalid board size: -1 2"), std::string::npos) << t.err;
  EXPECT_NE(t.err.find("expected 'FILE'"), std::string::npos) << t.err;
}

TEST(BinaryProtocol, UnknownCommandsAndFailuresAnswerMinusOne) {
  const Transcript t = run("frobnicate\n\ngame 33 2\nshow\n");
  EXPECT_EQ(t.out, "= -1\n\n= -1\n\n= -1\n\n.\n" + kOk);
  EXPECT_NE(t.err.find("unknown command 'frobnicate'"), std::string::npos) << t.err;
  EXPECT_NE(t.err.find("boards up to 32 x 32"), std::string::npos) << t.err;
}

TEST(BinaryProtocol, CommandsAreCaseInsensitive) {
  EXPECT_EQ(run("GAME 2 1\nPlay 1 0 1\nSHOW\nWinner\n").out, kOk + kOk + ".1\n" + kOk + "unfinished\n" + kOk);
}

TEST(BinaryProtocol, WinnerIsTheOtherPlayerOnceTheMoverIsStuck) {
  // 00.11: four moves, player 1 (the course's numbering) to move and stuck.
  const Transcript t = run("game 5 1\nplay 0 0 0\nplay 1 0 0\nplay 3 0 1\nwinner\nplay 4 0 1\nwinner\ngenmove\n");
  EXPECT_EQ(t.out, kOk + kOk + kOk + kOk + "unfinished\n" + kOk + kOk + "2\n" + kOk + "resign\n" + kOk);
  EXPECT_EQ(run("game 1 1\nplay 0 0 0\nwinner\n").out, kOk + kOk + "1\n" + kOk);
}

TEST(BinaryProtocol, GenmovePlaysLegalMovesUntilItResigns) {
  std::ostringstream out, err;
  Protocol p(out, err, 7);
  p.execute("game 4 4");
  int moves = 0;
  for (;;) {
    out.str("");
    const Board before = p.board();
    p.execute("genmove");
    if (out.str() == "resign\n" + kOk) break;
    int x, y, d;
    std::istringstream answer(out.str());
    ASSERT_TRUE(answer >> x >> y >> d) << out.str();
    EXPECT_TRUE(before.is_legal(x, y, d));
    EXPECT_EQ(p.board().at(x, y), d);
    EXPECT_EQ(p.board().filled, before.filled + 1);
    ++moves;
  }
  EXPECT_GT(moves, 4);
  EXPECT_FALSE(p.board().has_legal_move());
  // The same seed plays the same game.
  EXPECT_EQ(run("game 4 4\ngenmove\ngenmove\ngenmove\n", 3).out, run("game 4 4\ngenmove\ngenmove\ngenmove\n", 3).out);
}

TEST(BinaryProtocol, HelpListsTheCommands) {
  EXPECT_EQ(run("help\n").out, "game\nshow\nplay\nlegal\ngenmove\nwinner\nloadpatterns\npolicy_moves\nexit\n" + kOk);
}

TEST(BinaryProtocol, ExitAnswersOneAndStops) {
  EXPECT_EQ(run("exit\nshow\n").out, kOk);
  EXPECT_EQ(run("EXIT\n").out, kOk);
}

TEST(BinaryProtocol, AMissingPatternFileFailsAndKeepsThePatterns) {
  const Transcript t = run("game 5 2\nplay 2 0 1\nplay 0 1 1\nplay 1 1 0\nplay 4 1 1\nloadpatterns " +
                           shipped("twopattern.txt") + "\nloadpatterns no/such/file.txt\npolicy_moves\n");
  EXPECT_NE(t.out.find("= -1\n\n0 0 0 0.118"), std::string::npos) << t.out;
  EXPECT_NE(t.err.find("cannot read 'no/such/file.txt'"), std::string::npos) << t.err;
}

// Each malformed line is reported with its line number, and the patterns
// loaded before stay loaded: the 5x2 board keeps twopattern.txt's figures.
TEST(BinaryProtocol, AMalformedPatternLineIsReportedWithItsLineAndKeepsThePatterns) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"10..1 0", "line 2: expected 'PATTERN DIGIT WEIGHT' (3 fields), got 2 fields"},
      {"10..1 0 20 7", "line 2: expected 'PATTERN DIGIT WEIGHT' (3 fields), got 4 fields"},
      {"10..11 0 20", "line 2: pattern '10..11' has 6 points; a pattern has 5"},
      {"10.1 0 20", "line 2: pattern '10.1' has 4 points; a pattern has 5"},
      {"100.. 0 20", "line 2: pattern '100..': the centre must be '.', the empty point of the move"},
      {"1x..1 0 20", "line 2: pattern '1x..1': bad point 'x' at position 2 (expected 0, 1, . or X)"},
      {"12..1 0 20", "line 2: pattern '12..1': bad point '2' at position 2 (expected 0, 1, . or X)"},
      {"10..1 2 20", "line 2: digit '2' must be 0 or 1"},
      {"10..1 zero 20", "line 2: digit 'zero' must be 0 or 1"},
      {"10..1 0 twenty", "line 2: weight 'twenty' is not a number"},
      {"10..1 0 2O", "line 2: weight '2O' is not a number"},
      {"10..1 0 nan", "line 2: weight 'nan' is not a number"},
      {"10..1 0 -5", "line 2: weight -5 is negative"},
      {"1..01 0 25",
       "line 2: pattern 1..01 for digit 0 (weight 25) matches the same strings as line 1 (10..1, weight 20)"},
  };
  const std::string board = "game 5 2\nplay 2 0 1\nplay 0 1 1\nplay 1 1 0\nplay 4 1 1\n";
  for (const auto& [line, message] : cases) {
    const std::string path = temp_file("bad.txt", "10..1 0 20\n" + line + "\n");
    const Transcript t =
        run(board + "loadpatterns " + shipped("twopattern.txt") + "\nloadpatterns " + path + "\npolicy_moves\n");
    EXPECT_NE(t.err.find(path + ", " + message), std::string::npos) << line << "\n" << t.err;
    EXPECT_NE(t.err.find("the patterns loaded before stay loaded"), std::string::npos);
    EXPECT_NE(t.out.find("= -1\n\n0 0 0 0.118 1 0 1 0.118 2 1 0 0.176"), std::string::npos) << line << "\n" << t.out;
  }
}

TEST(BinaryProtocol, PatternFilesSkipCommentsBlankLinesAndCarriageReturns) {
  const std::string path = temp_file("crlf.txt",
                                     "# the assignment's two patterns\r\n\r\n10..1 0 20\r\n  # indented\r\n"
                                     "10..1 1 12\r\n");
  const Transcript t =
      run("game 5 2\nplay 2 0 1\nplay 0 1 1\nplay 1 1 0\nplay 4 1 1\nloadpatterns " + path + "\npolicy_moves\n");
  EXPECT_NE(t.out.find(kOk + "0 0 0 0.118 1 0 1 0.118 2 1 0 0.176"), std::string::npos) << t.out << t.err;
  EXPECT_EQ(t.err, "");
}

TEST(BinaryProtocol, PythonIntegersAreAcceptedAsTheCoursesProgramDoes) {
  long long v = 0;
  EXPECT_TRUE(parse_python_int("+3", v));
  EXPECT_EQ(v, 3);
  EXPECT_TRUE(parse_python_int("-0", v));
  EXPECT_TRUE(parse_python_int("1_0", v));
  EXPECT_EQ(v, 10);
  EXPECT_TRUE(parse_python_int("007", v));
  EXPECT_EQ(v, 7);
  EXPECT_TRUE(parse_python_int("99999999999999999999999", v));
  EXPECT_GT(v, 1000000000000LL);
  for (const char* bad : {"", "-", "1.0", "1_", "_1", "1__0", "0x10", "a"})
    EXPECT_FALSE(parse_python_int(bad, v)) << bad;
}

}  // namespace
}  // namespace pg::binary
