// The MM fit: it recovers known weights from decisions drawn from them, never
// lowers the likelihood, and writes a pattern file the policy reads back.
#include "engine/games/binary/fit.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/core/policy_store.h"
#include "engine/core/rng.h"
#include "engine/games/binary/pattern_files.h"

namespace pg::binary {
namespace {

// Known weights: every third feature gets 10 * 2^j for j in -3..3, the rest 10.
double true_weight(int k) { return k % 3 ? kDefaultWeight : kDefaultWeight * std::pow(2.0, (k / 3) % 7 - 3); }

// Decisions on random positions of 6x6 boards, each move drawn from the
// policy of the known weights.
FitData synthetic(int decisions, uint64_t seed) {
  Rng rng(seed);
  FitData data;
  std::vector<WeightedMove> scratch;
  const PatternTable uniform;
  while (int(data.decisions()) < decisions) {
    Board board = Board::empty(6, 6);
    Move m{};
    const int depth = int(rng.below(20));
    for (int i = 0; i < depth && sample_move(board, uniform, rng, scratch, m); ++i) board.place(m.x, m.y, m.d);
    std::vector<std::pair<int, int>> moves;
    std::vector<WeightedMove> weighted;
    board.for_each_legal([&](int x, int y, int d) {
      const int r = feature_of(row_code(board, x, y), d), c = feature_of(column_code(board, x, y), d);
      moves.emplace_back(r, c);
      weighted.push_back({x, y, d, true_weight(r), true_weight(c)});
    });
    if (moves.empty()) continue;
    data.add(moves, draw(weighted, rng));
  }
  return data;
}

TEST(BinaryFit, RecoversKnownWeights) {
  const FitData data = synthetic(8000, 1);
  const FitData::Fit f = data.fit(150, 1, 0.0);
  // The likelihood is the same for weights times any number: compare ratios,
  // with the scale taken as the median ratio over the well observed features.
  std::vector<int> observed;
  for (int k = 0; k < kNumFeatures; ++k)
    if (f.occurrences[size_t(k)] >= 4000 && f.chosen[size_t(k)] >= 100) observed.push_back(k);
  ASSERT_GE(observed.size(), 20u);
  std::vector<double> ratios;
  for (int k : observed) ratios.push_back(f.weight[size_t(k)] / true_weight(k));
  std::nth_element(ratios.begin(), ratios.begin() + long(ratios.size() / 2), ratios.end());
  const double scale = ratios[ratios.size() / 2];
  // A small weight beside a large one in the same move gets little of its
  // credit, so its estimate is noisy: every one within a factor 2, the
  // large ones (40 and 80) within 20%, and on the whole far closer than 10.
  int planted = 0, large = 0;
  double error = 0, error_of_ten = 0;
  for (int k : observed) {
    const double ratio = f.weight[size_t(k)] / scale / true_weight(k);
    planted += true_weight(k) != kDefaultWeight;
    const std::string what = pattern_text(k / 2) + " digit " + std::to_string(k % 2) + ": fitted " +
                             std::to_string(f.weight[size_t(k)] / scale) + ", true " + std::to_string(true_weight(k)) +
                             " (" + std::to_string(f.occurrences[size_t(k)]) + " times, chosen " +
                             std::to_string(f.chosen[size_t(k)]) + ")";
    EXPECT_LT(std::abs(std::log(ratio)), std::log(2.0)) << what;
    if (true_weight(k) >= 40) {
      ++large;
      EXPECT_NEAR(ratio, 1.0, 0.2) << what;
    }
    error += std::abs(std::log(ratio));
    error_of_ten += std::abs(std::log(kDefaultWeight / true_weight(k)));
  }
  EXPECT_GE(large, 2);
  EXPECT_LT(error, 0.4 * error_of_ten);
  EXPECT_GE(planted, 5);
  // The fit explains the data better than the uniform weights.
  EXPECT_GT(f.log_likelihood.back(), f.log_likelihood.front() + 0.05);
}

TEST(BinaryFit, LikelihoodNeverDecreases) {
  const FitData data = synthetic(500, 2);
  const FitData::Fit f = data.fit(30, 20, 0.0);
  for (size_t i = 1; i < f.log_likelihood.size(); ++i)
    EXPECT_GE(f.log_likelihood[i], f.log_likelihood[i - 1] - 1e-12) << "iteration " << i;
}

TEST(BinaryFit, WritesAPatternFileThePolicyReads) {
  const FitData data = synthetic(500, 3);
  const FitData::Fit f = data.fit(20, 50, 1.0);
  const std::string text = "# a comment\n" + fit_to_text(f);
  const PatternTable table = PatternTable::parse(text, "fitted");
  ASSERT_FALSE(table.empty());
  for (int k = 0; k < kNumFeatures; ++k) {
    if (f.occurrences[size_t(k)] >= 50) {
      EXPECT_NEAR(table.weight(k / 2, k % 2), f.weight[size_t(k)], 0.0005 + 1e-9) << pattern_text(k / 2);
    }
  }
  // A decision whose chosen move is not legal is refused.
  FitData d;
  EXPECT_ANY_THROW(d.add(Board::from_rows({"1.", ".."}), 0, 0, 0));
}

// The shipped learned weights: they load, and their comments say how they
// were made (docs/experiments/binary.md gives their win rates).
TEST(BinaryFit, ShippedLearnedWeights) {
  const auto table = pattern_tables().find("learned");
  ASSERT_TRUE(table);
  EXPECT_GE(table->lines().size(), 50u);
  const auto text = find_policy_file("binary/learned.txt");
  ASSERT_TRUE(text);
  EXPECT_NE(text->find("# command: playground binary fit --teacher mcts:1000"), std::string::npos);
  EXPECT_NE(text->find("# data: "), std::string::npos);
  for (const auto& line : table->lines()) EXPECT_GT(line.weight, 0) << line.pattern << " " << line.digit;
}

}  // namespace
}  // namespace pg::binary
