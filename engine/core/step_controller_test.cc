// The page's step state machine, driven natively as the page drives it: every outcome of a step for each cause,
// autoplay and the agents' replies, a step asked while the agent thinks in the worker, and a link's step. The
// worker is the real one (answer_worker_request), run in this process when the test hands its reply over.
#include "engine/core/step_controller.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/core/worker_agent.h"

namespace pg {
namespace {

// The questions asked of the worker, in order: each is answered only when the test says so.
struct Question {
  uint64_t id;
  std::string request;
};
std::vector<Question> g_questions;
std::optional<std::string> record_question(uint64_t id, const std::string& request) {
  g_questions.push_back({id, request});
  return std::nullopt;
}

// A session of tic-tac-toe, the controller stepping it, and the messages it told.
struct Page {
  Session session;
  std::vector<std::string> told;
  StepController stepper{session, [this](const std::string& text) { told.push_back(text); }};
  explicit Page(const std::vector<std::string>& agents) {
    session.load("tictactoe");
    session.set_agents(agents);
  }
  // Frames of a second each, at 2 steps a second, until nothing is due by itself (or `frames` have run).
  void run(int frames = 20) {
    for (int i = 0; i < frames && stepper.stepping() && !session.thinking(); ++i) stepper.update(1.0, 2.0);
  }
};

// Agents deciding in the worker, asked through record_question, for one test.
struct ThinkingWorker {
  ThinkingWorker() {
    g_questions.clear();
    install_worker_ask(record_question);
  }
  ~ThinkingWorker() { install_worker_ask(nullptr); }
  // The worker's answer to the last question, handed to the engine as the page does.
  void answer_last() { provide_worker_reply(g_questions.back().id, answer_worker_request(g_questions.back().request)); }
};

TEST(StepController, AUserStepPlaysThenReplaysTheRecordedStep) {
  Page page({"perfect", "perfect"});
  EXPECT_EQ(page.stepper.step(StepCause::kUser), StepResult::kPlayed);
  page.session.back();
  EXPECT_EQ(page.stepper.step(StepCause::kUser), StepResult::kReplayed);
  EXPECT_FALSE(page.stepper.stepping());
  EXPECT_TRUE(page.told.empty());
}

TEST(StepController, AHumanToMoveIsToldToTheUserNotToTheApi) {
  Page page({"human", "perfect"});
  EXPECT_EQ(page.stepper.step(StepCause::kApi), StepResult::kWaitingHuman);
  EXPECT_TRUE(page.told.empty());
  EXPECT_EQ(page.stepper.step(StepCause::kUser), StepResult::kWaitingHuman);
  EXPECT_EQ(page.told, std::vector<std::string>{"Waiting for the human player: click a move on the board."});
}

TEST(StepController, AutoplayStopsAtTheGamesEnd) {
  Page page({"perfect", "perfect"});
  page.stepper.set_playing(true);
  page.run();
  EXPECT_TRUE(page.session.state().is_terminal());
  EXPECT_EQ(page.session.episode().length(), 9u) << "perfect play draws";
  EXPECT_FALSE(page.stepper.playing());
  EXPECT_EQ(page.stepper.step(StepCause::kUser), StepResult::kGameOver);
  EXPECT_TRUE(page.told.empty());
}

TEST(StepController, AutoplayWaitsForAHumanAndGoesOnAfterTheMove) {
  Page page({"perfect", "human"});
  page.stepper.set_playing(true);
  page.run(3);
  EXPECT_EQ(page.session.episode().length(), 1u);
  EXPECT_TRUE(page.stepper.playing()) << "autoplay waits for the human";
  EXPECT_TRUE(page.told.empty());
  page.session.play(page.session.state().legal_actions().front());
  page.stepper.update(1.0, 2.0);
  EXPECT_EQ(page.session.episode().length(), 3u);
}

TEST(StepController, TheAgentsReplyToAHumansMoveUntilAHumanIsToMove) {
  Page page({"human", "perfect"});
  page.session.play(page.session.state().legal_actions().front());
  page.stepper.reply_to_human();
  EXPECT_TRUE(page.stepper.stepping());
  page.run();
  EXPECT_EQ(page.session.episode().length(), 2u);
  EXPECT_TRUE(page.session.human_to_move());
  EXPECT_FALSE(page.stepper.stepping()) << "the reply stops at the human";
  EXPECT_FALSE(page.stepper.playing());
}

TEST(StepController, AutoplayStopsAtADeclineAndTellsWhy) {
  ThinkingWorker worker;
  Page page({"perfect", "perfect"});
  page.stepper.set_playing(true);
  page.stepper.update(1.0, 2.0);
  ASSERT_EQ(g_questions.size(), 1u);
  provide_worker_reply(g_questions.back().id, R"({"error": "the worker stopped: gone"})");
  page.run();
  EXPECT_FALSE(page.stepper.playing());
  EXPECT_EQ(page.session.episode().length(), 0u);
  ASSERT_EQ(page.told.size(), 1u);
  EXPECT_EQ(page.told[0],
            "perfect declines to move: the worker stopped: gone Click a move on the board, or seat another agent.");
}

TEST(StepController, AStepAskedWhileTheAgentThinksIsTakenWhenItHasDecided) {
  ThinkingWorker worker;
  Page page({"perfect", "perfect"});
  EXPECT_EQ(page.stepper.step(StepCause::kUser), StepResult::kThinking);
  for (int frame = 0; frame < 100; ++frame) {
    EXPECT_TRUE(page.session.thinking());
    EXPECT_EQ(page.session.decision(), nullptr);
    page.stepper.update(1.0 / 60, 2.0);
  }
  EXPECT_EQ(g_questions.size(), 1u) << "the question is asked once, however often the page looks";
  EXPECT_TRUE(page.stepper.stepping());
  EXPECT_EQ(page.session.episode().length(), 0u);
  worker.answer_last();
  EXPECT_FALSE(page.session.thinking());
  page.stepper.update(1.0 / 60, 2.0);
  EXPECT_EQ(page.session.episode().length(), 1u);
  EXPECT_EQ(page.session.episode().step(0).agent, "perfect");
  EXPECT_FALSE(page.stepper.stepping());
}

TEST(StepController, AnApiStepWhileTheAgentThinksIsNotTakenLater) {
  ThinkingWorker worker;
  Page page({"perfect", "perfect"});
  EXPECT_EQ(page.stepper.step(StepCause::kApi), StepResult::kThinking);
  EXPECT_FALSE(page.stepper.stepping()) << "the API's promise asks again itself";
  worker.answer_last();
  page.stepper.update(1.0 / 60, 2.0);
  EXPECT_EQ(page.session.episode().length(), 0u);
  EXPECT_EQ(page.stepper.step(StepCause::kApi), StepResult::kPlayed);
}

TEST(StepController, AReplyToAQuestionDroppedByMovingOnIsIgnored) {
  ThinkingWorker worker;
  Page page({"human", "perfect"});
  page.session.play(page.session.state().legal_actions().front());
  EXPECT_EQ(page.stepper.step(StepCause::kUser), StepResult::kThinking);
  page.session.back();  // the page also cancels (App::cancel_thinking)
  page.stepper.cancel();
  EXPECT_FALSE(page.stepper.stepping());
  provide_worker_reply(g_questions.back().id, R"({"error": "a late reply"})");
  page.session.seek(1);
  EXPECT_TRUE(page.session.thinking()) << "asked anew, not answered by the late reply";
  EXPECT_EQ(g_questions.size(), 2u);
  worker.answer_last();
  EXPECT_EQ(page.stepper.step(StepCause::kUser), StepResult::kPlayed);
}

TEST(StepController, AfterThePageStopsItsWorkerTheAgentIsAskedAnew) {
  ThinkingWorker worker;
  Page page({"perfect", "perfect"});
  EXPECT_EQ(page.stepper.step(StepCause::kUser), StepResult::kThinking);
  page.session.drop_questions();  // App::cancel_thinking, e.g. before agents that are then refused
  EXPECT_TRUE(page.session.thinking());
  EXPECT_EQ(g_questions.size(), 2u);
  worker.answer_last();
  EXPECT_EQ(page.stepper.step(StepCause::kUser), StepResult::kPlayed);
}

TEST(StepController, TheAgentsPlayToALinksStep) {
  Page page({"perfect", "perfect"});
  page.stepper.play_to(5);
  EXPECT_TRUE(page.stepper.stepping());
  page.stepper.update(0, 2.0);
  EXPECT_EQ(page.session.episode().length(), 5u);
  EXPECT_FALSE(page.stepper.stepping());
  EXPECT_TRUE(page.told.empty());
}

TEST(StepController, ALinksStepPastTheEndOrAHumanSaysWhereTheEpisodeStops) {
  Page over({"perfect", "perfect"});
  over.stepper.play_to(20);
  over.stepper.update(0, 2.0);
  EXPECT_EQ(over.told,
            std::vector<std::string>{"the link's step 20: the episode stops at step 9, where the game ends."});
  EXPECT_FALSE(over.stepper.stepping());
  Page human({"perfect", "human"});
  human.stepper.play_to(4);
  human.stepper.update(0, 2.0);
  EXPECT_EQ(human.told,
            std::vector<std::string>{"the link's step 4: the episode stops at step 1, where a human is to move."});
}

TEST(StepController, ALinksStepWaitsForTheWorkersDecisions) {
  ThinkingWorker worker;
  Page page({"perfect", "perfect"});
  page.stepper.play_to(3);
  for (size_t played = 0; played < 3; ++played) {
    page.stepper.update(0, 2.0);
    ASSERT_TRUE(page.session.thinking());
    EXPECT_EQ(page.session.episode().length(), played);
    EXPECT_TRUE(page.stepper.reaching_link_step());  // the page's `ready` waits
    worker.answer_last();
  }
  page.stepper.update(0, 2.0);
  EXPECT_EQ(page.session.episode().length(), 3u);
  EXPECT_FALSE(page.stepper.stepping());
  EXPECT_FALSE(page.stepper.reaching_link_step());
}

}  // namespace
}  // namespace pg
