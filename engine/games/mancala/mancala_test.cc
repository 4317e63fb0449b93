// Kalah rules, one test per rule, boards drawn as `to_text` prints them:
// player 1's pits along the top (right to left, i.e. holes 12..7), player 1's
// store on the left, player 0's store on the right, player 0's pits along the
// bottom (holes 0..5). Pit names "1".."6" count from the mover's left.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/features.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/heuristic_agent.h"
#include "engine/games/mancala/mancala_game.h"
#include "engine/games/mancala/test_boards.h"
#include "engine/nn/policy_builder.h"
#include "engine/nn/policy_file.h"

namespace pg::mancala {
namespace {

TEST(MancalaRules, InitialBoardHasFourStonesInEachPitAndEmptyStores) {
  const Board b = Board::initial(kStandard);
  EXPECT_EQ(to_text(b),
            "       4   4   4   4   4   4\n"
            "   0                           0\n"
            "       4   4   4   4   4   4\n"
            "Player 0 to move\n");
  EXPECT_EQ(b.legal_mask(), 0b111111u);
  EXPECT_EQ(kStandard.total_stones(), 48);
}

TEST(MancalaRules, SixStonesPerPitOption) {
  const Board b = Board::initial(rules_from_options({{"stones_per_pit", 6}}));
  EXPECT_EQ(b.pit(0, 0), 6);
  EXPECT_EQ(b.pit(1, 5), 6);
}

// Player 0 plays pit 2 (hole 1, 4 stones): one stone each into holes 2, 3, 4, 5.
TEST(MancalaRules, SowingPutsOneStoneInEachFollowingPit) {
  Board b = Board::initial(kStandard);
  std::vector<int> path;
  const MoveReport r = b.sow(1, kStandard, &path);
  EXPECT_EQ(path, (std::vector<int>{2, 3, 4, 5}));
  EXPECT_EQ(r.last_hole, 5);
  EXPECT_FALSE(r.extra_turn);
  EXPECT_EQ(b.holes, (std::array<uint8_t, kNumHoles>{4, 0, 5, 5, 5, 5, 0, 4, 4, 4, 4, 4, 4, 0}));
  EXPECT_EQ(b.to_move, 1);
}

//       0   0   0   0   0   0
//   0                           0
//       0   0   0   0   0  10        player 0 sows 10 stones from pit 6:
// store 6, then holes 7..12 (player 1's pits), then skips store 13, then 0, 1, 2.
TEST(MancalaRules, SowingSkipsTheOpponentsStore) {
  Board b = make_board({0, 0, 0, 0, 0, 10, 0, 1, 0, 0, 0, 0, 0, 0}, 0);
  std::vector<int> path;
  b.sow(5, kStandard, &path);
  EXPECT_EQ(path, (std::vector<int>{6, 7, 8, 9, 10, 11, 12, 0, 1, 2}));
  EXPECT_EQ(b.store(1), 0);
}

// Player 0's pit 3 holds 4 stones: they reach exactly the store.
TEST(MancalaRules, LastStoneInOwnStoreGivesAnExtraTurn) {
  Board b = Board::initial(kStandard);
  const MoveReport r = b.sow(2, kStandard);
  EXPECT_TRUE(r.extra_turn);
  EXPECT_EQ(r.last_hole, store_of(0));
  EXPECT_EQ(b.to_move, 0);
  EXPECT_EQ(b.store(0), 1);
}

TEST(MancalaRules, ExtraTurnsChainWithoutLimit) {
  // Pits 6, 5, 4 hold 1, 2, 3: each lands in the store in turn.
  Board b = make_board({0, 0, 0, 3, 2, 1, 0, 4, 4, 4, 4, 4, 4, 0}, 0);
  EXPECT_TRUE(b.sow(5, kStandard).extra_turn);
  EXPECT_TRUE(b.sow(4, kStandard).extra_turn);
  EXPECT_TRUE(b.sow(3, kStandard).extra_turn);
  EXPECT_EQ(b.to_move, 0);
  // The longest chain refills pit 6 along the way: 6, 5, 6, 4, 6.
  EXPECT_EQ(HeuristicAgent::longest_chain(make_board({0, 0, 0, 3, 2, 1, 0, 4, 4, 4, 4, 4, 4, 0}, 0), kStandard), 5);
}

// Player 1 sows into its own store (13) and skips player 0's store (6);
// its last stone lands in its empty pit 7 and captures hole 5 (1 + 1 stones).
TEST(MancalaRules, PlayerOneSkipsPlayerZerosStoreAndSowsIntoItsOwn) {
  Board b = make_board({1, 1, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 8, 0}, 1);
  std::vector<int> path;
  const MoveReport r = b.sow(5, kStandard, &path);  // pit "6" of player 1 is hole 12
  EXPECT_EQ(path, (std::vector<int>{13, 0, 1, 2, 3, 4, 5, 7}));
  EXPECT_EQ(b.store(0), 0);
  EXPECT_EQ(r.capture_pit, 7);
  EXPECT_EQ(b.store(1), 1 + 3);
}

//       4   4   4   4   4   4        player 0 plays pit 1 (1 stone) into the
//   0                           0    empty pit 2; the opposite pit (hole 10)
//       1   0   4   4   4   4        holds 4: 4 + 1 stones go to player 0's store.
TEST(MancalaRules, LastStoneInOwnEmptyPitCapturesTheOppositePit) {
  Board b = make_board({1, 0, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0}, 0);
  const MoveReport r = b.sow(0, kStandard);
  EXPECT_EQ(r.capture_pit, 1);
  EXPECT_EQ(r.captured, 5);
  EXPECT_EQ(b.store(0), 5);
  EXPECT_EQ(b.holes[1], 0);
  EXPECT_EQ(b.holes[opposite_pit(1)], 0);
  EXPECT_EQ(opposite_pit(1), 11);
  EXPECT_EQ(b.to_move, 1);
}

TEST(MancalaRules, NoCaptureWhenTheOppositePitIsEmpty) {
  Board b = make_board({1, 0, 4, 4, 4, 4, 0, 4, 4, 4, 4, 0, 4, 0}, 0);
  const MoveReport r = b.sow(0, kStandard);
  EXPECT_EQ(r.capture_pit, -1);
  EXPECT_EQ(b.holes[1], 1);
  EXPECT_EQ(b.store(0), 0);
}

TEST(MancalaRules, CaptureEmptyOppositeOptionTakesTheLoneStone) {
  const Rules rules = rules_from_options({{"capture_empty_opposite", true}});
  Board b = make_board({1, 0, 4, 4, 4, 4, 0, 4, 4, 4, 4, 0, 4, 0}, 0);
  const MoveReport r = b.sow(0, rules);
  EXPECT_EQ(r.capture_pit, 1);
  EXPECT_EQ(r.captured, 1);
  EXPECT_EQ(b.store(0), 1);
  EXPECT_EQ(b.holes[1], 0);
}

TEST(MancalaRules, NoCaptureInAnEmptyPitOnTheOpponentsSide) {
  // 2 stones from pit 6: store, then hole 7 (empty, player 1's).
  Board b = make_board({4, 4, 4, 4, 4, 2, 0, 0, 4, 4, 4, 4, 4, 0}, 0);
  const MoveReport r = b.sow(5, kStandard);
  EXPECT_EQ(r.last_hole, 7);
  EXPECT_EQ(r.capture_pit, -1);
  EXPECT_EQ(b.holes[7], 1);
  EXPECT_EQ(b.holes[5], 0);
}

// 13 stones make one whole lap: the last lands back in the emptied pit,
// which was empty, so it captures (standard Kalah).
TEST(MancalaRules, AWholeLapEndsInTheEmptiedPitAndCaptures) {
  Board b = make_board({13, 0, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 3, 0}, 0);
  std::vector<int> path;
  const MoveReport r = b.sow(0, kStandard, &path);
  EXPECT_EQ(path.size(), 13u);
  EXPECT_EQ(r.last_hole, 0);
  EXPECT_EQ(r.capture_pit, 0);
  EXPECT_EQ(r.captured, 1 + 4);  // the last stone and the opposite pit (3 + 1 sown)
}

TEST(MancalaRules, FastLapsGiveTheSameBoardAsSowingStoneByStone) {
  Rng rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    Board b;
    for (auto& h : b.holes) h = uint8_t(rng.below(30));
    b.holes[6] = b.holes[13] = 0;
    b.to_move = uint8_t(rng.below(2));
    const uint32_t mask = b.legal_mask();
    if (!mask) continue;
    int pit = int(rng.below(6));
    while (!(mask & (1u << pit))) pit = (pit + 1) % 6;
    Board fast = b, slow = b;
    std::vector<int> path;
    const MoveReport rf = fast.sow(pit, kStandard);
    const MoveReport rs = slow.sow(pit, kStandard, &path);
    ASSERT_EQ(fast, slow) << "trial " << trial;
    ASSERT_EQ(rf.last_hole, rs.last_hole);
    ASSERT_EQ(rf.captured, rs.captured);
  }
}

//       0   0   0   0   0   0        player 1's side is empty after player 0's
//  20                          20    move: the game ends and player 0's
//       0   0   0   0   7   1        remaining stones go to player 0's store.
TEST(MancalaRules, GameEndsWhenEitherSideIsEmptyAndRemainingStonesAreSwept) {
  Board b = make_board({0, 0, 0, 0, 7, 1, 19, 0, 0, 0, 0, 0, 1, 20}, 1);
  const MoveReport r = b.sow(5, kStandard);  // player 1's last stone into its store
  EXPECT_TRUE(r.ended);
  EXPECT_TRUE(b.done);
  EXPECT_EQ(r.swept, (std::array<int, 2>{8, 0}));
  EXPECT_EQ(b.store(0), 27);
  EXPECT_EQ(b.store(1), 21);
  EXPECT_EQ(b.outcome(), 1);
  EXPECT_EQ(b.legal_mask(), 0u);
}

TEST(MancalaRules, WithoutSweepOnlyTheStoresCount) {
  const Rules rules = rules_from_options({{"sweep_remaining", false}});
  Board b = make_board({0, 0, 0, 0, 7, 1, 19, 0, 0, 0, 0, 0, 1, 20}, 1);
  b.sow(5, rules);
  EXPECT_TRUE(b.done);
  EXPECT_EQ(b.store(0), 19);
  EXPECT_EQ(b.store(1), 21);
  EXPECT_EQ(b.outcome(), -1);
}

TEST(MancalaRules, EqualStoresAreADraw) {
  Board b = make_board({0, 0, 0, 0, 0, 1, 23, 0, 0, 0, 0, 0, 0, 24}, 0);
  b.sow(5, kStandard);
  EXPECT_TRUE(b.done);
  EXPECT_EQ(b.outcome(), 0);
}

TEST(MancalaRules, EarlyEndOptionEndsOnceAStoreHoldsMoreThanHalf) {
  const Rules rules = rules_from_options({{"early_end", true}});
  Board b = make_board({0, 0, 0, 0, 0, 1, 24, 4, 4, 4, 4, 4, 3, 0}, 0);
  Board standard = b;
  b.sow(5, rules);
  EXPECT_TRUE(b.done);
  EXPECT_EQ(b.store(0), 25 + 0);
  standard.sow(5, kStandard);  // player 0's side is now empty: ends anyway, with the sweep
  EXPECT_TRUE(standard.done);
  Board c = make_board({0, 0, 0, 0, 1, 1, 24, 4, 4, 4, 4, 4, 2, 0}, 0);
  Board c_standard = c;
  c.sow(5, rules);
  c_standard.sow(5, kStandard);
  EXPECT_TRUE(c.done);
  EXPECT_FALSE(c_standard.done);
}

TEST(MancalaRules, EndOnlyWhenMoverEmptyOptionPlaysOnWhileTheMoverHasStones) {
  const Rules rules = rules_from_options({{"end_only_when_mover_empty", true}, {"sweep_remaining", false}});
  // Player 0's move empties its side and hands the turn to player 1, who still
  // has stones: the report plays on; standard Kalah ends the game.
  Board b = make_board({0, 0, 0, 0, 0, 2, 10, 3, 3, 3, 3, 3, 3, 10}, 0);
  b.sow(5, rules);  // stones to the store and hole 7: player 1 to move, has stones
  EXPECT_FALSE(b.done);
  EXPECT_EQ(b.to_move, 1);
  Board standard = make_board({0, 0, 0, 0, 0, 2, 10, 3, 3, 3, 3, 3, 3, 10}, 0);
  standard.sow(5, kStandard);
  EXPECT_TRUE(standard.done);
}

TEST(MancalaGame, StateJsonHoldsTheBoardInSowingOrderToMoveAndDone) {
  const auto game = make_game("mancala");
  auto s = game->initial_state(1);
  s->apply(s->parse_action("3"));  // extra turn
  EXPECT_EQ(s->to_json().dump(), R"({"board":[4,4,0,5,5,5,1,4,4,4,4,4,4,0],"to_move":0,"done":false})");
  s->apply(s->parse_action("1"));
  EXPECT_EQ(s->current_player(), 1);
  // Player 1's pit "1" is hole 7, the one farthest from its store.
  EXPECT_EQ(s->legal_actions(), (std::vector<Action>{0, 1, 2, 3, 4, 5}));
  s->apply(s->parse_action("1"));
  EXPECT_EQ(s->to_json()["board"][7], 0);
  EXPECT_EQ(game->state_from_json(s->to_json())->to_json(), s->to_json());
}

TEST(MancalaGame, ActionsAreNamedOneToSixAndIllegalNamesAreRejected) {
  const auto game = make_game("mancala");
  auto s = game->initial_state(1);
  EXPECT_EQ(s->action_name(0), "1");
  EXPECT_EQ(s->action_name(5), "6");
  EXPECT_THROW(s->parse_action("7"), InputError);
  EXPECT_THROW(s->parse_action("0"), InputError);
  s->apply(0);
  s->apply(0);  // player 1 empties its pit 1
  s->apply(1);
  try {
    s->parse_action("1");  // player 0's pit 1 is empty now
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("not a legal action"), std::string::npos);
  }
}

