// The exact solver against brute force: a plain memoised search over the
// engine's own Board (no symmetry, no bit masks of its own) on every board up
// to 4x4, and on positions from random games on bigger boards.
#include "engine/games/binary/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <unordered_map>

#include "engine/core/agent.h"
#include "engine/core/error.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/binary/binary_game.h"

namespace pg::binary {
namespace {

// Base-3 code of a board of up to 40 points: a memo key without symmetry.
uint64_t code_of(const Board& b) {
  uint64_t code = 0;
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) code = code * 3 + uint64_t(b.at(x, y) + 1);
  return code;
}

// True if the player to move wins: some move leaves the opponent losing.
bool brute_force_wins(const Board& b, std::unordered_map<uint64_t, bool>& memo) {
  const uint64_t code = code_of(b);
  if (const auto it = memo.find(code); it != memo.end()) return it->second;
  bool won = false;
  b.for_each_legal([&](int x, int y, int d) {
    if (won) return;
    Board child = b;
    child.place(x, y, d);
    won = !brute_force_wins(child, memo);
  });
  memo[code] = won;
  return won;
}

std::vector<Outcome> brute_force_labels(const Board& b, std::unordered_map<uint64_t, bool>& memo) {
  std::vector<Outcome> labels;
  b.for_each_legal([&](int x, int y, int d) {
    Board child = b;
    child.place(x, y, d);
    labels.push_back(brute_force_wins(child, memo) ? Outcome::kLoss : Outcome::kWin);
  });
  return labels;
}

std::vector<Outcome> outcomes(const std::vector<Solver::Label>& labels) {
  std::vector<Outcome> out;
  for (const auto& l : labels) out.push_back(l.outcome);
  return out;
}

TEST(BinarySolver, AgreesWithBruteForceOnEveryBoardUpTo4x4AndOnEveryFirstMove) {
  for (int w = 1; w <= 4; ++w) {
    for (int h = 1; h <= 4; ++h) {
      std::unordered_map<uint64_t, bool> memo;
      const Board empty = Board::empty(w, h);
      Solver solver(w, h, 16);
      const bool won = brute_force_wins(empty, memo);
      EXPECT_EQ(solver.solve(empty), won ? Outcome::kWin : Outcome::kLoss) << w << "x" << h;
      EXPECT_EQ(outcomes(solver.label_moves(empty)), brute_force_labels(empty, memo)) << w << "x" << h;
    }
  }
}

TEST(BinarySolver, AgreesWithBruteForceOnPositionsFromRandomGames) {
  Rng rng(17);
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{5, 5}, {6, 4}, {4, 6}, {6, 6}, {7, 5}, {5, 3}}) {
    Solver solver(w, h, 18);
    for (int game = 0; game < 6; ++game) {
      Board b = Board::empty(w, h);
      // Play at random until at most 11 points are left, then compare.
      while (w * h - b.filled > 11 && b.has_legal_move()) {
        std::vector<Move> moves;
        b.for_each_legal([&](int x, int y, int d) { moves.push_back({x, y, d}); });
        const Move m = moves[rng.below(uint32_t(moves.size()))];
        b.place(m.x, m.y, m.d);
      }
      std::unordered_map<uint64_t, bool> memo;
      const bool won = brute_force_wins(b, memo);
      ASSERT_EQ(solver.solve(b), won ? Outcome::kWin : Outcome::kLoss) << to_text(b);
      ASSERT_EQ(outcomes(solver.label_moves(b)), brute_force_labels(b, memo)) << to_text(b);
    }
  }
}

TEST(BinarySolver, ItsMoveGeneratorIsTheRules) {
  Rng rng(23);
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{1, 1}, {1, 7}, {7, 1}, {3, 3}, {5, 4}, {7, 8}, {8, 7}}) {
    const Solver solver(w, h, 4);
    for (int game = 0; game < 20; ++game) {
      Board b = Board::empty(w, h);
      for (;;) {
        uint64_t expected[2] = {0, 0};
        std::vector<Move> moves;
        const int width = w;  // clang 14 does not capture structured bindings
        b.for_each_legal([&](int x, int y, int d) {
          expected[d] |= 1ull << (y * width + x);
          moves.push_back({x, y, d});
        });
        ASSERT_EQ(solver.legal_mask(b, 0), expected[0]) << to_text(b);
        ASSERT_EQ(solver.legal_mask(b, 1), expected[1]) << to_text(b);
        if (moves.empty()) break;
        const Move m = moves[rng.below(uint32_t(moves.size()))];
        b.place(m.x, m.y, m.d);
      }
    }
  }
}

