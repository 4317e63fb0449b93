// Beyond the report: ThetaGreedy's search (value_search.h: alpha-beta, depth
// 1..5 plies, the same player again after an extra turn, +-(99999 + plies
// left) at a decided end, root ties drawn at random) with the n-tuple
// network's value at the leaves instead of the report's 40-feature linear value.
#pragma once

#include <memory>

#include "engine/core/agent.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/ntuple_value.h"
#include "engine/games/mancala/value_search.h"

namespace pg::mancala {

// The shipped value files, under policies/mancala/<name>.json: trained by
// TD(lambda) under the standard rules and under the report's reading of them;
// the standard one fine-tuned by TreeStrap (ntuple_bootstrap.h); and the
// mean of that and a further TreeStrap run with margin-aware targets, which
// the standard rules' players use since it meets every target at 2 and 5 plies.
constexpr const char* kNTupleStandard = "ntuple_standard";
constexpr const char* kNTupleReportRules = "ntuple_seed_rules";
constexpr const char* kNTupleTreeStrap = "ntuple_treestrap";
constexpr const char* kNTupleAveraged = "ntuple_averaged";

// The n-tuple value of a board for player 0, as the search's leaf value.
struct NTupleLeaf {
  const NTupleValue& value;
  double operator()(const Board& board) const { return value.value(board); }
};

// Player 0's value of `board` searched `depth` plies ahead.
inline double ntuple_minimax(const Board& board, const Rules& rules, const NTupleValue& value, int depth, double alpha,
                             double beta, long& nodes) {
  return value_minimax(board, rules, NTupleLeaf{value}, depth, alpha, beta, nodes);
}

class NTupleAgent : public Agent {
 public:
  static constexpr int kMaxDepth = 5;
  NTupleAgent(int depth, std::string weights, std::shared_ptr<const NTupleValue> value)
      : depth_(depth), weights_(std::move(weights)), value_(std::move(value)) {}
  std::string spec() const override;
  Decision decide(const State& state, Rng& rng) override;
  const NTupleValue& value() const { return *value_; }

  using RootScores = mancala::RootScores<double>;
  static RootScores score_moves(const Board& board, const Rules& rules, const NTupleValue& value, int depth) {
    return value_root_scores(board, rules, NTupleLeaf{value}, depth);
  }

 private:
  int depth_;
  std::string weights_;  // "" for the rules' own shipped file, else the name in the spec
  std::shared_ptr<const NTupleValue> value_;
};

// The shipped file for a rule set: the report's reading (early end, the game
// ends only when the mover is empty, no sweep) has its own; every other rule
// set uses the standard rules' (ntuple_averaged).
const char* ntuple_name_for(const Rules& rules);

// "ntuple:D" (the shipped value trained under these rules, ntuple_name_for)
// or "ntuple:D:NAME" (a value stored under NAME, e.g. ntuple_standard);
// throws InputError, or PolicyUnavailable while a shipped file is loading.
std::unique_ptr<Agent> make_ntuple_agent(std::string_view spec, const Rules& rules);

}  // namespace pg::mancala
