// The session the page drives: stepping, going back, humans, agents, loading
// games, importing traces, and the URL parameters.
#include "engine/core/session.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/core/url_config.h"

namespace pg {
namespace {

TEST(Session, OpensKalahWithTheNTuplePlayerAgainstRandom) {
  Session s;
  EXPECT_EQ(s.entry().name, "mancala");
  EXPECT_EQ(s.agent_specs(), (std::vector<std::string>{"ntuple:5", "random"}));
  EXPECT_EQ(s.summary()["step"], 0);
  ASSERT_NE(s.decision(), nullptr);
  EXPECT_EQ(s.decision()->scores.size(), 6u);
}

TEST(Session, StepsToTheEndAndBackReproducingEveryState) {
  Session s;
  std::vector<Json> states{s.state().to_json()};
  while (s.step() == StepResult::kPlayed) states.push_back(s.state().to_json());
  EXPECT_TRUE(s.state().is_terminal());
  EXPECT_EQ(s.step(), StepResult::kGameOver);
  while (s.back()) EXPECT_EQ(s.state().to_json(), states[s.episode().cursor()]);
  while (s.step() == StepResult::kReplayed) EXPECT_EQ(s.state().to_json(), states[s.episode().cursor()]);
  EXPECT_EQ(s.episode().cursor(), states.size() - 1);
}

TEST(Session, TheSameSeedGivesTheSameEpisode) {
  Session a, b;
  a.reset(42);
  b.reset(42);
  while (a.step() == StepResult::kPlayed) ASSERT_EQ(b.step(), StepResult::kPlayed);
  EXPECT_EQ(a.trace(), b.trace());
}

TEST(Session, AHumanSeatWaitsForAClick) {
  Session s;
  s.set_agents({"human", "random"});
  EXPECT_TRUE(s.human_to_move());
  EXPECT_EQ(s.decision(), nullptr);
  EXPECT_EQ(s.step(), StepResult::kWaitingHuman);
  EXPECT_THROW(s.play("9"), InputError);
  s.play("3");
  EXPECT_EQ(s.episode().step(0).agent, "human");
  EXPECT_TRUE(s.human_to_move());  // the extra turn
}

TEST(Session, BadAgentsAndGamesChangeNothing) {
  Session s;
  s.step();
  EXPECT_THROW(s.set_agents({"greedy:9", "random"}), InputError);
  EXPECT_THROW(s.set_agents({"random"}), InputError);
  EXPECT_THROW(s.load("chess"), InputError);
  EXPECT_THROW(s.load("mancala", {{"stones_per_pit", 0}}), InputError);
  EXPECT_EQ(s.agent_specs(), (std::vector<std::string>{"ntuple:5", "random"}));
  EXPECT_EQ(s.episode().length(), 1u);
}

TEST(Session, ChangingAgentsKeepsThePastAndDropsTheFuture) {
  Session s;
  for (int i = 0; i < 6; ++i) s.step();
  s.seek(3);
  s.set_agent(1, "greedy:2");
  EXPECT_EQ(s.episode().length(), 3u);
  EXPECT_EQ(s.episode().cursor(), 3u);
}

TEST(Session, ImportsAnExportedTrace) {
  Session a;
  a.set_agents({"greedy:3", "heuristic"});
  a.reset(9);
  for (int i = 0; i < 10; ++i) a.step();
  Session b;
  b.import_trace(a.trace());
  EXPECT_EQ(b.agent_specs(), a.agent_specs());
  EXPECT_EQ(b.trace(), a.trace());
  Json bad = a.trace();
  bad["steps"][4]["action"] = "nope";
  EXPECT_THROW(b.import_trace(bad), InputError);
  EXPECT_EQ(b.trace(), a.trace());
}

TEST(UrlConfig, ReadsEveryParameter) {
  const UrlConfig c = parse_url_config(
      "?game=mancala&seed=7&agents=greedy:3,human&embed=1&autoplay=1&speed=4.5"
      "&options=%7B%22stones_per_pit%22%3A6%7D");
  EXPECT_TRUE(c.warnings.empty());
  EXPECT_EQ(*c.game, "mancala");
  EXPECT_EQ(*c.seed, 7u);
  EXPECT_EQ(*c.agents, (std::vector<std::string>{"greedy:3", "human"}));
  EXPECT_TRUE(c.embed);
  EXPECT_TRUE(c.autoplay);
  EXPECT_DOUBLE_EQ(c.speed, 4.5);
  EXPECT_EQ(c.options["stones_per_pit"], 6);
}

TEST(UrlConfig, BadValuesAreNamedAndFallBackToDefaults) {
  const UrlConfig c = parse_url_config("game=chess&seed=-3&speed=fast&embed=maybe&colour=red&options=%7B");
  ASSERT_EQ(c.warnings.size(), 6u);
  EXPECT_EQ(c.warnings[0].rfind("URL parameter 'game': unknown game 'chess'", 0), 0u);
  EXPECT_EQ(c.warnings[1].rfind("URL parameter 'seed'", 0), 0u);
  EXPECT_EQ(c.warnings[2].rfind("URL parameter 'speed'", 0), 0u);
  EXPECT_EQ(c.warnings[3].rfind("URL parameter 'embed'", 0), 0u);
  EXPECT_EQ(c.warnings[4].rfind("URL parameter 'colour': unknown parameter", 0), 0u);
  EXPECT_EQ(c.warnings[5].rfind("URL parameter 'options'", 0), 0u);
  EXPECT_FALSE(c.game);
  EXPECT_FALSE(c.seed);
  EXPECT_DOUBLE_EQ(c.speed, 2.0);
  EXPECT_EQ(url_decode(url_encode("greedy:5,random {x}")), "greedy:5,random {x}");
}

}  // namespace
}  // namespace pg
