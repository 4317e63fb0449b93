// The agent module's protocol, run in one process: an offloaded agent asked through JSON must decide exactly
// as the agent built directly (the same actions, probabilities, scores and random stream).
#include "engine/core/offloaded_agent.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"

namespace pg {
namespace {

// The agent module's factory. Natively none: the games build their offloaded agents themselves. In
// WebAssembly (tests/wasm) this process is the agent module too: its factory is installed only while it
// answers, so that the page's side asks through the exchange as in the page.
OffloadedAgentFactory module_factory = nullptr;

std::optional<std::string> in_process(const std::string& request) {
  install_offloaded_agent_factory(module_factory);
  std::string reply = answer_agent_module_request(request);
  install_offloaded_agent_factory(nullptr);
  return reply;
}
std::optional<std::string> still_loading(const std::string&) { return std::nullopt; }
std::optional<std::string> garbled(const std::string&) { return std::string("{\"decision\": "); }

// Installs an exchange (and takes the agent module's factory away) for one test, and puts them back after.
struct ExchangeFor {
  explicit ExchangeFor(AgentModuleExchange e) {
    module_factory = installed_offloaded_agent_factory();
    install_offloaded_agent_factory(nullptr);
    install_agent_module_exchange(e);
  }
  ~ExchangeFor() {
    install_agent_module_exchange(nullptr);
    install_offloaded_agent_factory(module_factory);
  }
};

// Plays `steps` moves with the agent built directly and with the same agent through the module, from the same
// seed, and checks every decision and the random stream after it.
void expect_same_decisions(const std::string& game_name, const Json& options, const std::string& spec, int steps) {
  const auto game = make_game(game_name, options);
  auto local = make_agent(*game, spec);  // before the exchange: in WebAssembly, through the module's factory
  const ExchangeFor exchange(in_process);
  auto remote = make_offloaded_agent(*game, spec);
  EXPECT_EQ(remote->spec(), local->spec());
  auto state = game->initial_state(7);
  Rng local_rng(99), remote_rng(99);
  for (int t = 0; t < steps && !state->is_terminal(); ++t) {
    SCOPED_TRACE(game_name + " " + spec + " step " + std::to_string(t));
    const Decision a = local->decide(*state, local_rng);
    const Decision b = remote->decide(*state, remote_rng);
    ASSERT_EQ(a.declined, b.declined);
    if (a.declined) break;
    EXPECT_EQ(a.chosen, b.chosen);
    EXPECT_EQ(a.actions, b.actions);
    EXPECT_EQ(a.probabilities, b.probabilities);
    EXPECT_EQ(a.scores, b.scores);
    EXPECT_EQ(a.value, b.value);
    EXPECT_EQ(a.note, b.note);
    EXPECT_EQ(local_rng.next(), remote_rng.next());
    state->apply(a.chosen);
  }
}

TEST(OffloadedAgent, SokobanPolicyAndGuidedDecideAsTheLocalAgents) {
  expect_same_decisions("sokoban", {{"collection", "teaching"}, {"index", 2}}, "policy", 30);
  expect_same_decisions("sokoban", {{"collection", "teaching"}, {"index", 2}}, "policy:0.5", 30);
  expect_same_decisions("sokoban", {{"collection", "teaching"}, {"index", 2}}, "guided", 30);
}

TEST(OffloadedAgent, SeedDqnAndMorrisSmartDecideAsTheLocalAgents) {
  expect_same_decisions("sokoban", {{"collection", "seed"}, {"index", 0}}, "dqn", 12);
  expect_same_decisions("morris", Json::object(), "smart", 20);
}

TEST(OffloadedAgent, TheModuleNamesWhatItRefuses) {
  const ExchangeFor exchange(in_process);
  const auto sokoban = make_game("sokoban", {{"collection", "teaching"}});
  try {
    make_offloaded_agent(*sokoban, "dqn");
    FAIL() << "the seed's DQN has no network for the teaching collection";
  } catch (const PolicyUnavailable&) {
    FAIL() << "not a loading file";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("agent 'dqn'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("two maps only"), std::string::npos) << e.what();
  }
  EXPECT_THROW(make_offloaded_agent(*sokoban, "policy:hot"), InputError);
  const std::string no_agent = R"({"op": "decide", "id": 12345, "rng": ["0", "0", "0", "0"]})";
  EXPECT_NE(answer_agent_module_request(no_agent).find("expected 16 hex digits"), std::string::npos);
  const std::string words = R"(["0000000000000001", "0000000000000002", "0000000000000003", "0000000000000004"])";
  EXPECT_NE(
      answer_agent_module_request(R"({"op": "decide", "id": 12345, "rng": )" + words + "}").find("no agent 12345"),
      std::string::npos);
  EXPECT_NE(answer_agent_module_request("{\"op\": \"sing\"}").find("unknown request 'sing'"), std::string::npos);
  EXPECT_NE(answer_agent_module_request("not json").find("not valid JSON"), std::string::npos);
}

TEST(OffloadedAgent, WhileTheModuleLoadsTheAgentIsPendingAndAGarbledReplyIsRefused) {
  const auto sokoban = make_game("sokoban", {{"collection", "teaching"}});
  {
    const ExchangeFor exchange(still_loading);
    try {
      make_offloaded_agent(*sokoban, "policy");
      FAIL() << "expected PolicyUnavailable";
    } catch (const PolicyUnavailable& e) {
      EXPECT_TRUE(e.loading());
      EXPECT_NE(std::string(e.what()).find("the agent module is still loading"), std::string::npos) << e.what();
    }
  }
  const ExchangeFor exchange(garbled);
  try {
    make_offloaded_agent(*sokoban, "policy");
    FAIL() << "expected InputError";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("the agent module's reply"), std::string::npos) << e.what();
  }
}

TEST(OffloadedAgent, ARandomStreamCrossesAsHexWordsAndBadWordsAreRefused) {
  const ExchangeFor exchange(in_process);
  const auto game = make_game("sokoban", {{"collection", "teaching"}});
  auto agent = make_offloaded_agent(*game, "policy:1");
  const auto state = game->initial_state(1);
  // A sampling agent draws from the stream: the caller's stream has moved on as the module's did.
  Rng rng(5);
  const Rng before = rng;
  agent->decide(*state, rng);
  EXPECT_NE(rng.words().w[0], before.words().w[0]);
  const std::string bad = R"({"op": "decide", "id": 1, "state": {}, "rng": ["12", "0", "0", "0"]})";
  EXPECT_NE(answer_agent_module_request(bad).find("expected 16 hex digits"), std::string::npos);
}

}  // namespace
}  // namespace pg
