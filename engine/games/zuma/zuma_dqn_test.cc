// The shipped Zuma DQN (policies/zuma/dqn.rlpg): it loads, it is the
// grading protocol's network, and it plays legal moves to the end.
#include <gtest/gtest.h>

#include "engine/core/agent.h"
#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"
#include "engine/games/zuma/agents.h"
#include "engine/nn/network_agent.h"
#include "engine/nn/policy_file.h"

namespace pg::zuma {
namespace {

TEST(ZumaDqn, TheShippedFileLoadsAndRecordsItsCommandAndScore) {
  const auto bytes = find_policy_file(kDqnPolicyFile);
  ASSERT_TRUE(bytes) << "policies/" << kDqnPolicyFile << " is missing";
  const nn::Policy p = nn::read_policy(*bytes, {.source = kDqnPolicyFile, .game = "zuma", .kind = "q-network"});
  EXPECT_EQ(p.observation.encoding, "zuma-rows-v1");
  EXPECT_EQ(p.observation.shape, (nn::Shape{12, 4}));
  EXPECT_EQ(p.actions.size(), 12u);
  EXPECT_EQ(p.training["command"].get<std::string>().rfind("playground zuma train --method dqn", 0), 0u);
  EXPECT_TRUE(p.scores.contains("mean"));
}

TEST(ZumaDqn, PlaysLegalMovesUnderTheGradingProtocol) {
  const auto game = make_game("zuma", {{"scenario", "grading"}});
  auto agent = make_agent(*game, "dqn");
  ASSERT_TRUE(dynamic_cast<nn::QNetworkAgent*>(agent.get()));
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    auto state = game->initial_state(seed);
    for (size_t t = 0; !state->is_terminal(); ++t) {
      Rng rng(seed * 1000 + t);
      const Decision d = agent->decide(*state, rng);
      ASSERT_TRUE(state->is_legal(d.chosen));
      ASSERT_EQ(d.scores.size(), state->legal_actions().size());
      state->apply(d.chosen);
    }
  }
  // Its temperature is a spec parameter; on another max_length it is refused by name.
  EXPECT_EQ(make_agent(*game, "dqn:0.5")->spec(), "dqn:0.5");
  const auto other = make_game("zuma", Json::object());
  try {
    auto a = make_agent(*other, "dqn");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("zuma/dqn.rlpg"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace pg::zuma
