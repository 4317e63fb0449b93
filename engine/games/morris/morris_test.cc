// Five Men's Morris rules, one test per rule, boards drawn as to_text draws
// them ('O' seat 0, 'X' seat 1, '.' empty; the points a..p in reading order):
//
//   a-----b-----c
//   |     |     |
//   |  d--e--f  |
//   |  |     |  |
//   g--h     i--j
//   |  |     |  |
//   |  k--l--m  |
//   |     |     |
//   n-----o-----p
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/agent.h"
#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "engine/games/morris/bonus_agent.h"
#include "engine/games/morris/morris_game.h"
#include "engine/games/morris/position_testing.h"
#include "engine/games/morris/project_agents.h"

namespace pg::morris {
namespace {

std::vector<std::string> legal_names(const State& s) {
  std::vector<std::string> names;
  for (Action a : s.legal_actions()) names.push_back(s.action_name(a));
  return names;
}

int point_index(char name) { return name - 'a'; }

Rewards play(State& s, const std::string& name) { return s.apply(s.parse_action(name)); }

// O on b h k p, X on d f n o: four each, nobody flies, O to move.
constexpr const char* kFourEach = R"(
.-----O-----.
|     |     |
|  X--.--X  |
|  |     |  |
.--O     .--.
|  |     |  |
|  O--.--.  |
|     |     |
X-----X-----O
)";

TEST(MorrisBoard, TwentyLinesEightMillsCornersInTwoMillsMidpointsInOne) {
  int degree_sum = 0;
  for (int p = 0; p < kNumPoints; ++p) degree_sum += std::popcount(kNeighbours[size_t(p)]);
  EXPECT_EQ(degree_sum, 2 * 20);
  // The connectors b-e, g-h, i-j, l-o are lines but in no mill.
  EXPECT_TRUE(kNeighbours[1] & bit(4));
  EXPECT_TRUE(kNeighbours[6] & bit(7));
  EXPECT_TRUE(kNeighbours[8] & bit(9));
  EXPECT_TRUE(kNeighbours[11] & bit(14));
  const std::string corners = "acdfkmnp";
  for (int p = 0; p < kNumPoints; ++p) {
    int mills = 0;
    for (uint16_t m : kMills) mills += (m & bit(p)) != 0;
    EXPECT_EQ(mills, corners.find(point_name(p)) != std::string::npos ? 2 : 1) << point_name(p);
  }
}

TEST(MorrisBoard, ActionsAreNamedAndEncodedCompactly) {
  EXPECT_EQ(action_to_string(4), "place:e");
  EXPECT_EQ(action_to_string(kMoveBase + 0 * 16 + 1), "move:a-b");
  EXPECT_EQ(action_to_string(kRemoveBase + 10), "remove:k");
  EXPECT_EQ(kNumActions, 288);
}

TEST(MorrisBoard, DrawingAndPointsStringReadBack) {
  const Board b = board_from_points(kFourEach);
  EXPECT_EQ(points_string(b), ".O.X.X.O..O..XXO");
  EXPECT_EQ(board_from_points(drawing(b)), b);
  EXPECT_THROW(board_from_points("O.X"), InputError);
  EXPECT_THROW(board_from_points("O.X.............Z"), InputError);
}

TEST(MorrisRules, PlacementAlternatesSeatZeroFirstOnAnyEmptyPointForTenTurns) {
  auto game = make_game("morris");
  auto s = game->initial_state(1);
  EXPECT_EQ(s->current_player(), 0);
  EXPECT_EQ(s->legal_actions().size(), 16u);
  EXPECT_EQ(legal_names(*s)[0], "place:a");
  // Ten placements that close no mill: O a c f g j, X b d e h i.
  const std::vector<std::string> order = {"a", "b", "c", "d", "f", "e", "g", "h", "j", "i"};
  for (size_t t = 0; t < order.size(); ++t) {
    ASSERT_EQ(s->current_player(), int(t % 2));
    play(*s, "place:" + order[t]);
    const auto& m = dynamic_cast<const MorrisState&>(*s);
    EXPECT_FALSE(m.board().pending_removal) << order[t];
    EXPECT_EQ(m.board().in_hand[0], 5 - int(t + 2) / 2);
    EXPECT_EQ(m.board().in_hand[1], 5 - int(t + 1) / 2);
  }
  const auto& m = dynamic_cast<const MorrisState&>(*s);
  EXPECT_FALSE(m.board().placement_phase());
  EXPECT_EQ(m.to_json()["phase"], "movement");
  EXPECT_EQ(legal_names(*s).front().substr(0, 5), "move:");
  // An occupied point cannot take a piece.
  auto fresh = game->initial_state(1);
  play(*fresh, "place:e");
  EXPECT_FALSE(fresh->is_legal(4));
  EXPECT_THROW(play(*fresh, "place:e"), InputError);
}

TEST(MorrisState, TheProjectsBoardVectorIsASourceEncodingFromTheMoversSide) {
  auto state = make_game("morris", Json::object())->initial_state(1);
  for (const char* move : {"place:a", "place:b", "place:d"}) {
    const auto sources = state->source_encodings();
    ASSERT_EQ(sources.size(), 1u);
    EXPECT_EQ(sources[0].encoding, kGeniusEncoding);
    EXPECT_EQ(sources[0].shape, std::vector<int>{kNumPoints});
    std::vector<float> values(sources[0].size(), 7.0f);
    state->fill_source_encoding(0, values);
    EXPECT_EQ(values, state->observation());
    state->apply(state->parse_action(move));
  }
  std::vector<float> values(kNumPoints);
  state->fill_source_encoding(0, values);  // seat 1 to move: a and d are the enemy's, b its own
  EXPECT_EQ(values[0], -1.0f);
  EXPECT_EQ(values[1], 1.0f);
  EXPECT_EQ(values[3], -1.0f);
  EXPECT_EQ(values[2], 0.0f);
}

TEST(MorrisRules, MovesGoAlongALineToAnAdjacentEmptyPoint) {
  const MorrisState s = position(kFourEach, 10);
  EXPECT_EQ(legal_names(s),
            (std::vector<std::string>{"move:b-a", "move:b-c", "move:b-e", "move:h-g", "move:k-l", "move:p-j"}));
}

TEST(MorrisRules, ASideWithExactlyThreePiecesFliesToAnyEmptyPointButNotWithFour) {
  // O has 3 (b h k): any of its pieces to any of the 9 empty points.
  const MorrisState three = position(R"(
.-----O-----.
|     |     |
|  X--.--X  |
|  |     |  |
.--O     .--.
|  |     |  |
|  O--.--.  |
|     |     |
X-----X-----.
)",
                                     10);
  EXPECT_TRUE(three.board().flying(0));
  EXPECT_EQ(three.legal_actions().size(), 3u * 9u);
  EXPECT_TRUE(three.is_legal(three.parse_action("move:b-p")));
  // With four (kFourEach) only adjacent moves.
  const MorrisState four = position(kFourEach, 10);
  EXPECT_FALSE(four.board().flying(0));
  EXPECT_EQ(four.legal_actions().size(), 6u);
  EXPECT_THROW(four.parse_action("move:b-i"), InputError);
}

