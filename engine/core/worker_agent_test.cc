// The worker's protocol, run in one process: an agent asked through JSON must decide exactly as the agent
// built in place (the same actions, probabilities, scores and random stream).
#include "engine/core/worker_agent.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/core/registry.h"

namespace pg {
namespace {

std::optional<std::string> in_process(uint64_t, const std::string& request) { return answer_worker_request(request); }
std::optional<std::string> still_thinking(uint64_t, const std::string&) { return std::nullopt; }
std::optional<std::string> garbled(uint64_t, const std::string&) { return std::string("{\"decision\": "); }

// Installs an ask for one test and takes it away after.
struct ExchangeFor {
  explicit ExchangeFor(WorkerAsk ask) { install_worker_ask(ask); }
  ~ExchangeFor() { install_worker_ask(nullptr); }
};

// Plays `steps` moves with the agent built in place and with the same agent through the worker's protocol,
// from the same seed, and checks every decision and the random stream after it.
void expect_same_decisions(const std::string& game_name, const Json& options, const std::string& spec, int steps) {
  const auto game = make_game(game_name, options);
  auto local = make_agent(*game, spec);
  const ExchangeFor exchange(in_process);
  auto remote = decide_in_worker(*game, make_agent(*game, spec));
  EXPECT_NE(remote.get(), &remote->local()) << "seated as a worker agent";
  EXPECT_EQ(remote->spec(), local->spec());
  auto state = game->initial_state(7);
  Rng local_rng(99), remote_rng(99);
  for (int t = 0; t < steps && !state->is_terminal(); ++t) {
    SCOPED_TRACE(game_name + " " + spec + " step " + std::to_string(t));
    const Decision a = local->decide(*state, local_rng);
    const Decision b = remote->decide(*state, remote_rng);
    ASSERT_FALSE(b.thinking);
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

TEST(WorkerAgent, SokobanPolicyGuidedAndDqnDecideAsInPlace) {
  expect_same_decisions("sokoban", {{"collection", "teaching"}, {"index", 2}}, "policy:0.5", 20);
  expect_same_decisions("sokoban", {{"collection", "teaching"}, {"index", 2}}, "guided", 20);
  expect_same_decisions("sokoban", {{"collection", "seed"}, {"index", 0}}, "dqn", 12);
}

TEST(WorkerAgent, EveryGamesSearchersDecideAsInPlace) {
  expect_same_decisions("morris", Json::object(), "smart", 20);
  expect_same_decisions("mancala", Json::object(), "greedy:3", 20);
  expect_same_decisions("zuma", Json::object(), "expectimax:1", 10);
  expect_same_decisions("binary", {{"width", 4}, {"height", 4}}, "mcts:200", 8);
}

TEST(WorkerAgent, HumansAndRandomAgentsStayInPlace) {
  const ExchangeFor exchange(in_process);
  const auto game = make_game("mancala");
  for (const char* spec : {"human", "random"}) {
    auto agent = decide_in_worker(*game, make_agent(*game, spec));
    EXPECT_EQ(agent.get(), &agent->local()) << spec;
  }
}

TEST(WorkerAgent, AgentsOfPoliciesOnlyThePageHoldsStayInPlace) {
  for (const char* spec : {"trained:live", "theta:2:live", "trained:uploaded", "patterns:edited", "x:live:3"})
    EXPECT_TRUE(uses_page_memory(spec)) << spec;
  for (const char* spec : {"theta:5:pool", "trained", "patterns:learned", "livewire", "ntuple:5", "x:lively"})
    EXPECT_FALSE(uses_page_memory(spec)) << spec;
}

TEST(WorkerAgent, WhileTheWorkerThinksTheDecisionSaysSoAndAGarbledReplyIsDeclined) {
  const auto game = make_game("mancala");
  const auto state = game->initial_state(1);
  {
    const ExchangeFor exchange(still_thinking);
    auto agent = decide_in_worker(*game, make_agent(*game, "greedy:2"));
    Rng rng(5);
    const Rng before = rng;
    const Decision d = agent->decide(*state, rng);
    EXPECT_TRUE(d.thinking);
    EXPECT_TRUE(d.actions.empty());
    EXPECT_EQ(rng.words().w[0], before.words().w[0]) << "the stream moves only with an answer";
  }
  const ExchangeFor exchange(garbled);
  auto agent = decide_in_worker(*game, make_agent(*game, "greedy:2"));
  Rng rng(5);
  const Decision d = agent->decide(*state, rng);
  EXPECT_TRUE(d.declined);
  EXPECT_NE(d.note.find("the worker's reply"), std::string::npos) << d.note;
}

TEST(WorkerAgent, TheWorkerNamesWhatItRefuses) {
  const std::string words = R"(["0000000000000001", "0000000000000002", "0000000000000003", "0000000000000004"])";
  const auto ask = [&](const std::string& fields) { return answer_worker_request("{" + fields + "}"); };
  EXPECT_NE(ask(R"("game": "mancala", "agent": "greedy", "rng": ["0", "0", "0", "0"])").find("expected 16 hex digits"),
            std::string::npos);
  EXPECT_NE(ask(R"("game": "chess", "agent": "greedy", "rng": )" + words).find("unknown game"), std::string::npos);
  EXPECT_NE(ask(R"("game": "mancala", "agent": "sing", "rng": )" + words).find("unknown agent"), std::string::npos);
  EXPECT_NE(ask(R"("game": "mancala", "agent": "greedy", "state": {}, "rng": )" + words).find("state"),
            std::string::npos);
  EXPECT_NE(answer_worker_request("not json").find("not valid JSON"), std::string::npos);
}

}  // namespace
}  // namespace pg
