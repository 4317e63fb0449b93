// The exact solution against the engine: moves taken back (the retrograde
// analysis' predecessors) against the engine's own move generation; every
// solved position's value against its children's (the fixpoint, which with
// terminal positions at 0 makes every win, loss and distance exact);
// distances against a plain depth-limited search over the engine; the table
// file's round trip. The endgames (material up to 7: every movement class
// up to 4 against 3, and the placement positions where captures left that
// little) are solved once for these tests; the whole game is solved by
// `playground morris solve --verify`, which runs the same fixpoint check.
#include "engine/games/morris/retrograde.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <tuple>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/morris/morris_game.h"
#include "engine/games/morris/perfect_agent.h"
#include "engine/games/morris/position_index.h"
#include "engine/games/morris/solution_testing.h"

namespace pg::morris {
namespace {

const Solution& endgames() { return endgame_solution(); }

// A position from a drawing (O the side to move, seat 0), `placements` made.
Board drawn_board(std::string_view drawing_text, int placements, bool pending = false) {
  Board b = board_from_points(drawing_text);
  b.in_hand = {uint8_t(mover_hand(placements)), uint8_t(other_hand(placements))};
  b.pending_removal = pending;
  return b;
}

// The position a turn-ending action leads to, from its new mover's side: (mine, theirs).
std::pair<uint16_t, uint16_t> after_turn(const Board& b, int action) {
  Board child = b;
  EXPECT_TRUE(child.apply(action));
  return {child.pieces[child.to_move], child.pieces[1 - child.to_move]};
}

TEST(MorrisRetrograde, OutcomeCodesAndOrder) {
  for (const Outcome o : {Outcome::draw(), Outcome::win(1), Outcome::loss(0), Outcome::win(300), Outcome::loss(77)})
    EXPECT_EQ(Outcome::from_code(o.code()), o);
  EXPECT_GT(Outcome::win(3).rank(), Outcome::win(5).rank());
  EXPECT_GT(Outcome::win(99).rank(), Outcome::draw().rank());
  EXPECT_GT(Outcome::draw().rank(), Outcome::loss(99).rank());
  EXPECT_GT(Outcome::loss(9).rank(), Outcome::loss(3).rank());
  EXPECT_EQ(Outcome::loss(4).before(false), Outcome::win(5));
  EXPECT_EQ(Outcome::win(4).before(true), Outcome::win(5));
  EXPECT_EQ(Outcome::draw().before(false), Outcome::draw());
  EXPECT_EQ(Outcome::loss(12).text(), "loss in 12");
}

// Every move that closes no mill, taken back from the position it leads to,
// gives the position it came from, and nothing else is given: on samples of
// 3 against 3 (both fly; 20,000 of its 160,160 positions), 4 against 3 and 5 against 5.
TEST(MorrisRetrograde, PredecessorsAreExactlyTheEnginesMovesTakenBack) {
  for (const auto& [a, b, sample] : {std::tuple{3, 3, 20000}, {4, 3, 3000}, {3, 4, 3000}, {5, 5, 3000}, {5, 4, 3000}}) {
    std::mt19937_64 rng(uint64_t(a * 10 + b));
    const uint64_t size = class_size(a, b);
    const uint64_t n = sample ? uint64_t(sample) : size;
    for (uint64_t k = 0; k < n; ++k) {
      const uint64_t i = sample ? rng() % size : k;
      uint16_t mine = 0, theirs = 0;
      position_from_index(i, a, b, mine, theirs);
      const Board here = canonical_board(10, mine, theirs);
      // Forward: each quiet move's result must list `here` among its predecessors, once.
      here.for_each_legal([&](int action) {
        Board child = here;
        if (!child.apply(action)) return;
        const auto [cm, ct] = after_turn(here, action);
        int found = 0;
        for_each_predecessor(cm, ct, [&](uint16_t pm, uint16_t pt) { found += pm == mine && pt == theirs; });
        ASSERT_EQ(found, 1) << drawing(here) << action_to_string(action);
      });
      // Backward: each predecessor must reach `here` by one quiet move.
      for_each_predecessor(mine, theirs, [&](uint16_t pm, uint16_t pt) {
        const Board earlier = canonical_board(10, pm, pt);
        int found = 0;
        earlier.for_each_legal([&](int action) {
          Board child = earlier;
          if (child.apply(action) && child.pieces[1] == mine && child.pieces[0] == theirs) ++found;
        });
        ASSERT_EQ(found, 1) << drawing(earlier);
      });
    }
  }
}

// The fixpoint: every solved position's value is the best of its actions'
// values as the engine generates them (a terminal position a loss in 0).
// Over every position this makes every value and distance exact, draws
// included (by induction on the distance): the CLI test runs it on every
// endgame position (solve --max-material 7 --verify), `playground morris
// solve --verify` on the whole game; here all of material 6 and a fifth of 7.
TEST(MorrisRetrograde, EverySolvedPositionIsTheBestOfItsMoves) {
  const Solution& s = endgames();
  uint64_t checked = 0;
  for (int h = 0; h <= 10; ++h)
    for (int m = 0; m <= 5; ++m)
      for (int t = 0; t <= 5; ++t) {
        if (!s.stores_class(h, m, t)) continue;
        // Every position of the classes with material 6; every 5th of the others (the debug build's time).
        const Board probe = canonical_board(h, 0, 0);
        const uint64_t stride = m + t + probe.in_hand[0] + probe.in_hand[1] <= 6 ? 1 : 5;
        for (uint64_t i = 0; i < class_size(m, t); i += stride) {
          uint16_t mine = 0, theirs = 0;
          position_from_index(i, m, t, mine, theirs);
          const Board b = canonical_board(h, mine, theirs);
          Outcome best = Outcome::loss(0);
          bool any = false;
          for (const auto& [action, o] : s.action_values(b))
            if (!any || o.rank() > best.rank()) best = o, any = true;
          ASSERT_EQ(s.value(b), best) << "placements " << h << "\n" << drawing(b);
          ++checked;
        }
      }
  EXPECT_GT(checked, s.size() / 5);
}

// A plain search over the engine: can the side to move force the end within `plies`?
struct DepthSearch {
  std::map<std::tuple<uint32_t, uint32_t, int, bool>, bool> memo;
  static uint32_t extra(const Board& b) {
    return uint32_t(b.in_hand[0]) | uint32_t(b.in_hand[1]) << 4 | uint32_t(b.to_move) << 8 |
           uint32_t(b.pending_removal) << 9;
  }
  // The side to move wins within `plies` (true) / loses within `plies` (want_loss).
  bool forced(const Board& b, int plies, bool want_loss) {
    if (!b.pending_removal && b.loser() >= 0) return want_loss;
    if (plies == 0) return false;
    const auto key = std::tuple{b.key(), extra(b) | uint32_t(plies) << 10, 0, want_loss};
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    bool result = want_loss;  // a loss needs every action to lose; a win one action that wins
    b.for_each_legal([&](int action) {
      if (result != want_loss) return;
      Board child = b;
      const bool passed = child.apply(action);
      // The child from its mover's side: after the turn passes, our win is their loss.
      if (want_loss) {
        const bool bad = passed ? forced(child, plies - 1, false) : forced(child, plies - 1, true);
        if (!bad) result = false;
      } else {
        const bool good = passed ? forced(child, plies - 1, true) : forced(child, plies - 1, false);
        if (good) result = true;
      }
    });
    memo[key] = result;
    return result;
  }
};

// Distances against the search: a win in d is forced within d plies and not
// within d - 1; a loss in d cannot be put off beyond d; a draw is forced by
// neither side within the horizon.
void check_against_search(const Solution& s, const Board& b, int horizon) {
  DepthSearch search;
  const Outcome o = s.value(b);
  if (o.result == Outcome::kWin && o.plies <= horizon) {
    EXPECT_TRUE(search.forced(b, o.plies, false)) << o.text() << "\n" << drawing(b);
    EXPECT_FALSE(search.forced(b, o.plies - 1, false)) << o.text() << "\n" << drawing(b);
  } else if (o.result == Outcome::kLoss && o.plies <= horizon) {
    EXPECT_TRUE(search.forced(b, o.plies, true)) << o.text() << "\n" << drawing(b);
    if (o.plies > 0) {
      EXPECT_FALSE(search.forced(b, o.plies - 1, true)) << o.text() << "\n" << drawing(b);
    }
  } else {
    EXPECT_FALSE(search.forced(b, horizon, false)) << o.text() << "\n" << drawing(b);
    EXPECT_FALSE(search.forced(b, horizon, true)) << o.text() << "\n" << drawing(b);
  }
}

TEST(MorrisRetrograde, DistancesAgreeWithADepthLimitedSearch) {
  const Solution& s = endgames();
  std::mt19937_64 rng(7);
  // Movement 4 against 3 and 3 against 3, and placement positions near the
  // end of placement whose captures left material 7 or less: from each class
  // the first random positions that the table calls a win within 5 plies, a
  // loss within 5, and anything else (losses are rare: 0.5% of the table).
  int total_wins = 0, total_losses = 0;
  for (const auto& [h, m, t] :
       {std::tuple{10, 4, 3}, {10, 3, 4}, {10, 3, 3}, {9, 2, 4}, {9, 3, 3}, {8, 2, 3}, {7, 2, 2}}) {
    int wins = 0, losses = 0, others = 0;
    for (int k = 0; k < 50000 && (wins < 8 || losses < 8 || others < 8); ++k) {
      uint16_t mine = 0, theirs = 0;
      position_from_index(rng() % class_size(m, t), m, t, mine, theirs);
      const Board b = canonical_board(h, mine, theirs);
      ASSERT_TRUE(s.covers(b));
      const Outcome o = s.value(b);
      int& count = o.result == Outcome::kDraw || o.plies > 5 ? others : o.result == Outcome::kWin ? wins : losses;
      if (count >= 8) continue;
      ++count;
      check_against_search(s, b, 5);
    }
    EXPECT_EQ(others, 8);
    total_wins += wins;
    total_losses += losses;
  }
  // Some classes have no short wins (3 against 4 to move) or losses (4 against 3): counted over all.
  EXPECT_GE(total_wins, 32);
  EXPECT_GE(total_losses, 16);
}

// Known positions, drawn.
TEST(MorrisRetrograde, ValuesOfDrawnPositions) {
  const Solution& s = endgames();
  // O to move flies c to... any point: O (3 pieces, flying) closes the mill a-b-c at once, then
  // removes an X: X is left with 2. A win in 2 plies.
  EXPECT_EQ(s.value(drawn_board(R"(
O-----O-----.
|     |     |
|  .--.--.  |
|  |     |  |
.--.     .--X
|  |     |  |
|  X--.--X  |
|     |     |
O-----.-----.
)",
                                10)),
            Outcome::win(2));
  // The same with a removal pending: one ply.
  EXPECT_EQ(s.value(drawn_board(R"(
O-----O-----O
|     |     |
|  .--.--.  |
|  |     |  |
.--.     .--X
|  |     |  |
|  X--.--X  |
|     |     |
.-----.-----.
)",
                                10, true)),
            Outcome::win(1));
  // X to move with 2 pieces: lost now.
  Board lost = drawn_board(R"(
O-----O-----O
|     |     |
|  .--.--.  |
|  |     |  |
.--.     .--X
|  |     |  |
|  .--.--X  |
|     |     |
.-----.-----.
)",
                           10);
  lost.to_move = 1;
  EXPECT_EQ(s.value(lost), Outcome::loss(0));
  // Outside the solved endgames: named.
  EXPECT_THROW(s.value(Board::initial()), InputError);
  EXPECT_FALSE(s.covers(Board::initial()));
}