TEST(MorrisRules, APlacementThatClosesAMillRemovesAnEnemyPieceAsASecondDecisionOfTheSameSeat) {
  // O a b, X d e; O places c: mill abc.
  MorrisState s = position(R"(
O-----O-----.
|     |     |
|  X--X--.  |
|  |     |  |
.--.     .--.
|  |     |  |
|  .--.--.  |
|     |     |
.-----.-----.
)",
                           4);
  const Rewards r = play(s, "place:c");
  EXPECT_EQ(r[0], 0);
  EXPECT_TRUE(s.board().pending_removal);
  EXPECT_EQ(s.current_player(), 0);  // the two-part turn: still seat 0
  EXPECT_EQ(s.board().moves, 4);     // the turn is not over
  EXPECT_EQ(s.to_json()["pending_removal"], true);
  EXPECT_EQ(legal_names(s), (std::vector<std::string>{"remove:d", "remove:e"}));
  play(s, "remove:d");
  EXPECT_FALSE(s.board().pending_removal);
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.board().moves, 5);
  EXPECT_EQ(points_string(s.board()), "OOO.X...........");
  EXPECT_EQ(s.board().in_hand[1], 3);  // the captured piece is not replaced
}

TEST(MorrisRules, AMoveThatClosesAMillRemovesAnEnemyPiece) {
  // O moves j-c: mill abc; X has no mill, so any X piece may go.
  MorrisState s = position(R"(
O-----O-----.
|     |     |
|  X--.--X  |
|  |     |  |
.--.     .--O
|  |     |  |
|  .--O--.  |
|     |     |
X-----X-----.
)",
                           10);
  play(s, "move:j-c");
  EXPECT_EQ(s.current_player(), 0);
  EXPECT_EQ(legal_names(s), (std::vector<std::string>{"remove:d", "remove:f", "remove:n", "remove:o"}));
  play(s, "remove:o");
  EXPECT_EQ(s.current_player(), 1);
  EXPECT_EQ(s.board().on_board(1), 3);
  EXPECT_FALSE(s.is_terminal());
}

