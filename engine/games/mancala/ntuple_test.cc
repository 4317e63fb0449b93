// The n-tuple value: its tables seen from the mover, the file round trip and
// malformed files refused naming the problem, the search against plain
// minimax, the learner's reproducibility, and the shipped values' strength.
#include <gtest/gtest.h>

#include <limits>

#include "engine/core/error.h"
#include "engine/core/match.h"
#include "engine/core/policy_store.h"
#include "engine/core/registry.h"
#include "engine/core/rng.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/ntuple_agent.h"
#include "engine/games/mancala/ntuple_learning.h"
#include "engine/games/mancala/ntuple_value.h"
#include "engine/games/mancala/test_boards.h"

namespace pg::mancala {
namespace {

// Weights that are exact in 5 decimals (multiples of 1/32), varied across entries.
NTupleValue patterned_value(uint64_t seed, bool extended = false) {
  NTupleValue v(extended);
  Rng rng(seed);
  for (auto& w : v.weights) w = float(int(rng.below(2001)) - 1000) / 32.0f;
  return v;
}

Board random_position(Rng& rng, int plies) {
  Board b = Board::initial(kStandard);
  for (int i = 0; i < plies && !b.done; ++i) {
    const uint32_t mask = b.legal_mask();
    b.sow(nth_legal(mask, rng.below(uint32_t(legal_count(mask)))), kStandard);
  }
  return b;
}

//       0   5   0   0   0   2        player 1's holes 12..7
//  10                          20
//       1   0   0   0   0   3        player 0's holes 0..5
Board sample_board() { return make_board({1, 0, 0, 0, 0, 3, 20, 2, 0, 0, 0, 5, 0, 10}, 0); }

// The same position with the sides swapped and the other player to move.
Board mirrored(const Board& b) {
  Board mirror = b;
  for (int i = 0; i < 7; ++i) std::swap(mirror.holes[size_t(i)], mirror.holes[size_t(i + 7)]);
  mirror.to_move = 1 - b.to_move;
  return mirror;
}

TEST(NTupleValue, TablesAreSeenFromTheMover) {
  const Board b = sample_board();
  const Board mirror = mirrored(b);
  const NTupleValue v = patterned_value(1);
  EXPECT_EQ(v.indices(b), v.indices(mirror));
  EXPECT_DOUBLE_EQ(v.value(b), -v.value(mirror)) << "player 0's value flips with the seats";
  // Table by table: own_1+opp_6 is (1, hole 12's 0), own_2+opp_5 is (0, hole 11's 5),
  // own_4+own_5+own_6 is (0, 0, 3), store_own is (20 - 10, 4 own stones), store_opp (10, 7).
  const TupleIndices idx = v.indices(b);
  EXPECT_EQ(idx.count, kNumTuples);
  int offset = 0;
  for (int t = 0; t < 6; ++t) offset += ntuple_tables()[size_t(t)].size;
  EXPECT_EQ(ntuple_tables()[1].name, "own_2+opp_5");
  EXPECT_EQ(idx[0], 1 * 16 + 0);
  EXPECT_EQ(idx[1], 256 + 0 * 16 + 5);
  EXPECT_EQ(idx[6 + 3], offset + 3 * 512 + (0 * 8 + 0) * 8 + 3);
  for (int t = 6; t < 14; ++t) offset += ntuple_tables()[size_t(t)].size;
  EXPECT_EQ(idx[14], offset + (10 + 24) * 25 + 4);
  EXPECT_EQ(idx[15], offset + ntuple_tables()[14].size + (10 + 24) * 25 + 7);
}

TEST(NTupleValue, FileRoundTripsAndNamesWhatIsWrong) {
  NTupleValue v = patterned_value(2);
  v.info = {{"note", "test"}};
  const Json j = v.to_json();
  const NTupleValue back = NTupleValue::from_json(Json::parse(j.dump()));
  EXPECT_EQ(back.weights, v.weights);
  EXPECT_EQ(back.info, v.info);
  auto error = [&](auto change) {
    Json k = j;
    change(k);
    try {
      NTupleValue::from_json(k);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(error([](Json& k) { k["tables"].erase("own_2+own_3+own_4"); }).find("'own_2+own_3+own_4' is missing"),
            std::string::npos);
  EXPECT_NE(error([](Json& k) { k["tables"]["own_3+opp_4"].erase(0); }).find("ntuple.tables.own_3+opp_4"),
            std::string::npos);
  EXPECT_NE(error([](Json& k) { k["tables"]["store_own"][7] = "x"; }).find("ntuple.tables.store_own[7]"),
            std::string::npos);
  EXPECT_NE(error([](Json& k) { k["tables"]["bogus"] = Json::array(); }).find("unknown table name"), std::string::npos);
  EXPECT_NE(error([](Json& k) { k["version"] = 3; }).find("ntuple.version"), std::string::npos);
  EXPECT_NE(error([](Json& k) { k["version"] = 2; }).find("'material' is missing"), std::string::npos)
      << "version 2 has the extended tables";
  EXPECT_NE(error([](Json& k) { k["format"] = "rl-playground-kalah-theta"; }).find("ntuple.format"), std::string::npos);
  EXPECT_NE(error([](Json& k) { k = Json::array(); }).find("expected a JSON object"), std::string::npos);
}

TEST(NTupleValue, ExtendedTablesSeeWholeSides) {
  const Board b = sample_board();
  const Board mirror = mirrored(b);
  const NTupleValue basic = patterned_value(4);
  const NTupleValue v = basic.with_extended_tables();
  ASSERT_EQ(ntuple_tables(true).size(), size_t(kNumExtendedTuples));
  const TupleIndices idx = v.indices(b);
  ASSERT_EQ(idx.count, kNumExtendedTuples);
  EXPECT_EQ(v.indices(mirror), idx);
  const TupleIndices first = basic.indices(b);
  for (int t = 0; t < kNumTuples; ++t) EXPECT_EQ(idx[size_t(t)], first[size_t(t)]) << "the basic tables come first";
  EXPECT_DOUBLE_EQ(v.value(b), basic.value(b)) << "added at zero, the extended tables change no value";
  int offset = 0;
  for (int t = 0; t < kNumTuples; ++t) offset += ntuple_tables(true)[size_t(t)].size;
  // material: store difference +10, 4 own stones, 7 opposite stones.
  EXPECT_EQ(ntuple_tables(true)[16].name, "material");
  EXPECT_EQ(idx[16], offset + ((10 + 24) * 25 + 4) * 25 + 7);
  offset += ntuple_tables(true)[16].size;
  // own_side: pits 1..6 hold 1 0 0 0 0 3, base 4; opp_side: player 1's pits 1..6
  // (holes 7..12) hold 2 0 0 0 5 0, the 5 capped at 3.
  EXPECT_EQ(idx[17], offset + 1 * 1024 + 3);
  offset += ntuple_tables(true)[17].size;
  EXPECT_EQ(idx[18], offset + 2 * 1024 + 3 * 4);
  // Capped at 3.
  const Board full = make_board({9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 0);
  EXPECT_EQ(v.indices(full)[17], idx[17] - (1 * 1024 + 3) + 3 * 1024);
}

TEST(NTupleValue, ExtendedFileRoundTripsAsVersionTwo) {
  NTupleValue v = patterned_value(5, true);
  const Json j = v.to_json();
  EXPECT_EQ(j["version"], 2);
  EXPECT_EQ(j["tables"].size(), size_t(kNumExtendedTuples));
  const NTupleValue back = NTupleValue::from_json(Json::parse(j.dump()));
  EXPECT_TRUE(back.extended);
  EXPECT_EQ(back.weights, v.weights);
  EXPECT_EQ(patterned_value(5).to_json()["version"], 1) << "a basic value keeps version 1";
  Json k = j;
  k["version"] = 1;
  try {
    NTupleValue::from_json(k);
    ADD_FAILURE() << "a version 1 file with the extended tables was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("version 1 has the basic tables only"), std::string::npos) << e.what();
  }
}

TEST(NTupleValue, AverageIsTheMeanEstimateOnEveryBoard) {
  const NTupleValue a = patterned_value(6), b = patterned_value(7);
  const NTupleValue mean = average_ntuple({&a, &b});
  Rng rng(8);
  for (int k = 0; k < 50; ++k) {
    const Board board = random_position(rng, int(rng.below(30)));
    if (board.done) continue;
    EXPECT_NEAR(mean.value(board), (a.value(board) + b.value(board)) / 2, 1e-9);
  }
  const NTupleValue wide = patterned_value(9, true);
  try {
    average_ntuple({&a, &wide});
    ADD_FAILURE() << "a basic and an extended value were averaged";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("value 2 has the extended tables"), std::string::npos) << e.what();
  }
}

double plain_minimax(const Board& b, const NTupleValue& v, int depth) {
  if (b.done) return b.outcome() * (kWinScore + depth);
  if (depth == 0) return v.value(b);
  double best = b.to_move == 0 ? -1e300 : 1e300;
  const uint32_t mask = b.legal_mask();
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(mask & (1u << i))) continue;
    Board child = b;
    child.sow(i, kStandard);
    const double x = plain_minimax(child, v, depth - 1);
    best = b.to_move == 0 ? std::max(best, x) : std::min(best, x);
  }
  return best;
}

long plain_nodes(const Board& b, int depth) {
  if (b.done || depth == 0) return 1;
  long n = 1;
  const uint32_t mask = b.legal_mask();
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(mask & (1u << i))) continue;
    Board child = b;
    child.sow(i, kStandard);
    n += plain_nodes(child, depth - 1);
  }
  return n;
}