// A winning move leaves a lost position: playing the solver's winning moves
// against every reply, the winner always makes the last move.
TEST(BinarySolver, PlayingItsWinningMovesWinsAgainstEveryReply) {
  Solver solver(3, 3, 16);
  const Board empty = Board::empty(3, 3);
  const Outcome first = solver.solve(empty);
  ASSERT_NE(first, Outcome::kUnknown);
  const int winner = first == Outcome::kWin ? 0 : 1;
  // Depth-first over every reply of the loser; the winner plays its first winning move.
  std::vector<Board> stack = {empty};
  int finished = 0;
  while (!stack.empty()) {
    const Board b = stack.back();
    stack.pop_back();
    if (!b.has_legal_move()) {
      EXPECT_EQ(1 - b.to_move(), winner) << to_text(b);
      ++finished;
      continue;
    }
    if (b.to_move() == winner) {
      bool played = false;
      for (const auto& l : solver.label_moves(b)) {
        if (l.outcome != Outcome::kWin) continue;
        Board child = b;
        child.place(l.x, l.y, l.d);
        stack.push_back(child);
        played = true;
        break;
      }
      ASSERT_TRUE(played) << "the winner has no winning move on\n" << to_text(b);
    } else {
      b.for_each_legal([&](int x, int y, int d) {
        Board child = b;
        child.place(x, y, d);
        stack.push_back(child);
      });
    }
  }
  EXPECT_GT(finished, 10);
}

TEST(BinarySolver, GivesUpWhenTimeRunsOutAndKeepsWhatItKnows) {
  Solver solver(7, 7, 12);
  EXPECT_EQ(solver.solve(Board::empty(7, 7), {0.01, 0}), Outcome::kUnknown);
  const auto labels = solver.label_moves(Board::empty(7, 7), {0.01, 0});
  EXPECT_EQ(labels.size(), 98u);
  EXPECT_EQ(labels.back().outcome, Outcome::kUnknown);
  // A node budget: the same answer on every machine; the table keeps what
  // was proved, so asking again goes further.
  Solver a(5, 3, 16), b(5, 3, 16);
  const uint64_t before = a.nodes();
  EXPECT_EQ(a.solve(Board::empty(5, 3), {0, 1000}), Outcome::kUnknown);
  EXPECT_EQ(a.nodes() - before, 1000u);
  EXPECT_EQ(b.solve(Board::empty(5, 3), {0, 1000}), Outcome::kUnknown);
  EXPECT_EQ(a.stored(), b.stored());
  Solver c(3, 5, 16);
  Outcome o = Outcome::kUnknown;
  for (int round = 0; round < 1000 && o == Outcome::kUnknown; ++round) o = c.solve(Board::empty(3, 5), {0, 5000});
  EXPECT_EQ(o, Outcome::kWin);
}

TEST(BinarySolver, ItsLabelsVerdictWinsWithOneWinningMoveAndLosesWhenEveryMoveLoses) {
  Solver solver(3, 3, 16);
  // The first player wins 3x3 (the second player's mirror answer needs an even side).
  const LabelsVerdict odd = verdict_of(solver.label_moves(Board::empty(3, 3)));
  EXPECT_TRUE(odd.wins());
  EXPECT_FALSE(odd.loses());
  EXPECT_EQ(odd.moves, 18);
  EXPECT_EQ(odd.winning + odd.losing, 18);
  Solver even_solver(2, 2, 16);
  const LabelsVerdict even = verdict_of(even_solver.label_moves(Board::empty(2, 2)));
  EXPECT_TRUE(even.loses());
  EXPECT_FALSE(even.wins());
  EXPECT_EQ(even.losing, 8);
  // Some moves lose, the rest unknown: neither.
  const LabelsVerdict open = verdict_of({{0, 0, 0, Outcome::kLoss}, {1, 0, 0, Outcome::kUnknown}});
  EXPECT_FALSE(open.wins());
  EXPECT_FALSE(open.loses());
  EXPECT_EQ(open.losing, 1);
  EXPECT_FALSE(verdict_of({}).loses());
}

