#include "engine/core/moment_words.h"

#include <gtest/gtest.h>

namespace pg {
namespace {

TEST(MomentInWords, NamesTheLastStepWhoseTurnAndTheAgentsMostLikelyAction) {
  Session s;
  s.load("tictactoe");
  s.set_agents({"perfect", "perfect"});
  Json words = moment_in_words(s);
  EXPECT_EQ(words["position"], "Step 0 of 0");
  EXPECT_EQ(words["last"], "");
  EXPECT_EQ(words["turn"], "Player 0 to move: perfect.");
  EXPECT_EQ(words["board"], s.state().to_text());
  EXPECT_NE(words["decision"].get<std::string>().find("perfect's decision: "), std::string::npos);
  EXPECT_EQ(words["announcement"].get<std::string>().rfind("Start of the episode. Player 0 to move", 0), 0u);
  EXPECT_TRUE(words["moves"].empty());  // agents move: nothing to offer

  s.play("b2");
  words = moment_in_words(s);
  EXPECT_EQ(words["position"], "Step 1 of 1");
  EXPECT_EQ(words["last"].get<std::string>().rfind("Step 1: player 0 (", 0), 0u);
  EXPECT_NE(words["last"].get<std::string>().find(") played b2."), std::string::npos);
  // The action the agent chose (as the inspector marks it, among tied ones the one it drew), with its
  // probability, in the decision and the announcement.
  const Decision* d = s.decision();
  ASSERT_NE(d, nullptr);
  const std::string chosen = s.state().action_name(d->chosen);
  EXPECT_NE(words["announcement"].get<std::string>().find("It chooses " + chosen + " ("), std::string::npos)
      << words["announcement"];
  EXPECT_NE(words["decision"].get<std::string>().find("It chooses " + chosen + " ("), std::string::npos)
      << words["decision"];
}

TEST(MomentInWords, TheLastStepsRewardIsSaid) {
  Session s;
  s.load("sokoban", Json{{"collection", "teaching"}, {"index", 0}});
  s.set_agents({"human"});
  s.play(s.state().action_name(s.state().legal_actions()[0]));
  EXPECT_NE(moment_in_words(s)["last"].get<std::string>().find(" Reward "), std::string::npos)
      << moment_in_words(s)["last"];
}

TEST(MomentInWords, SaysWhenTheGameIsOverAndWhatTheStepsDrew) {
  Session s;
  s.load("tictactoe");
  s.set_agents({"human", "human"});
  EXPECT_EQ(moment_in_words(s)["moves"].size(), 9u);  // a human to move: every square, by name
  EXPECT_EQ(moment_in_words(s)["moves"][0], s.state().action_name(s.state().legal_actions()[0]));
  for (const char* a : {"a1", "b1", "a2", "b2", "a3"}) s.play(a);
  Json words = moment_in_words(s);
  EXPECT_EQ(words["turn"], "The game is over. Returns: player 0 +1 player 1 -1.");
  EXPECT_TRUE(words["moves"].empty());  // nothing to play after the end
  EXPECT_EQ(words["decision"], "");
  // Zuma's steps draw from the random stream: their words say what was drawn.
  Session z;
  z.load("zuma");
  z.set_agents({"random"});
  ASSERT_EQ(z.step(), StepResult::kPlayed);
  EXPECT_NE(moment_in_words(z)["last"].get<std::string>().find("u="), std::string::npos) << moment_in_words(z)["last"];
}

}  // namespace
}  // namespace pg
