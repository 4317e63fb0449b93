// The perfect agent: the solver's values and moves where it settles a
// position, a declined decision elsewhere, and how the session, matches and
// traces treat a declined decision.
#include "engine/games/mancala/perfect_agent.h"

#include <gtest/gtest.h>

#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/session.h"
#include "engine/games/mancala/exact_values.h"
#include "engine/games/mancala/mancala_game.h"

namespace pg::mancala {
namespace {

// Plain minimax to the end: the final store difference (player 0's view).
int brute_force(const Board& b, const Rules& rules) {
  if (b.done) return b.store(0) - b.store(1);
  int best = b.to_move == 0 ? -1000 : 1000;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(b.legal_mask() & (1u << i))) continue;
    Board child = b;
    child.sow(i, rules);
    const int v = brute_force(child, rules);
    best = b.to_move == 0 ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

// Player 1 to move with 9 stones left in the pits:
//      12 11 10  9  8  7
//     [ 0][ 2][ 0][ 1][ 0][ 3]
//  20                          19
//     [ 1][ 0][ 0][ 2][ 0][ 0]
//       0  1  2  3  4  5
Board late_board() {
  Board b;
  b.holes = {1, 0, 0, 2, 0, 0, 19, 3, 0, 1, 0, 2, 0, 20};
  b.to_move = 1;
  return b;
}

TEST(PerfectAgent, PlaysTheSolversValuesOnALatePosition) {
  const Rules rules;
  const Board b = late_board();
  PerfectAgent agent(rules, PerfectAgent::kDefaultKilonodes);
  Rng rng(1);
  const Decision d = agent.decide(MancalaState(b, rules), rng);
  ASSERT_FALSE(d.declined) << d.note;
  ASSERT_EQ(d.scores.size(), d.actions.size());
  int best = -1000;
  for (size_t i = 0; i < d.actions.size(); ++i) {
    Board child = b;
    child.sow(int(d.actions[i]), rules);
    const int exact = -brute_force(child, rules);  // player 1 moves: its view is the negation
    EXPECT_EQ(d.scores[i], exact) << "pit " << d.actions[i] + 1;
    best = std::max(best, exact);
  }
  ASSERT_TRUE(d.value);
  EXPECT_EQ(*d.value, best);
  EXPECT_EQ(*d.value, -brute_force(b, rules));
  double on_best = 0;
  for (size_t i = 0; i < d.actions.size(); ++i) {
    if (d.scores[i] == best)
      on_best += d.probabilities[i];
    else
      EXPECT_EQ(d.probabilities[i], 0) << "pit " << d.actions[i] + 1 << " loses value";
  }
  EXPECT_DOUBLE_EQ(on_best, 1.0);
  Board child = b;
  child.sow(int(d.chosen), rules);
  EXPECT_EQ(-brute_force(child, rules), best);
  EXPECT_NE(d.note.find("solved exactly"), std::string::npos);
}

TEST(PerfectAgent, PerfectPlayOnBothSidesEndsAtTheValue) {
  const Rules rules;
  Board b = late_board();
  const int value = brute_force(b, rules);
  PerfectAgent agent(rules, PerfectAgent::kDefaultKilonodes);
  for (uint64_t t = 0; !b.done; ++t) {
    Rng rng(t);
    const Decision d = agent.decide(MancalaState(b, rules), rng);
    ASSERT_FALSE(d.declined);
    b.sow(int(d.chosen), rules);
  }
  EXPECT_EQ(b.store(0) - b.store(1), value);
}

TEST(PerfectAgent, DeclinesBeyondItsBudget) {
  const Rules rules;  // Kalah(6,4) from the start: far beyond a thousand positions
  PerfectAgent agent(rules, 1);
  Rng rng(1);
  const Decision d = agent.decide(MancalaState(Board::initial(rules), rules), rng);
  EXPECT_TRUE(d.declined);
  EXPECT_TRUE(d.actions.empty());
  EXPECT_TRUE(d.probabilities.empty());
  EXPECT_NE(d.note.find("did not settle this position within 1k positions (48 stones in the pits"), std::string::npos)
      << d.note;
  // A late position is within even this budget; the start again is not.
  EXPECT_FALSE(agent.decide(MancalaState(late_board(), rules), rng).declined);
  EXPECT_TRUE(agent.decide(MancalaState(Board::initial(rules), rules), rng).declined);
}

TEST(PerfectAgent, BudgetedDecisionsDoNotDependOnHistory) {
  const Rules rules;
  Board b = Board::initial(rules);
  for (int pit : {2, 5, 1, 4}) b.sow(pit, rules);  // a few plies in
  PerfectAgent fresh(rules, 20), used(rules, 20);
  Rng r1(3), r2(3), r3(3);
  (void)used.decide(MancalaState(late_board(), rules), r3);
  const Decision a = fresh.decide(MancalaState(b, rules), r1);
  const Decision c = used.decide(MancalaState(b, rules), r2);
  EXPECT_EQ(a.declined, c.declined);
  EXPECT_EQ(a.note, c.note);
}

TEST(PerfectAgent, WinsKalahSixOneMovingFirst) {
  // Kalah(6,1) is a first-player win by 2; the whole game is within the budget.
  const auto game = make_game("mancala", {{"stones_per_pit", 1}});
  const MatchResult r = play_match(*game, {"perfect", "greedy:3"}, 10, 1);
  EXPECT_EQ(r.wins, 10);
}

// The page's exact values are the perfect agent's: each move's value by brute force, blunders where a move
// gives some away, each position solved once.
TEST(ExactValues, AreThePerfectAgentsAndMarkBlunders) {
  const Board b = late_board();
  const Rules rules;
  ExactValues exact;
  EXPECT_TRUE(exact.needs_solving(b, rules));
  const auto& m = exact.of(b, rules);
  ASSERT_TRUE(m);
  EXPECT_FALSE(exact.needs_solving(b, rules));
  const int sign = b.to_move == 0 ? 1 : -1;
  int blunders = 0;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(b.legal_mask() & (1u << i))) continue;
    Board child = b;
    child.sow(i, rules);
    const int v = sign * brute_force(child, rules);
    EXPECT_EQ(m->move_value[size_t(i)], v) << "pit " << i + 1;
    const auto blunder = exact.blunder(b, rules, i);
    if (v == m->value) {
      EXPECT_FALSE(blunder) << "pit " << i + 1 << " keeps the value";
    } else {
      ++blunders;
      ASSERT_TRUE(blunder);
      EXPECT_EQ(*blunder, std::make_pair(m->value, v));
    }
  }
  EXPECT_GT(blunders, 0);
  // Too many stones for the solver's budget: nothing to solve, no blunder.
  EXPECT_FALSE(exact.needs_solving(Board::initial(rules), rules));
  EXPECT_FALSE(exact.blunder(Board::initial(rules), rules, 0));
}