TEST(MancalaGame, RewardsArePlusMinusOneAtTheEndOnly) {
  const auto game = make_game("mancala");
  auto s = game->state_from_json(Json::parse(R"({"board":[0,0,0,0,0,1,30,1,0,0,0,0,0,16],"to_move":0,"done":false})"));
  auto fast = s->clone();
  const Transition t = s->apply_with_details(5);
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(t.rewards, (std::vector<double>{1.0, -1.0}));
  const Rewards r = fast->apply(5);
  EXPECT_EQ(r[0], 1.0);
  EXPECT_EQ(r[1], -1.0);
  auto s2 = game->initial_state(1);
  EXPECT_EQ(s2->apply_with_details(0).rewards, (std::vector<double>{0.0, 0.0}));
}

TEST(MancalaGame, BadOptionsAndStatesAreRejectedWithTheirName) {
  auto message = [](auto&& f) {
    try {
      f();
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message([] { make_game("mancala", {{"stones", 4}}); }).rfind("option 'stones': unknown option", 0), 0u);
  EXPECT_EQ(message([] { make_game("mancala", {{"stones_per_pit", 11}}); }).rfind("option 'stones_per_pit'", 0), 0u);
  EXPECT_EQ(message([] { make_game("mancala", {{"early_end", "yes"}}); }).rfind("option 'early_end'", 0), 0u);
  const auto game = make_game("mancala");
  EXPECT_EQ(message([&] { game->state_from_json(Json::parse(R"({"board":[1,2]})")); }).rfind("state.board", 0), 0u);
  EXPECT_EQ(message([&] {
              game->state_from_json(Json::parse(R"({"board":[4,4,4,4,4,4,0,4,4,4,4,4,4,0],"to_move":2,"done":false})"));
            }).rfind("state.to_move", 0),
            0u);
  EXPECT_EQ(message([] { make_game("chess"); }).rfind("game 'chess': unknown game", 0), 0u);
}

// --- agents -------------------------------------------------------------

// Minimax without pruning, as the definition of the greedy score.
int plain_minimax(const Board& b, const Rules& rules, int depth) {
  if (b.done) return kWinScore * b.outcome();
  if (depth == 0) return b.store(0) - b.store(1);
  int best = b.to_move == 0 ? -1000000 : 1000000;
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(b.legal_mask() & (1u << i))) continue;
    Board c = b;
    c.sow(i, rules);
    const int v = plain_minimax(c, rules, depth - 1);
    best = b.to_move == 0 ? std::max(best, v) : std::min(best, v);
  }
  return best;
}

