// The project's smart (tables) and genius (networks) agents on drawn positions
// where the right choice is clear. Boards as 16 points a..p ('O' seat 0, 'X'
// seat 1, '.' empty), in reading order:
//   a b c / d e f / g h i j / k l m / n o p
#include "engine/games/morris/project_agents.h"

#include <gtest/gtest.h>

#include "engine/games/morris/morris_game.h"
#include "engine/games/morris/position_testing.h"
#include "engine/nn/reference_nets.h"

namespace pg::morris {
namespace {

// The tables' key of the board after `action`, seen from the side that took it.
uint32_t after_key(const MorrisState& s, const std::string& action) {
  Board b = s.board();
  b.apply(s.parse_action(action));
  return stage_key(sides_of(b, s.board().to_move));
}

std::string choice(Agent& agent, const MorrisState& s) {
  Rng rng(1);
  return s.action_name(agent.decide(s, rng).chosen);
}

// O on b h k p, X on d j l n; O to move: b-a, b-c, b-e, h-g or p-o, none closing or blocking a mill.
constexpr const char* kQuiet = ".O.X...O.XOX.X.O";

TEST(SmartAgent, PlaysTheBoardTheTablesValueMost) {
  const MorrisState s = position(kQuiet, 20);
  StageTableBuilder b;
  b.add(kStageNoFly, after_key(s, "move:b-c"), 40);
  b.add(kStageNoFly, after_key(s, "move:p-o"), 70);
  SmartAgent smart(std::make_shared<const StageTables>(b));
  EXPECT_EQ(choice(smart, s), "move:p-o");
  // Boards the tables never saw are worth -1 in movement: all equal, the first in action order.
  SmartAgent blind(std::make_shared<const StageTables>());
  EXPECT_EQ(choice(blind, s), "move:b-a");
  // As seat 1 it reads the tables with the colours swapped: the same choice, mirrored.
  const MorrisState mirrored = position(".X.O...X.OXO.O.X", 21);
  EXPECT_EQ(after_key(mirrored, "move:p-o"), after_key(s, "move:p-o"));
  EXPECT_EQ(choice(smart, mirrored), "move:p-o");
}

// O on a b h j, X on d l n o: j-c closes the mill abc (+200), p is where X would close nop (j-p blocks, +100).
constexpr const char* kMillOrBlock = "OO.X...O.O.X.XX.";

TEST(SmartAgent, ClosesAMillBeforeBlockingOneAndBlocksBeforeTheTables) {
  const MorrisState s = position(kMillOrBlock, 20);
  StageTableBuilder b;
  b.add(kStageNoFly, after_key(s, "move:j-p"), 90);
  b.add(kStageNoFly, after_key(s, "move:h-g"), 99);
  SmartAgent smart(std::make_shared<const StageTables>(b));
  EXPECT_EQ(choice(smart, s), "move:j-c");  // 200 - 1 against 100 + 90 and 99
  // Without the mill (X on c), the block: 100 + 90 against 99.
  const MorrisState no_mill = position("OOXX...O.O.X.XX.", 20);
  StageTableBuilder b2;
  b2.add(kStageNoFly, after_key(no_mill, "move:j-p"), 90);
  b2.add(kStageNoFly, after_key(no_mill, "move:h-g"), 99);
  EXPECT_EQ(choice(*std::make_unique<SmartAgent>(std::make_shared<const StageTables>(b2)), no_mill), "move:j-p");
}

TEST(SmartAgent, RemovesThePieceWhoseBoardTheTablesValueMost) {
  // O closed abc; X on d j l n (none in a mill); O to remove.
  const MorrisState s = position("OOOX.....X.X.X..", 20, true);
  StageTableBuilder b;
  // O has 3 on the board and X 3 after the removal: the all_fly table.
  b.add(kStageAllFly, after_key(s, "remove:l"), 30);
  b.add(kStageAllFly, after_key(s, "remove:j"), 20);
  SmartAgent smart(std::make_shared<const StageTables>(b));
  EXPECT_EQ(choice(smart, s), "remove:l");
}

std::array<std::shared_ptr<const nn::Network>, kNumStages> reference_networks() {
  std::array<std::shared_ptr<const nn::Network>, kNumStages> nets;
  for (int i = 0; i < kNumStages; ++i)
    nets[size_t(i)] = std::make_shared<const nn::Network>(nn::morris_project_net(uint64_t(10 + i)));
  return nets;
}

TEST(GeniusAgent, ClosesAMillAndBlocksOneWhateverTheNetworksSay) {
  GeniusAgent genius(reference_networks());  // random weights: values of a few units, the bonuses dominate
  EXPECT_EQ(choice(genius, position(kMillOrBlock, 20)), "move:j-c");
  EXPECT_EQ(choice(genius, position("OOXX...O.O.X.XX.", 20)), "move:j-p");
  // In placement: X on d e threatens def; O (a b placed) closes abc at c rather than block at f.
  EXPECT_EQ(choice(genius, position("OO.XX...........", 4)), "place:c");
  EXPECT_EQ(choice(genius, position("O..XX..........O", 4)), "place:f");
}

TEST(GeniusAgent, ScoresAreTheNetworksValuesOfTheBoardsAfter) {
  const auto nets = reference_networks();
  GeniusAgent genius(nets);
  const MorrisState s = position(kQuiet, 20);
  Rng rng(1);
  const Decision d = genius.decide(s, rng);
  nn::Network net = *nets[kStageNoFly];
  const auto legal = s.legal_actions();
  ASSERT_EQ(d.scores.size(), legal.size());
  for (size_t i = 0; i < legal.size(); ++i) {
    Board b = s.board();
    b.apply(legal[i]);
    encode_board(sides_of(b, 0), net.input());
    EXPECT_FLOAT_EQ(float(d.scores[i]), net.forward()[0]) << s.action_name(legal[i]);
  }
}

}  // namespace
}  // namespace pg::morris
