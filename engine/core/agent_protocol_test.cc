// The agent protocol's messages and the checks on an agent's replies (docs/agent-protocol.md).
#include "engine/core/agent_protocol.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/core/registry.h"

namespace pg {
namespace {

using agent_protocol::decision_from_reply;

// The InputError's message for this reply, or "" when it is accepted.
std::string refusal(const Json& reply, const State& state) {
  try {
    decision_from_reply(reply, state);
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

TEST(AgentProtocol, StartNamesTheGameItsOptionsTheSeatAndTheVersion) {
  const auto game = make_game("mancala", Json::parse(R"({"stones_per_pit": 3})"));
  const Json start = agent_protocol::start_message(*game, 1);
  EXPECT_EQ(start["type"], "start");
  EXPECT_EQ(start["protocol"], 1);
  EXPECT_EQ(start["game"], "mancala");
  EXPECT_EQ(start["options"]["stones_per_pit"], 3);
  EXPECT_EQ(start["players"], 2);
  EXPECT_EQ(start["seat"], 1);
}

TEST(AgentProtocol, DecideCarriesTheStateTheLegalActionsAndTheObservations) {
  const auto game = make_game("mancala", Json::object());
  const auto state = game->initial_state(1);
  const Json decide = agent_protocol::decide_message(*state, {7, 2}, 2.5);
  EXPECT_EQ(decide["type"], "decide");
  EXPECT_EQ(decide["player"], 0);
  EXPECT_EQ(decide["step"], 7);
  EXPECT_EQ(decide["episode"], 2);
  EXPECT_EQ(decide["state"], state->to_json());
  EXPECT_EQ(decide["legal_actions"], Json::parse(R"(["1","2","3","4","5","6"])"));
  EXPECT_EQ(decide["observation"].size(), state->observation().size());
  EXPECT_EQ(decide["time_limit"], 2.5);
  // Sokoban has an observation tensor: its encoding, shape and values.
  const auto sokoban = make_game("sokoban", Json::object());
  const Json s = agent_protocol::decide_message(*sokoban->initial_state(1), {}, 1);
  const auto tensor = sokoban->initial_state(1)->observation_tensor();
  ASSERT_TRUE(s.contains("tensor"));
  EXPECT_EQ(s["tensor"]["encoding"], tensor.encoding);
  EXPECT_EQ(s["tensor"]["values"].size(), tensor.size());
}

TEST(AgentProtocol, AReplyBecomesADecisionOverTheLegalActions) {
  const auto game = make_game("tictactoe", Json::object());
  const auto state = game->initial_state(1);
  const Decision d = decision_from_reply(Json::parse(R"({"type": "action", "action": "b2",
      "probabilities": {"b2": 0.75, "a1": 0.25}, "values": {"a1": 0, "a2": 0, "a3": 0, "b1": 0, "b2": 1, "b3": 0,
      "c1": 0, "c2": 0, "c3": -1}, "value": 0.5, "note": "the centre"})"),
                                         *state);
  EXPECT_EQ(state->action_name(d.chosen), "b2");
  ASSERT_EQ(d.actions.size(), 9u);
  double total = 0;
  for (size_t i = 0; i < d.actions.size(); ++i) {
    total += d.probabilities[i];
    const std::string name = state->action_name(d.actions[i]);
    if (name == "b2") {
      EXPECT_EQ(d.probabilities[i], 0.75);
    } else if (name == "a1") {
      EXPECT_EQ(d.probabilities[i], 0.25);
    } else if (name == "c3") {
      EXPECT_EQ(d.scores[i], -1);
    }
  }
  EXPECT_EQ(total, 1.0);
  EXPECT_EQ(d.value, 0.5);
  EXPECT_EQ(d.note, "the centre");
  // Without probabilities, all of it is on the action.
  const Decision plain = decision_from_reply(Json::parse(R"({"type": "action", "action": "c1"})"), *state);
  EXPECT_EQ(state->action_name(plain.actions.back()), "c1");
  EXPECT_EQ(plain.probabilities.back(), 1.0);
  EXPECT_EQ(plain.probabilities.front(), 0.0);
  EXPECT_TRUE(plain.scores.empty());
}

TEST(AgentProtocol, BadRepliesAreRefusedNamingTheField) {
  const auto game = make_game("tictactoe", Json::object());
  const auto state = game->initial_state(1);
  const auto bad = [&](const char* reply) { return refusal(Json::parse(reply), *state); };
  EXPECT_EQ(bad(R"([1])"), "reply: expected a JSON object");
  EXPECT_EQ(bad(R"({"action": "a1"})"), "reply.type: missing or not a string");
  EXPECT_EQ(bad(R"({"type": "ready"})"), "reply.type: expected \"action\" in answer to decide, got \"ready\"");
  EXPECT_EQ(bad(R"({"type": "error", "message": "out of ideas"})"), "reply: the agent reports an error: out of ideas");
  EXPECT_EQ(bad(R"({"type": "action"})"), "reply.action: missing");
  EXPECT_EQ(bad(R"({"type": "action", "action": 3})"), "reply.action: expected an action's name (a string)");
  EXPECT_NE(bad(R"({"type": "action", "action": "d4"})").find("reply.action: 'd4' is not a legal action here"),
            std::string::npos);
  EXPECT_EQ(bad(R"({"type": "action", "action": "a1", "probabilities": {"a1": 0.5}})"),
            "reply.probabilities: the probabilities sum to 0.500000, not 1");
  EXPECT_EQ(bad(R"({"type": "action", "action": "a1", "probabilities": {"a1": 1.5, "a2": -0.5}})"),
            "reply.probabilities.a2: a probability is at least 0");
  EXPECT_EQ(bad(R"({"type": "action", "action": "a1", "probabilities": {"a1": "all"}})"),
            "reply.probabilities.a1: expected a finite number");
  EXPECT_EQ(bad(R"({"type": "action", "action": "a1", "values": {"a1": 1}})"),
            "reply.values: no value for a3 (give every legal action one)");
  EXPECT_EQ(bad(R"({"type": "action", "action": "a1", "value": "high"})"), "reply.value: expected a finite number");
  EXPECT_EQ(bad(R"({"type": "action", "action": "a1", "note": 7})"), "reply.note: expected a string");
}

TEST(AgentProtocol, ReadyIsTheAnswerToStart) {
  EXPECT_NO_THROW(agent_protocol::check_ready(Json::parse(R"({"type": "ready", "name": "mine"})")));
  EXPECT_THROW(agent_protocol::check_ready(Json::parse(R"({"type": "action"})")), InputError);
  try {
    agent_protocol::check_ready(Json::parse(R"({"type": "error", "message": "I speak protocol 2"})"));
    FAIL() << "a refusal is an error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "reply: the agent reports an error: I speak protocol 2");
  }
}

}  // namespace
}  // namespace pg
