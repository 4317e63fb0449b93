// An agent's drawings: read against each game's places, refused with the entry and field named, kept in traces and
// said in the text mirror (docs/agent-protocol.md).
#include "engine/core/drawing.h"

#include <gtest/gtest.h>

#include "engine/core/agent_protocol.h"
#include "engine/core/error.h"
#include "engine/core/game.h"
#include "engine/core/registry.h"

namespace pg {
namespace {

std::vector<std::string> places_of(const std::string& game, const Json& options = Json::object()) {
  return make_game(game, options)->initial_state(1)->place_names();
}

TEST(Drawing, EachGameNamesItsPlacesAsItsGuideShows) {
  const auto cells = places_of("tictactoe");
  EXPECT_EQ(cells, (std::vector<std::string>{"a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"}));
  const auto holes = places_of("mancala");
  ASSERT_EQ(holes.size(), 14u);
  EXPECT_EQ(holes[0], "0:1");
  EXPECT_EQ(holes[6], "0:store");
  EXPECT_EQ(holes[7], "1:1");
  EXPECT_EQ(holes[13], "1:store");
  const auto points = places_of("morris");
  ASSERT_EQ(points.size(), 16u);
  EXPECT_EQ(points.front(), "a");
  EXPECT_EQ(points.back(), "p");
  const auto binary = places_of("binary", Json{{"width", 3}, {"height", 2}});
  EXPECT_EQ(binary, (std::vector<std::string>{"0,0", "1,0", "2,0", "0,1", "1,1", "2,1"}));
  const auto game = make_game("sokoban", Json::object());
  const auto sokoban = game->initial_state(1)->place_names();
  ASSERT_FALSE(sokoban.empty());
  EXPECT_EQ(sokoban.front(), "0,0");
  EXPECT_EQ(sokoban[1], "0,1");  // row by row: row 0, column 1
  // Zuma: the gaps 0..n (the insertion indices its actions name), then the balls b0..b(n-1).
  const auto zuma = make_game("zuma", Json::object())->initial_state(1);
  const auto row = zuma->place_names();
  const size_t balls = (row.size() - 1) / 2;
  ASSERT_EQ(row.size(), 2 * balls + 1);
  EXPECT_EQ(row[0], "0");
  EXPECT_EQ(row[balls], std::to_string(balls));
  EXPECT_EQ(row[balls + 1], "b0");
  for (Action a : zuma->legal_actions()) {
    if (a >= 0) {
      EXPECT_EQ(row[size_t(a)], zuma->action_name(a));
    }
  }
}

// The error's message for these drawings on tic-tac-toe's empty board, "" when they are accepted.
std::string refusal(const char* json) {
  const auto state = make_game("tictactoe", Json::object())->initial_state(1);
  try {
    drawings_from_json(Json::parse(json), *state, "reply.drawings");
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

TEST(Drawing, AcceptsMarksArrowsAndHeat) {
  EXPECT_EQ(refusal(R"([{"mark": "b2"}, {"mark": "a1", "text": "fork", "weight": -1},
      {"arrow": ["a1", "c3"], "weight": 1}, {"heat": {"a1": 3, "b2": -0.5}}, {"heat": {}}])"),
            "");
  EXPECT_EQ(refusal("[]"), "");
}

TEST(Drawing, RefusesWhatItDoesNotKnowNamingTheEntryAndField) {
  EXPECT_EQ(refusal(R"({"mark": "b2"})"), "reply.drawings: expected an array of drawings");
  EXPECT_EQ(refusal(R"(["b2"])"),
            "reply.drawings[0]: expected an object: {\"mark\": ...}, {\"arrow\": ...} or {\"heat\": ...}");
  EXPECT_EQ(refusal(R"([{"circle": "b2"}])"), "reply.drawings[0]: expected one of \"mark\", \"arrow\" or \"heat\"");
  EXPECT_EQ(refusal(R"([{"mark": "b2"}, {"mark": "d4"}])"),
            "reply.drawings[1].mark: 'd4' is not a place of this board (places: a3, b3, c3, a2, b2, c2, a1, b1, c1)");
  EXPECT_EQ(refusal(R"([{"mark": 4}])"), "reply.drawings[0].mark: expected a place's name (a string)");
  EXPECT_EQ(refusal(R"([{"arrow": ["a1"]}])"), "reply.drawings[0].arrow: expected [from, to]: two places");
  EXPECT_EQ(refusal(R"([{"arrow": ["a1", "z9"]}])"),
            "reply.drawings[0].arrow[1]: 'z9' is not a place of this board (places: a3, b3, c3, a2, b2, c2, a1, b1, "
            "c1)");
  EXPECT_EQ(refusal(R"([{"arrow": ["a1", "a1"]}])"), "reply.drawings[0].arrow: an arrow joins two different places");
  EXPECT_EQ(refusal(R"([{"mark": "b2", "weight": 2}])"), "reply.drawings[0].weight: expected a number from -1 to 1");
  EXPECT_EQ(refusal(R"([{"mark": "b2", "weight": "high"}])"), "reply.drawings[0].weight: expected a finite number");
  EXPECT_EQ(refusal(R"([{"mark": "b2", "text": "a label far longer than fits"}])"),
            "reply.drawings[0].text: longer than 24 bytes");
  EXPECT_EQ(refusal(R"([{"mark": "b2", "colour": "red"}])"),
            "reply.drawings[0]: a field other than \"mark\", \"text\" and \"weight\"");
  EXPECT_EQ(refusal(R"([{"heat": {"a1": 1}, "text": "x"}])"), "reply.drawings[0]: a field other than \"heat\"");
  EXPECT_EQ(refusal(R"([{"heat": ["a1"]}])"), "reply.drawings[0].heat: expected an object {place: number}");
  EXPECT_EQ(refusal(R"([{"heat": {"a1": null}}])"), "reply.drawings[0].heat.a1: expected a finite number");
  std::string many = "[";
  for (int i = 0; i < 65; ++i) many += std::string(i ? "," : "") + R"({"mark": "b2"})";
  EXPECT_EQ(refusal((many + "]").c_str()), "reply.drawings: 65 drawings, more than 64");
}

TEST(Drawing, LongPlaceListsAreShortenedInTheMessage) {
  const auto state = make_game("sokoban", Json::object())->initial_state(1);
  try {
    drawings_from_json(Json::parse(R"([{"mark": "99,99"}])"), *state, "drawings");
    FAIL() << "accepted a square off the map";
  } catch (const InputError& e) {
    const std::string last = state->place_names().back();
    EXPECT_NE(std::string(e.what()).find("'99,99' is not a place of this board (places: 0,0, 0,1,"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find(", ... " + last + ")"), std::string::npos) << e.what();
  }
}

TEST(Drawing, AProgramsReplyCarriesItsDrawingsIntoTheTraceAndTheWords) {
  const auto game = make_game("mancala", Json::object());
  const auto state = game->initial_state(1);
  const Decision d = agent_protocol::decision_from_reply(
      Json::parse(R"({"type": "action", "action": "3", "drawings": [{"arrow": ["0:3", "0:store"], "text": "again"},
          {"heat": {"1:1": 0.5, "1:2": -2}}]})"),
      *state);
  ASSERT_EQ(d.drawings.size(), 2u);
  EXPECT_EQ(d.drawings[0].kind, Drawing::Kind::arrow);
  EXPECT_EQ(d.drawings[0].places, (std::vector<int>{2, 6}));
  EXPECT_EQ(d.drawings[1].places, (std::vector<int>{7, 8}));
  EXPECT_EQ(d.drawings[1].weights, (std::vector<double>{0.5, -2}));
  EXPECT_EQ(d.to_json(*state)["drawings"],
            Json::parse(R"([{"arrow": ["0:3", "0:store"], "text": "again"}, {"heat": {"1:1": 0.5, "1:2": -2}}])"));
  EXPECT_EQ(drawings_in_words(d.drawings, *state),
            "an arrow from 0:3 to 0:store (again), heat on 2 places (most on 1:2)");
  // A trace's drawing on a place the position does not have is refused with the step's field named.
  Json recorded = d.to_json(*state);
  recorded["drawings"][0]["arrow"][1] = "0:7";
  try {
    Decision::from_json(recorded, *state, "trace.steps[0].decision");
    FAIL() << "accepted a pit Kalah does not have";
  } catch (const InputError& e) {
    EXPECT_EQ(e.where(), "trace.steps[0].decision.drawings[0].arrow[1]");
  }
  const Json bad = Json::parse(R"({"type": "action", "action": "3", "drawings": [{"mark": "0:9"}]})");
  EXPECT_THROW(agent_protocol::decision_from_reply(bad, *state), InputError);
}

}  // namespace
}  // namespace pg