// X holds the mill d-e-f and n; O holds a and b (c empty), l and p.
constexpr const char* kXMillOPair = R"(
O-----O-----.
|     |     |
|  X--X--X  |
|  |     |  |
.--.     .--.
|  |     |  |
|  .--O--.  |
|     |     |
X-----.-----O
)";

TEST(MorrisBoard, AThreatIsTheEmptyThirdPointOfAMillWhoseOtherTwoPointsHoldTheSidesPieces) {
  // X holds d and f (e empty) and n and o (p taken by O); O's pieces are on no two points of a mill but d-h-k,
  // whose d is X's.
  const Board four_each = board_from_points(kFourEach);
  EXPECT_EQ(four_each.threats(1), bit(point_index('e')));
  EXPECT_EQ(four_each.threats(0), 0);
  // O holds a and b (c empty); X's mill d-e-f stands, so it is no threat.
  const Board mill = board_from_points(kXMillOPair);
  EXPECT_EQ(mill.threats(0), bit(point_index('c')));
  EXPECT_EQ(mill.threats(1), 0);
}

TEST(MorrisRules, PiecesInAMillAreProtected) {
  // X holds the mill def and n; O closes abc: only n may be removed.
  MorrisState s = position(kXMillOPair, 8);
  play(s, "place:c");
  EXPECT_EQ(legal_names(s), (std::vector<std::string>{"remove:n"}));
}

TEST(MorrisRules, WhenEveryEnemyPieceIsInAMillAnyOfThemMayBeRemoved) {
  // X's pieces are exactly the mill def.
  MorrisState s = position(R"(
O-----O-----.
|     |     |
|  X--X--X  |
|  |     |  |
.--.     .--.
|  |     |  |
|  .--O--.  |
|     |     |
.-----.-----O
)",
                           8);
  play(s, "place:c");
  EXPECT_EQ(legal_names(s), (std::vector<std::string>{"remove:d", "remove:e", "remove:f"}));
}

TEST(MorrisRules, NoRemovalWithoutANewMillAtThePointPlayed) {
  // O's mill abc already stands; placing on o (n and p empty) closes nothing.
  MorrisState s = position(R"(
O-----O-----O
|     |     |
|  X--X--.  |
|  |     |  |
.--.     .--.
|  |     |  |
|  .--X--.  |
|     |     |
.-----.-----.
)",
                           6);
  play(s, "place:o");
  EXPECT_FALSE(s.board().pending_removal);
  EXPECT_EQ(s.current_player(), 1);
  // Nor does a move that leaves one mill for a point in none.
  MorrisState m = position(kFourEach, 10);
  play(m, "move:b-e");
  EXPECT_EQ(m.current_player(), 1);
}

TEST(MorrisRules, TwoMillsClosedAtOnceRemoveOnePiece) {
  // O b c g n; placing a closes abc and agn.
  MorrisState s = position(R"(
.-----O-----O
|     |     |
|  X--X--X  |
|  |     |  |
O--.     .--.
|  |     |  |
|  .--X--.  |
|     |     |
O-----.-----.
)",
                           8);
  play(s, "place:a");
  EXPECT_TRUE(s.board().pending_removal);
  play(s, "remove:l");
  EXPECT_FALSE(s.board().pending_removal);
  EXPECT_EQ(s.current_player(), 1);
}