// With an even number of columns (or rows) the second player answers every
// move with its mirror image and the other digit: the search alone (without
// the rule) finds that the second player wins, and agrees move by move.
TEST(BinarySolver, TheMirrorRuleAgreesWithTheSearchAlone) {
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{
           {1, 2}, {2, 1}, {2, 2}, {2, 3}, {3, 2}, {1, 4}, {2, 4}, {4, 2}, {3, 4}, {4, 3}, {4, 4}, {2, 6}, {6, 1}}) {
    Solver with(w, h, 16), without(w, h, 16, false);
    const Board empty = Board::empty(w, h);
    EXPECT_EQ(without.solve(empty), Outcome::kLoss) << w << "x" << h << ": the first player loses";
    EXPECT_EQ(with.solve(empty), Outcome::kLoss);
    EXPECT_EQ(with.nodes(), 1u) << "the empty board is its own mirror image with swapped digits";
    EXPECT_EQ(outcomes(with.label_moves(empty)), outcomes(without.label_moves(empty))) << w << "x" << h;
  }
  // Odd boards: the rule still applies to mirrored positions whose middle
  // points are dead.
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{3, 3}, {3, 5}, {5, 3}, {1, 7}}) {
    Solver with(w, h, 16), without(w, h, 16, false);
    const Board empty = Board::empty(w, h);
    EXPECT_EQ(with.solve(empty), without.solve(empty)) << w << "x" << h;
    EXPECT_EQ(outcomes(with.label_moves(empty)), outcomes(without.label_moves(empty))) << w << "x" << h;
  }
}

TEST(BinarySolverAgent, PlaysAWinningMoveAndIsTheSameEverywhere) {
  const auto game = make_game("binary", {{"width", 3}, {"height", 3}});
  const auto state = game->initial_state(1);
  auto agent = make_agent(*game, "solver");
  Rng rng(1), again(1);
  const Decision d = agent->decide(*state, rng);
  ASSERT_TRUE(d.value.has_value());
  EXPECT_EQ(*d.value, 1);  // 3x3: the first player wins
  Solver solver(3, 3, 16);
  for (const auto& l : solver.label_moves(dynamic_cast<const BinaryState&>(*state).board())) {
    const Action a = encode_action(Board::empty(3, 3), l.x, l.y, l.d);
    const size_t i = size_t(std::find(d.actions.begin(), d.actions.end(), a) - d.actions.begin());
    ASSERT_LT(i, d.actions.size());
    EXPECT_EQ(d.scores[i], l.outcome == Outcome::kWin ? 1 : -1);
    EXPECT_EQ(d.probabilities[i] > 0, l.outcome == Outcome::kWin);
    if (a == d.chosen) {
      EXPECT_EQ(l.outcome, Outcome::kWin);
    }
  }
  const Decision e = agent->decide(*state, again);
  EXPECT_EQ(e.chosen, d.chosen);
  EXPECT_EQ(e.scores, d.scores);
  EXPECT_EQ(make_agent(*game, "solver:50")->spec(), "solver:50");
  EXPECT_THROW(make_agent(*game, "solver:0"), InputError);
}

TEST(BinarySolver, RefusesBoardsTooBig) {
  EXPECT_THROW(Solver(8, 8), InputError);
  EXPECT_THROW(Solver(0, 3), InputError);
  EXPECT_NO_THROW(Solver(7, 8, 4));
  Solver s(3, 3, 4);
  EXPECT_THROW(s.solve(Board::empty(3, 4)), InputError);
}

}  // namespace
}  // namespace pg::binary
