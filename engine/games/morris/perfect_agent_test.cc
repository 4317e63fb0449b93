// The perfect agent: it keeps the value, takes the shortest win, the longest
// loss, and in draws the action after which most of the opponent's replies
// lose; it wins every won endgame against random within the table's
// distance; it declines without a table or outside it.
#include "engine/games/morris/perfect_agent.h"

#include <gtest/gtest.h>

#include <random>

#include "engine/core/rng.h"
#include "engine/games/morris/morris_game.h"
#include "engine/games/morris/position_index.h"
#include "engine/games/morris/solution_testing.h"

namespace pg::morris {
namespace {

// Seats the endgame table for the test's duration.
class WithTable {
 public:
  WithTable() : before_(current_solution()) {
    provide_solution(std::shared_ptr<const Solution>(&endgame_solution(), [](const Solution*) {}));
  }
  ~WithTable() { provide_solution(before_); }

 private:
  std::shared_ptr<const Solution> before_;
};

// A random position of a movement class, from its mover's side.
Board random_position(std::mt19937_64& rng, int mine, int theirs) {
  uint16_t m = 0, t = 0;
  position_from_index(rng() % class_size(mine, theirs), mine, theirs, m, t);
  Board b = canonical_board(10, m, t);
  b.moves = 20;
  return b;
}

// (Without any table it declines too: tests/cli/cli_test.sh runs it with an empty policy directory.)
TEST(MorrisPerfect, DeclinesOutsideItsTable) {
  WithTable table;
  PerfectAgent agent;
  Rng rng(1);
  const MorrisState opening(Board::initial(), Rules{});
  const Decision d = agent.decide(opening, rng);
  EXPECT_TRUE(d.declined);
  EXPECT_NE(d.note.find("up to 7 pieces of material"), std::string::npos) << d.note;
}

// The rule, checked against the table by brute force on positions of 4 against 3 and 3 against 3.
TEST(MorrisPerfect, PrefersTheShortestWinTheLongestLossAndTheMostErrorsInADraw) {
  const Solution& s = endgame_solution();
  std::mt19937_64 rng(5);
  int seen[3] = {0, 0, 0};
  for (int k = 0; k < 300; ++k) {
    const Board b = random_position(rng, k % 2 ? 4 : 3, 3);
    if (b.loser() >= 0) continue;
    const Outcome v = s.value(b);
    const auto choices = perfect_choices(s, b);
    double best_share = -1;
    int best_plies = v.result == Outcome::kWin ? 1 << 20 : -1;
    for (const auto& c : choices) {
      if (c.value.result != v.result) continue;
      if (v.result == Outcome::kWin) best_plies = std::min(best_plies, int(c.value.plies));
      if (v.result == Outcome::kLoss) best_plies = std::max(best_plies, int(c.value.plies));
    }
    for (const auto& c : choices)
      if (c.value.result == v.result && (v.result == Outcome::kDraw || c.value.plies == best_plies))
        best_share = std::max(best_share, c.share);
    int chosen = 0;
    for (const auto& c : choices) {
      if (!c.chosen) continue;
      ++chosen;
      ASSERT_EQ(c.value.result, v.result) << drawing(b);
      // The value is the shortest win and the longest loss: the preferred actions carry it exactly.
      if (v.result != Outcome::kDraw) {
        EXPECT_EQ(c.value, v) << drawing(b);
      } else {
        EXPECT_EQ(c.share, best_share) << drawing(b);
      }
      if (v.result == Outcome::kLoss) {
        EXPECT_EQ(c.share, best_share) << drawing(b);
      }
      // The share, by hand, when the action passes the turn.
      Board child = b;
      if (v.result != Outcome::kWin && child.apply(c.action)) {
        int lost = 0, replies = 0;
        const Outcome cv = s.value(child);
        for (const auto& [reply, o] : s.action_values(child)) {
          ++replies;
          lost += o.result != cv.result;
        }
        EXPECT_DOUBLE_EQ(c.share, replies > 1 ? double(lost) / replies : 0.0);
      }
    }
    EXPECT_GT(chosen, 0);
    ++seen[v.result + 1];
  }
  EXPECT_GT(seen[0], 5);   // losses
  EXPECT_GT(seen[1], 20);  // draws
  EXPECT_GT(seen[2], 20);  // wins
}

// Against random, a won endgame is won within the table's distance (random can only shorten it), and
// the agent's distribution names only actions that keep the value.
TEST(MorrisPerfect, WinsEveryWonEndgameAgainstRandomWithinItsDistance) {
  WithTable table;
  std::mt19937_64 rng(9);
  PerfectAgent perfect;
  auto random = make_agent(MorrisGame(Rules{}), "random");
  int games = 0;
  for (int k = 0; k < 400 && games < 40; ++k) {
    const Board b = random_position(rng, 4, 3);
    const Outcome v = endgame_solution().value(b);
    if (v.result != Outcome::kWin || b.loser() >= 0) continue;
    ++games;
    MorrisState state(b, Rules{1000, false});
    int plies = 0;
    Rng decisions{uint64_t(k)};
    while (!state.is_terminal() && plies <= v.plies) {
      const bool ours = state.current_player() == 0;
      const Decision d = (ours ? static_cast<Agent&>(perfect) : *random).decide(state, decisions);
      ASSERT_FALSE(d.declined) << d.note;
      if (ours) {
        ASSERT_EQ(d.scores.size(), d.actions.size());
        for (size_t i = 0; i < d.actions.size(); ++i)
          if (d.probabilities[i] > 0) {
            EXPECT_GT(d.scores[i], 0) << "a win keeps the win";
          }
      }
      state.apply(d.chosen);
      ++plies;
    }
    EXPECT_TRUE(state.is_terminal()) << v.text() << "\n" << drawing(b);
    EXPECT_EQ(state.winner(), 0) << v.text() << "\n" << drawing(b);
  }
  EXPECT_EQ(games, 40);
}

}  // namespace
}  // namespace pg::morris