TEST(MorrisRules, ASideReducedToTwoPiecesLoses) {
  // X has 3 (d f n); O closes abc and removes n.
  MorrisState s = position(R"(
O-----O-----.
|     |     |
|  X--.--X  |
|  |     |  |
.--.     .--O
|  |     |  |
|  .--O--.  |
|     |     |
X-----.-----.
)",
                           10);
  play(s, "move:j-c");
  EXPECT_FALSE(s.is_terminal());
  const Rewards r = play(s, "remove:n");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.ending(), Ending::kFewerThanThree);
  EXPECT_EQ(r[0], 1);
  EXPECT_EQ(r[1], -1);
  EXPECT_TRUE(s.legal_actions().empty());
  EXPECT_EQ(s.to_json()["winner"], 0);
}

TEST(MorrisRules, ASideWithNoLegalMoveOnItsTurnLoses) {
  // X a b c g (four: no flying); O e h j o. O moves o-n: every X piece is blocked.
  MorrisState s = position(R"(
X-----X-----X
|     |     |
|  .--O--.  |
|  |     |  |
X--O     .--O
|  |     |  |
|  .--.--.  |
|     |     |
.-----O-----.
)",
                           20);
  const Rewards r = play(s, "move:o-n");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), 0);
  EXPECT_EQ(s.ending(), Ending::kNoLegalMove);
  EXPECT_EQ(r[0], 1);
  EXPECT_EQ(r[1], -1);
}

TEST(MorrisRules, ABlockedSideWithThreePiecesStillFlies) {
  // X a b g: blocked along the lines, but with 3 pieces it flies.
  const MorrisState s = position(R"(
X-----X-----O
|     |     |
|  .--O--.  |
|  |     |  |
X--O     .--.
|  |     |  |
|  .--.--.  |
|     |     |
O-----.-----.
)",
                                 21);
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(s.legal_actions().size(), 3u * 9u);
}

TEST(MorrisRules, TheMoveCapEndsTheGameInADraw) {
  MorrisState s = position(kFourEach, 10, false, Rules{12, true});
  play(s, "move:b-e");
  EXPECT_FALSE(s.is_terminal());
  const Rewards r = play(s, "move:f-i");
  EXPECT_TRUE(s.is_terminal());
  EXPECT_EQ(s.winner(), -1);
  EXPECT_EQ(s.ending(), Ending::kMoveCap);
  EXPECT_EQ(r[0], 0);
  EXPECT_EQ(r[1], 0);
  EXPECT_TRUE(s.to_json()["winner"].is_null());
}

TEST(MorrisRules, APositionOccurringAThirdTimeIsADraw) {
  for (bool rule : {true, false}) {
    MorrisState s = position(kFourEach, 10, false, Rules{200, rule});
    const std::vector<std::string> shuffle = {"move:b-c", "move:f-i", "move:c-b", "move:i-f"};
    for (int round = 0; round < 2; ++round)
      for (const auto& mv : shuffle) {
        ASSERT_FALSE(s.is_terminal()) << round << " " << mv;
        play(s, mv);
      }
    // The starting position is back for the third time.
    EXPECT_EQ(s.occurrences(), 3);
    EXPECT_EQ(s.is_terminal(), rule);
    if (rule) {
      EXPECT_EQ(s.ending(), Ending::kRepetition);
    }
  }
}

TEST(MorrisRules, ACaptureClearsTheRepetitionHistory) {
  MorrisState s = position(kFourEach, 10);
  play(s, "move:b-c");
  play(s, "move:f-i");
  EXPECT_EQ(s.history_length(), 2);
  EXPECT_EQ(s.to_json()["history"], ".O.X.X.O..O..XXO ..OX.X.O..O..XXO");
  MorrisState m = position(R"(
O-----O-----.
|     |     |
|  X--.--X  |
|  |     |  |
.--.     .--O
|  |     |  |
|  .--O--.  |
|     |     |
X-----X-----.
)",
                           10);
  play(m, "move:l-k");
  play(m, "move:d-e");
  EXPECT_EQ(m.history_length(), 2);
  play(m, "move:j-c");
  play(m, "remove:o");
  EXPECT_EQ(m.history_length(), 0);
}