TEST(NTupleSearch, AlphaBetaEqualsPlainMinimaxWithFewerNodes) {
  const NTupleValue v = patterned_value(3);
  Rng rng(5);
  long pruned = 0, full = 0;
  for (int k = 0; k < 150; ++k) {
    const Board b = random_position(rng, int(rng.below(40)));
    if (b.done) continue;
    for (int depth = 1; depth <= 4; ++depth) {
      const auto r = NTupleAgent::score_moves(b, kStandard, v, depth);
      const double sign = b.to_move == 0 ? 1 : -1;
      for (int i = 0; i < kPitsPerSide; ++i) {
        if (!(r.legal & (1u << i))) continue;
        Board child = b;
        child.sow(i, kStandard);
        ASSERT_DOUBLE_EQ(r.score[size_t(i)], sign * plain_minimax(child, v, depth - 1))
            << to_text(b) << "pit " << i + 1 << " depth " << depth;
        full += plain_nodes(child, depth - 1);
      }
      long nodes = 0;
      constexpr double kInf = std::numeric_limits<double>::infinity();
      ASSERT_DOUBLE_EQ(ntuple_minimax(b, kStandard, v, depth, -kInf, kInf, nodes), plain_minimax(b, v, depth));
      pruned += r.nodes;
    }
  }
  EXPECT_LT(pruned, full) << "alpha-beta visits fewer boards than plain minimax";
}

