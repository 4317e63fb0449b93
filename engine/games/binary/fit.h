// Learning pattern weights from the moves of a strong player: the maximum
// likelihood weights of the assignment's policy, found by
// Minorization-Maximization (Coulom's fit of a generalised Bradley-Terry
// model, "Computing Elo Ratings of Move Patterns in the Game of Go", 2007;
// Hunter, "MM algorithms for generalized Bradley-Terry models", 2004).
//
// The policy gives legal move i the probability (r_i + c_i) / sum_j (r_j + c_j)
// where r_i and c_i are the weights of its row and column strings for its
// digit. A feature is a five-point string (up to mirror image) with a digit:
// the assignment's patterns are exactly these. Coulom's model multiplies the
// gammas of a move's features; the assignment's policy adds them, so the
// minorizer differs in one place: the chosen move's log(r + c) is minorized
// by Jensen's inequality, which splits the "win" between its two features in
// proportion to their current weights (r / (r + c) and c / (r + c)). The
// update is Coulom's: w_k = (wins of k) / (sum over decisions of the number
// of times k occurs among the legal moves / the decision's total weight).
// Each step cannot lower the likelihood. Features seen fewer than
// `min_count` times among the legal moves keep the default weight 10 (they
// get no line in the file), which also fixes the scale (the likelihood does
// not change when every weight is multiplied by one number). A prior of
// `prior` virtual wins at weight 10 keeps a feature that is never chosen off 0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/games/binary/patterns.h"

namespace pg::binary {

// The feature of a move's row or column string: the lesser code of the string
// and its mirror image, times 2, plus the digit.
inline int feature_of(int code, int digit) {
  const int m = mirror_code(code);
  return (code < m ? code : m) * 2 + digit;
}
constexpr int kNumFeatures = kNumPatternCodes * 2;

// Recorded decisions: for each, the (row, column) features of every legal
// move and the index of the move chosen.
class FitData {
 public:
  // Records the decision at `board` (with a legal move) where (x, y, d) was chosen.
  void add(const Board& board, int x, int y, int d);
  // The same from features directly (for tests).
  void add(const std::vector<std::pair<int, int>>& moves, size_t chosen);
  size_t decisions() const { return chosen_.size(); }
  size_t moves() const { return features_.size() / 2; }

  struct Fit {
    std::vector<double> weight;          // per feature (kNumFeatures), 10 where not fitted
    std::vector<uint32_t> occurrences;   // per feature: among the legal moves
    std::vector<uint32_t> chosen;        // per feature: in the chosen moves
    std::vector<double> log_likelihood;  // per iteration, from the start (all weights 10)
  };
  Fit fit(int iterations, uint32_t min_count, double prior) const;
  // The mean log-likelihood per decision of a pattern table's policy.
  double log_likelihood(const std::vector<double>& weight) const;

 private:
  std::vector<uint32_t> start_;     // first move of each decision
  std::vector<uint32_t> chosen_;    // index of the chosen move, within the decision
  std::vector<uint16_t> features_;  // row, column per move
};

// The fitted weights as pattern-file lines ("PATTERN DIGIT WEIGHT"), in
// feature order, for the features that were fitted.
std::string fit_to_text(const FitData::Fit& fit);

}  // namespace pg::binary
