// The page's program seat against a stand-in for the page and the bridge: what it asks (the protocol's start and
// decide messages) and what it makes of each answer the bridge may carry back.
#include "engine/core/bridged_program.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/registry.h"
#include "engine/core/session.h"
#include "engine/core/worker_agent.h"

namespace pg {
namespace {

// What the stand-in was asked last, and what it answers (nullopt: later, as the page does while the bridge works).
std::string asked;
uint64_t asked_id = 0;
std::optional<std::string> answer;
std::optional<std::string> stand_in(uint64_t id, const std::string& request) {
  asked = request;
  asked_id = id;
  return answer;
}

struct BridgeStandIn {
  explicit BridgeStandIn(std::optional<std::string> reply) {
    answer = std::move(reply);
    install_worker_ask(stand_in);
  }
  ~BridgeStandIn() { install_worker_ask(nullptr); }
};

std::string line(const Json& message) { return message.dump(); }

Json bridge_reply(const Json& ready, const Json& reply) {
  Json j = Json::object();
  if (!ready.is_null()) j["ready"] = line(ready);
  j["reply"] = line(reply);
  return j;
}

TEST(BridgedProgram, AsksWithTheProtocolsStartAndDecideAndTakesTheProgramsAnswer) {
  const auto game = make_game("mancala");
  auto state = game->initial_state(1);
  state->apply(2);  // player 0 sows pit 3: an extra turn; then player 0 again
  const Json answer_line = {{"type", "action"},
                            {"action", "6"},
                            {"probabilities", {{"6", 0.75}, {"1", 0.25}}},
                            {"value", 0.5},
                            {"note", "the last pit"}};
  const BridgeStandIn bridge(bridge_reply(Json{{"type", "ready"}}, answer_line).dump());
  auto agent = make_bridged_program(*game);
  EXPECT_EQ(agent->spec(), "program");
  Rng rng(3);
  const Decision d = agent->decide(*state, rng);
  ASSERT_FALSE(d.declined) << d.note;
  EXPECT_EQ(state->action_name(d.chosen), "6");
  EXPECT_NE(d.note.find("the last pit"), std::string::npos) << d.note;
  const Json request = parse_json_input(asked, "request");
  EXPECT_EQ(request["program"]["start"]["type"], "start");
  EXPECT_EQ(request["program"]["start"]["game"], "mancala");
  EXPECT_EQ(request["program"]["start"]["seat"], state->current_player());
  EXPECT_EQ(request["program"]["decide"]["type"], "decide");
  EXPECT_EQ(request["program"]["decide"]["time_limit"], kBridgedProgramTimeLimit);
  EXPECT_EQ(request["program"]["decide"]["state"], state->to_json());
}

// The page's session tells the program where each decision falls: the step, and the episode, which a new
// episode (Reset) counts up.
TEST(BridgedProgram, TheSessionSaysTheStepAndTheEpisode) {
  const BridgeStandIn bridge(std::nullopt);
  Session s;
  s.load("tictactoe", Json::object());
  s.set_agents({"program", "program"});
  const auto decide_asked = [] { return parse_json_input(asked, "request")["program"]["decide"]; };
  const auto answer_now = [&](const char* action) {
    provide_worker_reply(asked_id,
                         bridge_reply(Json{{"type", "ready"}}, Json{{"type", "action"}, {"action", action}}).dump());
  };
  EXPECT_EQ(s.step(), StepResult::kThinking);
  EXPECT_EQ(decide_asked()["step"], 0);
  EXPECT_EQ(decide_asked()["episode"], 0);
  answer_now("b2");
  EXPECT_EQ(s.step(), StepResult::kPlayed);
  EXPECT_EQ(s.step(), StepResult::kThinking);
  EXPECT_EQ(decide_asked()["step"], 1);
  EXPECT_EQ(decide_asked()["episode"], 0);
  s.reset(5);
  EXPECT_EQ(s.step(), StepResult::kThinking);
  EXPECT_EQ(decide_asked()["step"], 0);
  EXPECT_EQ(decide_asked()["episode"], 1);
}

TEST(BridgedProgram, WaitsForTheBridgeThenTakesTheReplyWithoutAskingAgain) {
  const auto game = make_game("tictactoe");
  const auto state = game->initial_state(1);
  const BridgeStandIn bridge(std::nullopt);
  auto agent = make_bridged_program(*game);
  Rng rng(3);
  EXPECT_TRUE(agent->decide(*state, rng).thinking);
  const uint64_t id = asked_id;
  asked.clear();
  EXPECT_TRUE(agent->decide(*state, rng).thinking);
  EXPECT_EQ(asked, "") << "asked once";
  provide_worker_reply(id, bridge_reply(Json(), Json{{"type", "action"}, {"action", "b2"}}).dump());
  const Decision d = agent->decide(*state, rng);
  ASSERT_FALSE(d.declined) << d.note;
  EXPECT_EQ(state->action_name(d.chosen), "b2");
}

// Every way the answer can be wrong makes the seat decline with a note naming it.
TEST(BridgedProgram, DeclinesNamingAFailureARefusalAnIllegalActionOrGarble) {
  const auto game = make_game("tictactoe");
  const auto state = game->initial_state(1);
  const auto note_for = [&](const std::string& reply) {
    const BridgeStandIn bridge(reply);
    auto agent = make_bridged_program(*game);
    Rng rng(3);
    const Decision d = agent->decide(*state, rng);
    EXPECT_TRUE(d.declined) << reply;
    return d.note;
  };
  EXPECT_EQ(note_for(R"({"failure": "program 'python3 a.py' exited with code 1"})"),
            "program 'python3 a.py' exited with code 1");
  EXPECT_NE(note_for(bridge_reply(Json{{"type", "error"}, {"message", "I play Kalah only"}},
                                  Json{{"type", "action"}, {"action", "b2"}})
                         .dump())
                .find("I play Kalah only"),
            std::string::npos);
  EXPECT_NE(note_for(bridge_reply(Json(), Json{{"type", "action"}, {"action", "z9"}}).dump()).find("z9"),
            std::string::npos);
  EXPECT_NE(note_for(R"({"reply": "move b2 please"})").find("your program: "), std::string::npos);
  EXPECT_NE(note_for(R"({"ready": 3})").find("your program: "), std::string::npos);
  EXPECT_NE(note_for("<html>").find("the bridge's reply"), std::string::npos);
}

TEST(BridgedProgram, WithoutThePageItDeclinesPointingToTheCommandLinesProgramAgent) {
  const auto game = make_game("tictactoe");
  auto agent = make_agent(*game, "program");
  Rng rng(3);
  const Decision d = agent->decide(*game->initial_state(1), rng);
  EXPECT_TRUE(d.declined);
  EXPECT_NE(d.note.find("program:COMMAND"), std::string::npos) << d.note;
  EXPECT_THROW(make_agent(*game, "program:python3 a.py"), InputError);
}

}  // namespace
}  // namespace pg
