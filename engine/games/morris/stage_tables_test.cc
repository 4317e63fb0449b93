// The project's stage tables: the discount rule on a hand-made game, the running
// mean, the stage of a board, deterministic generation, the file's round trip
// and its refusals.
#include "engine/games/morris/stage_tables.h"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/core/error.h"
#include "engine/games/morris/stage_simulation.h"
#include "engine/nn/policy_file.h"

namespace pg::morris {
namespace {

uint32_t board_key(std::string_view points) { return board_from_points(points).key(); }
uint32_t table_key(std::string_view points) { return stage_key(sides_of(board_from_points(points), 0)); }

TEST(StageTables, KeysAreTheProjectsStringsInBase3) {
  const SidePieces s = sides_of(board_from_points("O..X............"), 0);
  EXPECT_EQ(stage_key_string(s), "O--X------------");
  EXPECT_EQ(stage_key(s), 1u + 2u * 27u);
  const SidePieces back = pieces_from_stage_key(stage_key(s));
  EXPECT_EQ(back.agent, s.agent);
  EXPECT_EQ(back.player, s.player);
  EXPECT_EQ(stage_key(pieces_from_stage_key(kNumStageKeys - 1)), kNumStageKeys - 1);
}

TEST(StageTables, TheStageFollowsThePiecesOnTheBoard) {
  EXPECT_EQ(stage_of(sides_of(board_from_points("OOOO.XXXX......."), 0), true), kStagePlace);
  EXPECT_EQ(stage_of(sides_of(board_from_points("OOOO.XXXX......."), 0), false), kStageNoFly);
  EXPECT_EQ(stage_of(sides_of(board_from_points("OOO..XXXX......."), 0), false), kStageAgentFly);
  EXPECT_EQ(stage_of(sides_of(board_from_points("OOOO.XXX........"), 0), false), kStagePlayerFly);
  EXPECT_EQ(stage_of(sides_of(board_from_points("OO...XXX........"), 0), false), kStageAllFly);
  // Seen from seat 1, its pieces are the agent's.
  EXPECT_EQ(stage_of(sides_of(board_from_points("OOO..XXXX......."), 1), false), kStagePlayerFly);
}

// A game of 3 placement boards and 2 movement boards, won by seat 0: the last board scores 100, the one before
// 90; the placement boards continue from the first movement board one step further (the project's exponent
// i + save_i + 1 with save_i = 1): 81, 72.9, 65.61.
TEST(StageTables, ScoresAreDiscountedBy09PerBoardGoingBack) {
  RecordedGame g;
  g.placement_boards = {board_key("O..............."), board_key("O..X............"), board_key("OO.X............")};
  g.movement_boards = {board_key("OOOO.XXXX......."), board_key("OOOO..XXX......X")};
  g.grade = 100;
  StageTableBuilder t;
  record_game(g, t);
  EXPECT_DOUBLE_EQ(*t.find(kStageNoFly, table_key("OOOO..XXX......X")), 100);
  EXPECT_DOUBLE_EQ(*t.find(kStageNoFly, table_key("OOOO.XXXX.......")), 90);
  EXPECT_NEAR(*t.find(kStagePlace, table_key("OO.X............")), 81, 1e-9);
  EXPECT_NEAR(*t.find(kStagePlace, table_key("O..X............")), 72.9, 1e-9);
  EXPECT_NEAR(*t.find(kStagePlace, table_key("O...............")), 65.61, 1e-9);
  EXPECT_FALSE(t.find(kStageNoFly, table_key("O...............")).has_value());
  // A draw scores 50, and the tables keep the running mean of every score a board received.
  g.grade = 50;
  record_game(g, t);
  EXPECT_DOUBLE_EQ(*t.find(kStageNoFly, table_key("OOOO..XXX......X")), 75);
  EXPECT_EQ(t.table(kStageNoFly).at(table_key("OOOO..XXX......X")).count, 2u);
  // Without movement boards the last placement board is one step back already (save_i = 0).
  RecordedGame short_game;
  short_game.placement_boards = {board_key("..O.............")};
  short_game.grade = 100;
  record_game(short_game, t);
  EXPECT_NEAR(*t.find(kStagePlace, table_key("..O.............")), 90, 1e-9);
}

TEST(StageTables, AGameRecordsEveryBoardOfBothSidesAndItsGrade) {
  StageTableBuilder empty;
  Rng rng(5);
  const RecordedGame g = play_recorded_game(SimPlayer::kRandom, SimPlayer::kRandom, empty, Rules{}, rng);
  // 10 placements, plus the removals made during placement.
  EXPECT_GE(g.placement_boards.size(), 10u);
  EXPECT_LE(g.placement_boards.size(), 14u);
  EXPECT_TRUE(g.grade == 0 || g.grade == 50 || g.grade == 100);
}

TEST(StageTables, GenerationIsDeterministicFromTheSeed) {
  auto generate = [](uint64_t seed) {
    StageTableBuilder b;
    simulate_runs(project_runs(40), seed, Rules{}, b);
    return StageTables(b).serialize(Json::object(), Json::object());
  };
  const std::string a = generate(7);
  EXPECT_EQ(a, generate(7));
  EXPECT_NE(a, generate(8));
  const StageTables back = StageTables::deserialize(a, "tables");
  StageTableBuilder b;
  simulate_runs(project_runs(40), 7, Rules{}, b);
  for (int s = 0; s < kNumStages; ++s) {
    EXPECT_EQ(back.size(s), b.size(s));
    for (const auto& [key, e] : b.table(s)) EXPECT_FLOAT_EQ(float(*back.find(s, key)), float(e.mean));
  }
  EXPECT_GT(back.size(kStagePlace), 100u);
}

// A file with one stage changed by `edit`, then read back.
void expect_refused(const std::function<void(nn::Policy&)>& edit, const std::string& message) {
  StageTableBuilder b;
  b.add(kStageNoFly, 5, 40);
  b.add(kStageNoFly, 9, 60);
  nn::Policy p = nn::read_policy(StageTables(b).serialize(Json::object(), Json::object()));
  edit(p);
  try {
    StageTables::deserialize(nn::write_policy(p), "bad.policy");
    ADD_FAILURE() << "accepted; expected: " << message;
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad.policy"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
  }
}

nn::Tensor& tensor(nn::Policy& p, const std::string& name) {
  for (auto& t : p.tensors)
    if (t.name == name) return t;
  throw std::logic_error("no tensor " + name);
}

TEST(StageTables, MalformedFilesAreRefusedNamingTheProblem) {
  const nn::Shape two{2};
  expect_refused(
      [&](nn::Policy& p) {
        tensor(p, "no_fly.keys") =
            nn::Tensor::from_ints("no_fly.keys", nn::DType::kInt32, two, std::vector<int64_t>{9, 5});
      },
      "no_fly[1] (key 5, mean 60.000000, count 1): the keys must increase");
  expect_refused(
      [&](nn::Policy& p) {
        tensor(p, "no_fly.keys") =
            nn::Tensor::from_ints("no_fly.keys", nn::DType::kInt32, two, std::vector<int64_t>{5, 43046721});
      },
      "no_fly[1] (key 43046721, mean 60.000000, count 1): key out of range");
  expect_refused(
      [&](nn::Policy& p) {
        tensor(p, "no_fly.means") = nn::Tensor::from_floats("no_fly.means", two, std::vector<float>{40, 101});
      },
      "no_fly[1] (key 9, mean 101.000000, count 1): mean outside 0..100");
  expect_refused(
      [&](nn::Policy& p) {
        tensor(p, "no_fly.counts") =
            nn::Tensor::from_ints("no_fly.counts", nn::DType::kInt32, two, std::vector<int64_t>{0, 1});
      },
      "no_fly[0] (key 5, mean 40.000000, count 0): count below 1");
  expect_refused(
      [&](nn::Policy& p) {
        tensor(p, "no_fly.counts") =
            nn::Tensor::from_ints("no_fly.counts", nn::DType::kInt32, nn::Shape{1}, std::vector<int64_t>{1});
      },
      "must be vectors of one length");
  expect_refused([&](nn::Policy& p) { p.tensors.erase(p.tensors.begin() + 4); }, "missing tensor 'no_fly.means'");
  expect_refused([&](nn::Policy& p) { p.kind = "q-table"; }, "wrong kind");
  expect_refused([&](nn::Policy& p) { p.observation.encoding = "zuma-features-v2"; }, "wrong observation encoding");
  EXPECT_THROW(StageTables::deserialize("RLPGPOLICY\nxx", "short.policy"), InputError);
}

}  // namespace
}  // namespace pg::morris
