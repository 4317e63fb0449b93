// Episode recording: stepping back and forth, branching, returns, and the
// trace format with its error messages.
#include "engine/core/episode.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/registry.h"
#include "engine/core/stats.h"

namespace pg {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Episode, BackAndForwardRevisitTheSameStatesExactly) {
  Episode e = replay_actions(make_game("mancala"), 1, {"3", "1", "2", "6"});
  std::vector<Json> states;
  for (size_t t = 0; t <= e.length(); ++t) states.push_back(e.state_at(t).to_json());
  EXPECT_EQ(e.cursor(), 4u);
  while (e.back()) EXPECT_EQ(e.state().to_json(), states[e.cursor()]);
  EXPECT_EQ(e.cursor(), 0u);
  EXPECT_FALSE(e.back());
  while (e.forward()) EXPECT_EQ(e.state().to_json(), states[e.cursor()]);
  EXPECT_EQ(e.cursor(), 4u);
  e.seek(2);
  EXPECT_EQ(e.state().to_json(), states[2]);
  e.seek(99);
  EXPECT_EQ(e.cursor(), 4u);
}

TEST(Episode, PlayingTheRecordedActionKeepsTheFutureAnotherActionDropsIt) {
  Episode e = replay_actions(make_game("mancala"), 1, {"3", "1", "2", "6"});
  e.seek(1);
  e.play(0, "human");  // "1" is what was recorded
  EXPECT_EQ(e.length(), 4u);
  EXPECT_EQ(e.cursor(), 2u);
  e.seek(1);
  e.play(1, "human");  // "2" differs: a new branch
  EXPECT_EQ(e.length(), 2u);
  EXPECT_EQ(e.step(1).action_name, "2");
  EXPECT_EQ(e.step(1).agent, "human");
}

TEST(Episode, ReturnsSumTheRewardsUpToTheCursor) {
  // Play a whole game; the last step carries +1/-1 or 0/0.
  const auto game = make_game("mancala");
  Episode e(game, 3);
  while (!e.state().is_terminal()) e.play(e.state().legal_actions().front(), "first-legal");
  const auto r = e.returns(e.length());
  EXPECT_DOUBLE_EQ(r[0] + r[1], 0.0);
  EXPECT_EQ(r, e.step(e.length() - 1).transition.rewards);
  EXPECT_EQ(e.returns(e.length() - 1), (std::vector<double>{0.0, 0.0}));
}

TEST(Episode, IllegalActionsAreRefusedWithTheirPosition) {
  EXPECT_EQ(error_of([] {
              replay_actions(make_game("mancala"), 1, {"3", "3"});
            }),
            "action 2 ('3'): '3' is not a legal action here (legal: 1,2,4,5,6)");
  EXPECT_EQ(error_of([] { replay_actions(make_game("mancala"), 1, {"x"}); }).rfind("action 1 ('x')", 0), 0u);
}

TEST(Trace, HoldsGameOptionsSeedAndOneEntryPerStep) {
  const Episode e = replay_actions(make_game("mancala", {{"stones_per_pit", 6}}), 9, {"1", "2"});
  const Json t = e.to_trace();
  EXPECT_EQ(t["format"], "rl-playground-trace");
  EXPECT_EQ(t["version"], 1);
  EXPECT_EQ(t["game"], "mancala");
  EXPECT_EQ(t["options"]["stones_per_pit"], 6);
  EXPECT_EQ(t["seed"], 9);
  ASSERT_EQ(t["steps"].size(), 2u);
  EXPECT_EQ(t["steps"][0]["action"], "1");
  EXPECT_EQ(t["steps"][0]["reward"], 0.0);
  EXPECT_EQ(t["steps"][0]["state"], e.state_at(1).to_json());
  // Pit 1's six stones end in the store: an extra turn, player 0 again.
  EXPECT_EQ(t["steps"][1]["player"], 0);
  EXPECT_EQ(t["steps"][0]["events"]["sown"], Json::parse("[1,2,3,4,5,6]"));
}