TEST(PerfectAgent, SpecsAndErrors) {
  const auto game = make_game("mancala", Json::object());
  EXPECT_EQ(make_agent(*game, "perfect")->spec(), "perfect");
  EXPECT_EQ(make_agent(*game, "perfect:200")->spec(), "perfect:200");
  EXPECT_THROW(make_agent(*game, "perfect:0"), InputError);
  EXPECT_THROW(make_agent(*game, "perfect:x"), InputError);
}

TEST(DeclinedDecision, AMatchScoresItAsTheDeclinersLossAndPlaysOn) {
  const auto game = make_game("mancala", Json::object());
  std::vector<Forfeit> heard;
  const MatchResult r =
      play_match(*game, {"random", "perfect:1"}, 3, 5, nullptr, [&](const Forfeit& f) { heard.push_back(f); });
  EXPECT_EQ(r.games, 3);
  ASSERT_FALSE(r.forfeits.empty());
  EXPECT_EQ(heard.size(), r.forfeits.size());
  long second_forfeits = 0;
  for (const Forfeit& f : r.forfeits) {
    EXPECT_EQ(f.seat, 1);
    EXPECT_EQ(f.seed, 5 + uint64_t(f.game));
    EXPECT_GT(f.step, 0u);  // perfect:1 has the opening in its budget, not what follows
    EXPECT_FALSE(f.note.empty());
    ++second_forfeits;
  }
  EXPECT_GE(r.wins, second_forfeits);  // each forfeit of the second seat is a win of the first
  EXPECT_EQ(r.wins + r.draws + r.losses, 3);
}

TEST(DeclinedDecision, TheSessionWaitsUntilAMoveIsPlayed) {
  Session s;
  s.load("mancala");
  s.set_agents({"perfect:1", "random"});
  EXPECT_FALSE(s.human_to_move());
  EXPECT_TRUE(s.awaiting_move());
  ASSERT_NE(s.decision(), nullptr);
  EXPECT_TRUE(s.decision()->declined);
  EXPECT_EQ(s.step(), StepResult::kDeclined);
  EXPECT_EQ(s.episode().length(), 0u);
  s.play("3");  // four stones into the store: player 0 again, still declined
  EXPECT_EQ(s.episode().length(), 1u);
  EXPECT_EQ(s.step(), StepResult::kDeclined);
  s.play("6");
  EXPECT_FALSE(s.awaiting_move());  // random's turn
  EXPECT_EQ(s.step(), StepResult::kPlayed);
  // A declined decision survives the JSON round trip.
  const Json j = declined_decision("too many stones").to_json(s.state());
  EXPECT_EQ(j, Json({{"declined", true}, {"note", "too many stones"}}));
  const Decision back = Decision::from_json(j, s.state());
  EXPECT_TRUE(back.declined);
  EXPECT_EQ(back.note, "too many stones");
}

}  // namespace
}  // namespace pg::mancala
