// The session the page drives: stepping, going back, humans, agents, loading
// games, importing traces, and the URL parameters.
#include "engine/core/session.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/core/url_config.h"
#include "engine/core/url_opening.h"

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

TEST(UrlConfig, ReadsTheMomentAndThePanels) {
  const UrlConfig c =
      parse_url_config("game=sokoban&level=teaching:3&actions=U,L,L&step=2&panels=board,inspector,timeline&origins=*");
  EXPECT_TRUE(c.warnings.empty());
  EXPECT_EQ(*c.level, "teaching:3");
  EXPECT_EQ(*c.actions, "U,L,L");
  EXPECT_EQ(*c.step, 2u);
  EXPECT_EQ(*c.panels, (std::vector<std::string>{"board", "inspector", "timeline"}));
  const UrlConfig bad = parse_url_config("step=-1&panels=board,chat&level=");
  ASSERT_EQ(bad.warnings.size(), 3u);
  EXPECT_EQ(bad.warnings[0].rfind("URL parameter 'step'", 0), 0u);
  EXPECT_NE(bad.warnings[1].find("unknown panel 'chat'"), std::string::npos);
  EXPECT_EQ(bad.warnings[2].rfind("URL parameter 'level'", 0), 0u);
  EXPECT_FALSE(bad.step);
  EXPECT_FALSE(bad.panels);
}

TEST(UrlConfig, ReadsTheTheme) {
  EXPECT_FALSE(parse_url_config("game=kalah").theme);
  EXPECT_EQ(*parse_url_config("theme=contrast").theme, "contrast");
  const UrlConfig bad = parse_url_config("theme=purple");
  ASSERT_EQ(bad.warnings.size(), 1u);
  EXPECT_NE(bad.warnings[0].find("'purple' is not a theme (known: dark, light, contrast)"), std::string::npos);
  EXPECT_FALSE(bad.theme);
}

TEST(UrlOpening, ReplaysTheActionsAndShowsTheStep) {
  Session s;
  const UrlOpening o =
      open_url_config(s, parse_url_config("game=tictactoe&agents=human,human&actions=b2,a1,c3&step=1"), "tictactoe");
  EXPECT_TRUE(o.messages.empty());
  EXPECT_EQ(s.episode().length(), 3u);
  EXPECT_EQ(s.episode().cursor(), 1u);
  EXPECT_EQ(s.episode().step(2).action_name, "c3");
  EXPECT_FALSE(o.play_to_step);
}

TEST(UrlOpening, TheBinaryGamesActionsAreSeparatedBySemicolons) {
  Session s;
  Session reference;
  reference.load("binary");
  const auto first = reference.state().legal_actions();
  const std::string a = reference.state().action_name(first[0]);
  ASSERT_NE(a.find(','), std::string::npos);
  const UrlOpening o = open_url_config(s, parse_url_config("actions=" + url_encode(a)), "binary");
  EXPECT_TRUE(o.messages.empty());
  EXPECT_EQ(s.episode().length(), 1u);
}

TEST(UrlOpening, BadActionsAndStepsAreNamedAndFallBack) {
  Session s;
  UrlOpening o = open_url_config(s, parse_url_config("actions=b2,b2&step=1"), "tictactoe");
  ASSERT_EQ(o.messages.size(), 1u);
  EXPECT_EQ(o.messages[0].text.rfind("URL parameter 'actions': action 2 ('b2')", 0), 0u) << o.messages[0].text;
  EXPECT_EQ(s.episode().length(), 0u);
  o = open_url_config(s, parse_url_config("actions=b2&step=5"), "tictactoe");
  ASSERT_EQ(o.messages.size(), 1u);
  EXPECT_NE(o.messages[0].text.find("past the episode's 1 steps"), std::string::npos);
  EXPECT_EQ(s.episode().cursor(), 1u);
}

TEST(UrlOpening, TooManyAgentsAreNamedOnce) {
  Session s;
  const UrlOpening o = open_url_config(s, parse_url_config("agents=random,random"), "zuma");
  ASSERT_EQ(o.messages.size(), 1u);
  EXPECT_EQ(o.messages[0].text, "URL parameter 'agents': zuma takes 1 agent, got 2; using the default agents");
}

TEST(UrlOpening, AStepWithoutActionsIsPlayedToByTheAgents) {
  Session s;
  const UrlOpening o = open_url_config(s, parse_url_config("step=12&agents=greedy:2,random"), "mancala");
  EXPECT_TRUE(o.messages.empty());
  EXPECT_EQ(*o.play_to_step, 12u);
  EXPECT_EQ(s.episode().length(), 0u);  // the page's agents play to it, a decision at a time
}

TEST(UrlOpening, ASokobanLevelIsNamedAsThePageNumbersIt) {
  Session s;
  UrlOpening o = open_url_config(s, parse_url_config("level=teaching:3"), "sokoban");
  EXPECT_TRUE(o.messages.empty());
  EXPECT_EQ(s.game().options()["collection"], "teaching");
  EXPECT_EQ(s.game().options()["index"], 2);
  for (const char* bad : {"teaching:0", "teaching:999", "teaching", "nowhere:1", "teaching:2x"}) {
    Session t;
    o = open_url_config(t, parse_url_config(std::string("level=") + bad), "sokoban");
    ASSERT_EQ(o.messages.size(), 1u) << bad;
    EXPECT_EQ(o.messages[0].text.rfind("URL parameter 'level': ", 0), 0u) << o.messages[0].text;
    EXPECT_EQ(t.game().options()["index"], 0) << bad;
  }
  Session k;
  o = open_url_config(k, parse_url_config("level=teaching:3"), "mancala");
  ASSERT_EQ(o.messages.size(), 1u);
  EXPECT_NE(o.messages[0].text.find("has no levels"), std::string::npos);
}

}  // namespace
}  // namespace pg