// From real games: every position of random games that the endgames cover
// is valued the same through the generic State interface's moves.
TEST(MorrisRetrograde, PositionsOfRandomGamesAgreeWithTheirMoves) {
  const Solution& s = endgames();
  std::mt19937_64 rng(11);
  int checked = 0;
  for (int game = 0; game < 300; ++game) {
    MorrisState state(Board::initial(), Rules{});
    while (!state.is_terminal()) {
      const Board& b = state.board();
      const std::vector<Action> actions = state.legal_actions();
      if (s.covers(b)) {
        Outcome best;
        bool any = false;
        for (Action a : actions) {
          auto child = state.clone();
          child->apply(a);
          const Board& cb = dynamic_cast<const MorrisState&>(*child).board();
          const Outcome o = s.value(cb).before(cb.to_move == b.to_move);
          if (!any || o.rank() > best.rank()) best = o, any = true;
        }
        ASSERT_EQ(s.value(b), best) << drawing(b);
        ++checked;
      }
      state.apply(actions[rng() % actions.size()]);
    }
  }
  EXPECT_GT(checked, 1000);
}

TEST(MorrisRetrograde, TheFileRoundTripsAndRefusesOthers) {
  const Solution& s = endgames();
  const std::string bytes = s.serialize();
  const Solution back = Solution::deserialize(bytes, "test");
  EXPECT_EQ(back.max_material(), kTestMaterial);
  EXPECT_TRUE(back.codes() == s.codes());
  EXPECT_THROW(Solution::deserialize("hello", "test"), InputError);
  EXPECT_THROW(Solution::deserialize(bytes.substr(0, bytes.size() - 1), "test"), InputError);
  std::string wrong = bytes;
  wrong[4] = 9;
  EXPECT_THROW(Solution::deserialize(wrong, "test"), InputError);
  EXPECT_THROW(Solution::solve(5), InputError);
}

