#include "engine/games/binary/fit.h"

#include <cmath>
#include <cstdio>

#include "engine/core/error.h"

namespace pg::binary {

void FitData::add(const Board& board, int x, int y, int d) {
  std::vector<std::pair<int, int>> moves;
  size_t chosen = SIZE_MAX;
  board.for_each_legal([&](int mx, int my, int md) {
    if (mx == x && my == y && md == d) chosen = moves.size();
    moves.emplace_back(feature_of(row_code(board, mx, my), md), feature_of(column_code(board, mx, my), md));
  });
  if (chosen == SIZE_MAX)
    throw InputError("fit data", "move " + std::to_string(x) + "," + std::to_string(y) + "," + std::to_string(d) +
                                     " is not legal on the board");
  add(moves, chosen);
}

void FitData::add(const std::vector<std::pair<int, int>>& moves, size_t chosen) {
  start_.push_back(uint32_t(features_.size() / 2));
  chosen_.push_back(uint32_t(chosen));
  for (const auto& [r, c] : moves) {
    features_.push_back(uint16_t(r));
    features_.push_back(uint16_t(c));
  }
}

double FitData::log_likelihood(const std::vector<double>& w) const {
  double sum = 0;
  const size_t n = chosen_.size();
  for (size_t i = 0; i < n; ++i) {
    const size_t begin = start_[i], end = i + 1 < n ? start_[i + 1] : moves();
    double total = 0;
    for (size_t m = begin; m < end; ++m) total += w[features_[2 * m]] + w[features_[2 * m + 1]];
    const size_t c = begin + chosen_[i];
    const double mine = w[features_[2 * c]] + w[features_[2 * c + 1]];
    if (total > 0) sum += std::log(mine / total);
  }
  return n ? sum / double(n) : 0;
}

FitData::Fit FitData::fit(int iterations, uint32_t min_count, double prior) const {
  Fit f;
  f.weight.assign(kNumFeatures, kDefaultWeight);
  f.occurrences.assign(kNumFeatures, 0);
  f.chosen.assign(kNumFeatures, 0);
  for (uint16_t k : features_) ++f.occurrences[k];
  for (size_t i = 0; i < chosen_.size(); ++i) {
    const size_t c = start_[i] + chosen_[i];
    ++f.chosen[features_[2 * c]];
    ++f.chosen[features_[2 * c + 1]];
  }
  std::vector<char> free(kNumFeatures, 0);
  for (size_t k = 0; k < size_t(kNumFeatures); ++k) free[k] = f.occurrences[k] >= min_count && min_count > 0;
  f.log_likelihood.push_back(log_likelihood(f.weight));
  std::vector<double> wins(kNumFeatures), denominator(kNumFeatures);
  const size_t n = chosen_.size();
  for (int it = 0; it < iterations; ++it) {
    std::fill(wins.begin(), wins.end(), 0.0);
    std::fill(denominator.begin(), denominator.end(), 0.0);
    for (size_t i = 0; i < n; ++i) {
      const size_t begin = start_[i], end = i + 1 < n ? start_[i + 1] : moves();
      double total = 0;
      for (size_t m = begin; m < end; ++m) total += f.weight[features_[2 * m]] + f.weight[features_[2 * m + 1]];
      if (!(total > 0)) continue;
      for (size_t m = begin; m < end; ++m) {
        denominator[features_[2 * m]] += 1 / total;
        denominator[features_[2 * m + 1]] += 1 / total;
      }
      const size_t c = begin + chosen_[i];
      const uint16_t a = features_[2 * c], b = features_[2 * c + 1];
      const double sum = f.weight[a] + f.weight[b];
      if (sum > 0) {
        wins[a] += f.weight[a] / sum;
        wins[b] += f.weight[b] / sum;
      }
    }
    for (size_t k = 0; k < size_t(kNumFeatures); ++k)
      if (free[k]) f.weight[k] = (wins[k] + prior) / (denominator[k] + prior / kDefaultWeight);
    f.log_likelihood.push_back(log_likelihood(f.weight));
  }
  // Features not fitted report the default.
  for (size_t k = 0; k < size_t(kNumFeatures); ++k)
    if (!free[k]) f.weight[k] = kDefaultWeight;
  return f;
}

std::string fit_to_text(const FitData::Fit& fit) {
  std::string text;
  const uint32_t min_seen = 1;
  for (int k = 0; k < kNumFeatures; ++k) {
    if (fit.occurrences[size_t(k)] < min_seen || fit.weight[size_t(k)] == kDefaultWeight) continue;
    char line[64];
    std::snprintf(line, sizeof line, "%s %d %.3f\n", pattern_text(k / 2).c_str(), k % 2, fit.weight[size_t(k)]);
    text += line;
  }
  return text;
}

}  // namespace pg::binary