TEST(NTupleLearning, SameSeedSameValue) {
  NTupleTraining s;
  s.games = 300;
  const NTupleValue a = learn_ntuple(kStandard, s);
  EXPECT_EQ(learn_ntuple(kStandard, s).weights, a.weights);
  s.seed = 2;
  EXPECT_NE(learn_ntuple(kStandard, s).weights, a.weights);
  s.opponents = "pool";
  s.depth = 2;
  const NTupleValue pool = learn_ntuple(kStandard, s);
  EXPECT_EQ(learn_ntuple(kStandard, s).weights, pool.weights);
}

TEST(NTupleAgents, SpecsParseAndUnknownValuesAreNamed) {
  const auto game = make_game("mancala");
  EXPECT_EQ(make_agent(*game, "ntuple:3")->spec(), "ntuple:3");
  EXPECT_EQ(make_agent(*game, "ntuple:5:ntuple_seed_rules")->spec(), "ntuple:5:ntuple_seed_rules");
  EXPECT_THROW(make_agent(*game, "ntuple:6"), InputError);
  EXPECT_THROW(make_agent(*game, "ntuple:0"), InputError);
  try {
    make_agent(*game, "ntuple:2:nope");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("no n-tuple value named 'nope'"), std::string::npos);
  }
}

TEST(NTupleAgents, AFileThatIsWrongInsideNamesTheFile) {
  Json wrong = patterned_value(3).to_json();
  wrong["version"] = 3;
  provide_policy_file(ntuple_path("test_wrong_version"), wrong.dump());
  try {
    make_agent(*make_game("mancala"), "ntuple:2:test_wrong_version");
    FAIL() << "a version-3 file was read";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("mancala/test_wrong_version.json, ntuple.version: this build reads"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace pg::mancala

namespace pg::mancala {
namespace {

// A regression guard on the shipped values (ntuple:5, the page's default
// opponent), seeds 1..50 against Greedy 3 from both seats, under the standard
// rules and the report's reading (each with its own file). Measured when
// shipped: 50 wins first under both; moving second 34 wins (1 draw) under
// the report's reading, and under the standard rules 36 (8 draws) with the TD
// file, 38 (2 draws) with the TreeStrap file that replaced it.
TEST(NTupleShipped, BeatsGreedyThreeFirstAndSecondOnFixedSeeds) {
  for (const Json& options :
       {Json::object(), Json{{"sweep_remaining", false}, {"early_end", true}, {"end_only_when_mover_empty", true}}}) {
    const auto game = make_game("mancala", options);
    const MatchResult first = play_match(*game, {"ntuple:5", "greedy:3"}, 50, 1);
    const MatchResult second = play_match(*game, {"greedy:3", "ntuple:5"}, 50, 1);
    EXPECT_GE(first.wins, 48) << options.dump() << " first";
    EXPECT_GE(second.losses, 30) << options.dump() << " second: ntuple:5's wins";
  }
}

}  // namespace
}  // namespace pg::mancala