// The shipped table (policies/morris/solution.pgmt, the whole game) is the solver's: on every endgame
// position it agrees with the endgames solved here, and the opening is a draw.
TEST(MorrisRetrograde, TheShippedTableAgreesWithTheSolver) {
  const auto bytes = require_policy_file(kShippedSolution);
  const Solution shipped = Solution::deserialize(*bytes, kShippedSolution);
  EXPECT_EQ(shipped.max_material(), 10);
  EXPECT_EQ(shipped.size(), 16002329u);
  EXPECT_EQ(shipped.value(Board::initial()), Outcome::draw());
  const Solution& s = endgames();
  uint64_t compared = 0;
  for (int h = 0; h < kPlacementStages; ++h)
    for (int m = 0; m <= kPiecesPerSide; ++m)
      for (int t = 0; t <= kPiecesPerSide; ++t) {
        if (!s.stores_class(h, m, t)) continue;
        for (uint64_t i = 0; i < class_size(m, t); ++i) {
          uint16_t mine = 0, theirs = 0;
          position_from_index(i, m, t, mine, theirs);
          const Board b = canonical_board(h, mine, theirs);
          ASSERT_EQ(shipped.value(b), s.value(b)) << drawing(b);
          ++compared;
        }
      }
  EXPECT_EQ(compared, s.size());
}

}  // namespace
}  // namespace pg::morris
