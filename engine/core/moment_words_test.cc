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
  // The scores' meaning is said once, after the list, not beside every action.
  const std::string decided = words["decision"];
  if (!d->scores.empty()) {
    EXPECT_NE(decided.find(" In brackets: " + d->score_label + "."), std::string::npos) << decided;
    EXPECT_EQ(decided.find(d->score_label), decided.rfind(d->score_label)) << decided;
  }
}

TEST(MomentInWords, TheLastStepsEventsAreASentence) {
  Session s;
  s.load("mancala");
  s.set_agents({"human", "human"});
  s.play("3");  // the last stone lands in the store: an extra turn
  const std::string last = moment_in_words(s)["last"];
  EXPECT_EQ(last.rfind("Step 1: player 0 (human) played 3. ", 0), 0u) << last;
  EXPECT_EQ(last.back(), '.') << last;
  EXPECT_EQ(last.find("; "), std::string::npos) << last;
  EXPECT_EQ(last.find(";."), std::string::npos) << last;
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

// Where a game says its position in sentences (State::to_words), the mirror reads that instead of the drawing.
TEST(MomentInWords, TheBoardInSentencesWhereTheGameHasThem) {
  Session kalah;
  kalah.load("mancala");
  kalah.set_agents({"human", "human"});
  kalah.play("3");  // player 0 sows pit 3: pits 4, 5, 6 and the store get a stone each (an extra turn)
  EXPECT_EQ(moment_in_words(kalah)["board"],
            "Player 0 (bottom row, store on the right): pit 1 4, pit 2 4, pit 3 0, pit 4 5, pit 5 5, pit 6 5, "
            "store 1. Player 1 (top row, store on the left): pit 1 4, pit 2 4, pit 3 4, pit 4 4, pit 5 4, pit 6 4, "
            "store 0.");

  Session sokoban;
  sokoban.load("sokoban", Json{{"level", "#####\n#@$.#\n#####\n"}});
  EXPECT_EQ(moment_in_words(sokoban)["board"],
            "The player is at (1, 1). Boxes: (1, 2). Targets without a box: (1, 3). Rows are counted from the top, "
            "columns from the left, both from 0.");
  sokoban.set_agents({"human"});
  sokoban.play("R");  // the box onto the target
  EXPECT_EQ(moment_in_words(sokoban)["board"].get<std::string>().rfind(
                "The player is at (1, 2). Boxes: (1, 3) on a target. Every target has a box.", 0),
            0u)
      << moment_in_words(sokoban)["board"];

  Session morris;
  morris.load("morris");
  morris.set_agents({"human", "human"});
  morris.play("place:a");
  const std::string board = moment_in_words(morris)["board"];
  EXPECT_EQ(board.rfind("seat 0 (O) on a. seat 1 (X) on no point. in hand: O 4, X 5; turn 2 of ", 0), 0u) << board;
  EXPECT_EQ(board.find('\n'), std::string::npos) << board;

  Session ttt;  // tic-tac-toe's drawing reads well enough: its text
  ttt.load("tictactoe");
  EXPECT_EQ(moment_in_words(ttt)["board"], ttt.state().to_text());
}

}  // namespace
}  // namespace pg