TEST(Trace, ImportRejectsBadTracesNamingTheField) {
  const Json good = replay_actions(make_game("mancala"), 1, {"3", "1", "2"}).to_trace();
  EXPECT_NO_THROW(Episode::from_trace(good));
  Json t = good;
  t["version"] = 2;
  EXPECT_EQ(error_of([&] { Episode::from_trace(t); }).rfind("trace.version", 0), 0u);
  t = good;
  t["steps"][1]["action"] = "9";
  EXPECT_EQ(error_of([&] { Episode::from_trace(t); }).rfind("trace.steps[1].action", 0), 0u);
  t = good;
  t["steps"][2]["state"]["board"][0] = 40;
  EXPECT_EQ(error_of([&] { Episode::from_trace(t); }).rfind("trace.steps[2].state: does not match", 0), 0u);
  // A recorded decision that names an action the state does not allow: the field and the entry are named.
  t = good;
  t["steps"][2]["decision"] = {{"chosen", "2"},
                               {"distribution", {{{"action", "2"}, {"p", 0.5}}, {{"action", "9"}, {"p", 0.5}}}}};
  EXPECT_EQ(error_of([&] {
              Episode::from_trace(t);
            }).rfind("trace.steps[2].decision.distribution[1].action: '9' is not a legal", 0),
            0u)
      << error_of([&] { Episode::from_trace(t); });
  t["steps"][2]["decision"] = {{"chosen", "7"}};
  EXPECT_EQ(error_of([&] { Episode::from_trace(t); }).rfind("trace.steps[2].decision.chosen: '7' is not a legal", 0),
            0u);
  t = good;
  t["game"] = "go";
  EXPECT_EQ(error_of([&] { Episode::from_trace(t); }).rfind("game 'go'", 0), 0u);
  t = good;
  t["seed"] = -1;
  EXPECT_EQ(error_of([&] { Episode::from_trace(t); }).rfind("trace.seed", 0), 0u);
  t = good;
  t["options"] = {{"stones_per_pit", "four"}};
  EXPECT_EQ(error_of([&] { Episode::from_trace(t); }).rfind("option 'stones_per_pit'", 0), 0u);
  EXPECT_EQ(error_of([&] { Episode::from_trace(Json::array()); }).rfind("trace:", 0), 0u);
}

TEST(Match, GreedyFiveBeatsRandomAsTheReportSays) {
  // The report's table 6.1: Greedy 5 moving first beats Random in 100% of 100 games.
  const auto game = make_game("mancala");
  const MatchResult r = play_match(*game, {"greedy:5", "random"}, 100, 1);
  EXPECT_EQ(r.games, 100);
  EXPECT_EQ(r.wins + r.draws + r.losses, 100);
  EXPECT_GE(r.wins, 95);
}

TEST(Match, RandomAgainstRandomIsRoughlyEven) {
  // The report gives 42% wins / 4% draws for the first of two random players
  // (100 games); 2000 games pin our rate within a few points of one half.
  const auto game = make_game("mancala");
  const MatchResult r = play_match(*game, {"random", "random"}, 2000, 11);
  const Interval ci = wilson_interval(double(r.wins), double(r.games));
  EXPECT_GT(ci.high, 0.40);
  EXPECT_LT(ci.low, 0.60);
}

TEST(Stats, WilsonIntervalMatchesAKnownValue) {
  // 50 of 100: Wilson 95% interval is [0.4038, 0.5962].
  const Interval ci = wilson_interval(50, 100);
  EXPECT_NEAR(ci.low, 0.4038, 1e-4);
  EXPECT_NEAR(ci.high, 0.5962, 1e-4);
  MeanEstimate m;
  for (double x : {1.0, 2.0, 3.0, 4.0}) m.add(x);
  EXPECT_DOUBLE_EQ(m.mean(), 2.5);
  EXPECT_NEAR(m.variance(), 1.6667, 1e-4);
}

}  // namespace
}  // namespace pg