TEST(GreedyAgent, RootScoresEqualMinimaxWithoutPruning) {
  Rng rng(3);
  for (int game = 0; game < 30; ++game) {
    Board b = Board::initial(kStandard);
    while (!b.done) {
      for (int depth = 1; depth <= 4; ++depth) {
        const auto r = GreedyAgent::score_moves(b, kStandard, depth);
        const int sign = b.to_move == 0 ? 1 : -1;
        for (int i = 0; i < kPitsPerSide; ++i) {
          if (!(r.legal & (1u << i))) continue;
          Board c = b;
          c.sow(i, kStandard);
          ASSERT_EQ(r.score[size_t(i)], sign * plain_minimax(c, kStandard, depth - 1));
        }
      }
      const uint32_t mask = b.legal_mask();
      int pit = int(rng.below(6));
      while (!(mask & (1u << pit))) pit = (pit + 1) % 6;
      b.sow(pit, kStandard);
    }
  }
}

TEST(GreedyAgent, DepthOnePicksTheBiggestImmediateStoreGainAndSharesTies) {
  const auto game = make_game("mancala");
  auto s = game->initial_state(1);
  auto agent = game->make_agent("greedy:1");
  Rng rng(1);
  const Decision d = agent->decide(*s, rng);
  // From the start pits 3..6 put a stone in the store (+1); pits 1 and 2 do not.
  EXPECT_EQ(d.scores, (std::vector<double>{0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(d.probabilities, (std::vector<double>{0, 0, 0.25, 0.25, 0.25, 0.25}));
  EXPECT_GE(d.chosen, 2);
}

TEST(GreedyAgent, TiesAreBrokenAtRandomAcrossSeeds) {
  const auto game = make_game("mancala");
  auto s = game->initial_state(1);
  auto agent = game->make_agent("greedy:1");
  std::set<Action> chosen;
  for (uint64_t seed = 0; seed < 64; ++seed) {
    Rng rng(seed);
    chosen.insert(agent->decide(*s, rng).chosen);
  }
  EXPECT_EQ(chosen, (std::set<Action>{2, 3, 4, 5}));
}

TEST(GreedyAgent, PrefersAWinningMoveOverAnyStoreGain) {
  // Player 0's pit 4 (1 stone) lands in empty pit 5 and captures player 1's
  // last stones: player 1's side is empty, the game ends and player 0 wins
  // 26-22 after the sweep (+99999). Pit 1 (10 stones) only gains a stone.
  const auto game = make_game("mancala");
  auto s = game->state_from_json(Json::parse(R"({"board":[10,0,0,1,0,0,10,0,5,0,0,0,0,22],"to_move":0,"done":false})"));
  auto agent = game->make_agent("greedy:3");
  Rng rng(1);
  const Decision d = agent->decide(*s, rng);
  EXPECT_EQ(d.chosen, 3);
  EXPECT_EQ(d.scores.back(), kWinScore);
}

TEST(GreedyAgent, SpecsAreValidated) {
  const auto game = make_game("mancala");
  EXPECT_EQ(game->make_agent("greedy:5")->spec(), "greedy:5");
  EXPECT_EQ(game->make_agent("greedy")->spec(), "greedy:1");
  EXPECT_THROW(game->make_agent("greedy:6"), InputError);
  EXPECT_THROW(game->make_agent("greedy:x"), InputError);
  EXPECT_EQ(game->make_agent("minimax"), nullptr);
}

TEST(HeuristicAgent, FollowsTheReportsThreeRulesInOrder) {
  const auto game = make_game("mancala");
  auto agent = game->make_agent("heuristic");
  Rng rng(1);
  // Rule 1: from the start only pit 3 gives an extra turn (a chain of 1).
  auto s = game->initial_state(1);
  Decision d = agent->decide(*s, rng);
  EXPECT_EQ(d.chosen, 2);
  EXPECT_EQ(d.probabilities[2], 1.0);
  // Rule 2: no extra turn; pit 1 captures 5 (gain 5) while others gain at most 1.
  s = game->state_from_json(Json::parse(R"({"board":[1,0,5,5,5,5,0,4,4,4,4,4,4,0],"to_move":0,"done":false})"));
  d = agent->decide(*s, rng);
  EXPECT_EQ(d.chosen, 0);
  // Rule 3: nothing gains: the legal pit nearest the store.
  s = game->state_from_json(Json::parse(R"({"board":[2,3,0,0,0,0,0,4,0,4,0,4,4,0],"to_move":0,"done":false})"));
  d = agent->decide(*s, rng);
  EXPECT_EQ(d.chosen, 1);
}

}  // namespace
}  // namespace pg::mancala

namespace pg::mancala {
namespace {

TEST(MancalaNetwork, TheTensorIsTheFeatureVectorFromTheMoversSide) {
  auto state = make_game("mancala", Json::object())->initial_state(1);
  for (Action a : {2, 0, 5}) {
    const State::ObservationTensor t = state->observation_tensor();
    EXPECT_EQ(t.encoding, kHolesEncoding);
    EXPECT_EQ(t.shape, std::vector<int>{kNumHoles});
    std::vector<float> values(t.size(), -1.0f);
    state->fill_observation(values);
    EXPECT_EQ(values, state->observation());
    state->apply(a);
  }
}

TEST(MancalaNetwork, TheReportsFeaturesAreASourceEncodingOfTheFortyFeaturesOfThePosition) {
  auto state = make_game("mancala", Json::object())->initial_state(1);
  for (Action a : {2, 0, 5}) {
    const auto sources = state->source_encodings();
    ASSERT_EQ(sources.size(), 1u);
    EXPECT_EQ(sources[0].encoding, kReportFeaturesEncoding);
    EXPECT_EQ(sources[0].shape, std::vector<int>{kNumFeatures});
    std::vector<float> values(sources[0].size(), -1.0f);
    state->fill_source_encoding(0, values);
    const auto& m = dynamic_cast<const MancalaState&>(*state);
    const Features phi = features(m.board(), m.rules(), FeatureRules{});
    for (size_t i = 0; i < values.size(); ++i) EXPECT_FLOAT_EQ(values[i], float(phi[i])) << feature_names()[i];
    EXPECT_EQ(values[kPlayerFeature], float(m.board().to_move));  // the block and flag follow the mover
    EXPECT_EQ(values[kConstFeature], 1.0f);
    state->apply(a);
  }
}

// A one-layer policy network whose logits prefer the pit furthest from the store: played by "network" as the
// policy says at temperature 1, greedily at 0.
TEST(MancalaNetwork, TheNetworkAgentPlaysAPolicyNetworkFromItsFile) {
  std::vector<float> weight(size_t(kPitsPerSide * kNumHoles), 0.0f);
  const std::vector<float> bias = {5, 4, 3, 2, 1, 0};
  nn::PolicyBuilder b("mancala", "policy-network", {kHolesEncoding, nn::Shape{kNumHoles}},
                      {"1", "2", "3", "4", "5", "6"});
  b.dense("logits", kPitsPerSide, weight, bias);
  const auto shipped = find_policy_file(kNetworkPolicyFile);  // put back at the end, for the tests that read it
  provide_policy_file(kNetworkPolicyFile, nn::write_policy(b.build()));
  auto game = make_game("mancala", Json::object());
  auto state = game->initial_state(1);
  Rng rng(3);
  const Decision greedy = make_agent(*game, "network")->decide(*state, rng);
  EXPECT_EQ(greedy.chosen, 0);
  const Decision soft = make_agent(*game, "network:1")->decide(*state, rng);
  double z = 0;
  for (float v : bias) z += std::exp(double(v));
  for (size_t i = 0; i < soft.actions.size(); ++i)
    EXPECT_NEAR(soft.probabilities[i], std::exp(double(bias[size_t(soft.actions[i])])) / z, 1e-9);
  EXPECT_FALSE(soft.value.has_value());
  if (shipped) provide_policy_file(kNetworkPolicyFile, shipped);
}

}  // namespace
}  // namespace pg::mancala