TEST(MorrisJson, RoundTripsAndRefusesMalformedStatesNamingTheField) {
  auto game = make_game("morris");
  MorrisState s = position(kFourEach, 10);
  play(s, "move:b-c");
  const Json good = s.to_json();
  EXPECT_EQ(game->state_from_json(good)->to_json(), good);
  EXPECT_EQ(good["board"], "..OX.X.O..O..XXO");
  EXPECT_EQ(good["to_move"], 1);
  EXPECT_EQ(good["phase"], "movement");
  auto expect_refused = [&](const char* field, const Json& value, const std::string& where) {
    Json j = good;
    if (value.is_discarded())
      j.erase(field);
    else
      j[field] = value;
    try {
      game->state_from_json(j);
      ADD_FAILURE() << field << " " << value.dump() << " was accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(e.where(), where) << e.what();
    }
  };
  expect_refused("board", "..OX.X.O..O..XX", "state.board");   // 15 points
  expect_refused("board", "..OX.X.O..O..XXo", "state.board");  // bad character
  expect_refused("board", "OOOX.X.O..O..XXO", "state.board");  // 6 O pieces
  expect_refused("board", "...X.X....O..XXO", "state.board");  // O left with 2, yet X to move
  expect_refused("in_hand", Json::array({1, 0}), "state.in_hand[0]");
  expect_refused("to_move", 0, "state.to_move");
  expect_refused("moves", 5000, "state.moves");
  expect_refused("pending_removal", true, "state.pending_removal");  // O has no mill
  expect_refused("done", true, "state.done");
  expect_refused("winner", 0, "state.winner");
  expect_refused("history", "OOOX.X.O..O..XXO", "state.history, board 1");  // 6 O pieces
  expect_refused("history", "a", "state.history, board 1");
  expect_refused("history", Json::array({".O.X.X.O..O..XXO"}), "state.history");
  expect_refused("history", "..OX.X.O..O..XXO .O.X.X.O..O..XXO", "state.history");  // 2 boards > 1 turn
  expect_refused("moves", Json(Json::value_t::discarded), "state.moves");
}

TEST(MorrisAgents, BonusPrefersClosingAMillToBlockingOneToNothing) {
  // O a b, X d e: c closes abc (+200), f blocks def (+100).
  const MorrisState s = position(R"(
O-----O-----.
|     |     |
|  X--X--.  |
|  |     |  |
.--.     .--.
|  |     |  |
|  .--.--.  |
|     |     |
.-----.-----.
)",
                                 4);
  EXPECT_EQ(action_bonus(s.board(), 2), kMillBonus);
  EXPECT_EQ(action_bonus(s.board(), 5), kBlockBonus);
  EXPECT_EQ(action_bonus(s.board(), 15), 0);
  Rng rng(7);
  BonusAgent agent;
  const pg::Decision d = agent.decide(s, rng);
  EXPECT_EQ(s.action_name(d.chosen), "place:c");
  // X to move, O a b n, X d e: closing def at f (+200) beats blocking abc at c (+100).
  const MorrisState x_to_move = position(R"(
O-----O-----.
|     |     |
|  X--X--.  |
|  |     |  |
.--.     .--.
|  |     |  |
|  .--.--.  |
|     |     |
O-----.-----.
)",
                                         5);
  const pg::Decision dx = agent.decide(x_to_move, rng);
  EXPECT_EQ(x_to_move.action_name(dx.chosen), "place:f");
  EXPECT_EQ(dx.scores[size_t(std::find(dx.actions.begin(), dx.actions.end(), 2) - dx.actions.begin())], kBlockBonus);
  EXPECT_EQ(dx.probabilities[size_t(std::find(dx.actions.begin(), dx.actions.end(), 5) - dx.actions.begin())], 1.0);
}

}  // namespace
}  // namespace pg::morris
