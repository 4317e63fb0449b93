#include "engine/games/mancala/theta_agent.h"

#include <algorithm>
#include <limits>

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/mancala_game.h"

namespace pg::mancala {

double theta_minimax(const Board& board, const Rules& rules, const ThetaPolicy& policy, int depth, double alpha,
                     double beta, long& nodes) {
  ++nodes;
  if (board.done) return board.outcome() * (kWinScore + depth);
  if (depth == 0) return policy.value(features(board, rules, policy.feature_rules));
  const bool maximizing = board.to_move == 0;
  double best = maximizing ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  const uint32_t mask = board.legal_mask();
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(mask & (1u << i))) continue;
    Board child = board;
    child.sow(i, rules);
    const double v = theta_minimax(child, rules, policy, depth - 1, alpha, beta, nodes);
    if (maximizing) {
      best = std::max(best, v);
      alpha = std::max(alpha, v);
    } else {
      best = std::min(best, v);
      beta = std::min(beta, v);
    }
    if (alpha >= beta) break;
  }
  return best;
}

double ThetaEval::end(const Board& board, int depth) const { return board.outcome() * (kWinScore + depth); }

ThetaAgent::RootScores ThetaAgent::score_moves(const Board& board, const Rules& rules, const ThetaPolicy& policy,
                                               int depth) {
  RootScores r;
  r.legal = board.legal_mask();
  const double sign = board.to_move == 0 ? 1 : -1;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(r.legal & (1u << i))) continue;
    Board child = board;
    child.sow(i, rules);
    SearchLine rest;
    r.score[size_t(i)] =
        sign * minimax_line(child, rules, depth - 1, -kInf, kInf, ThetaEval{rules, policy}, r.nodes, rest);
    r.line[size_t(i)].set(i, rest);
  }
  return r;
}

std::string ThetaAgent::spec() const {
  return "theta:" + std::to_string(depth_) + (weights_ == "td0" ? "" : ":" + weights_);
}

Decision ThetaAgent::decide(const State& state, Rng& rng) {
  const auto& s = dynamic_cast<const MancalaState&>(state);
  const RootScores r = score_moves(s.board(), s.rules(), *policy_, depth_);
  auto [d, best, best_score] = choose_best_pits(r.score, r.legal, rng);
  d.score_label = "learned value for the mover after " + std::to_string(depth_) +
                  " plies (+1 = sure win; +-99999: forced win/loss)";
  d.value = best_score;
  d.lines = root_line_texts(s.board(), s.rules(), r.line, r.legal);
  d.debug = {{"nodes searched", double(r.nodes)}};
  d.note = best.size() > 1 ? "pits tie for best: one is drawn at random"
                           : "pit " + std::to_string(best[0] + 1) + " scores best (weights: " + weights_ + ")";
  return d;
}

std::unique_ptr<Agent> make_theta_agent(std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  const auto colon = arg.find(':');
  const std::string depth_text = arg.substr(0, colon);
  const int depth = depth_text.empty() ? 1 : parse_int_param(spec, depth_text, 1, ThetaAgent::kMaxDepth);
  const std::string weights = colon == std::string::npos ? "td0" : arg.substr(colon + 1);
  const std::string policy_name = weights == "seed"   ? kSeedTheta
                                  : weights == "td0"  ? kOurTheta
                                  : weights == "pool" ? kPoolTheta
                                                      : weights;
  auto policy = thetas().need(policy_name);
  if (!policy)
    throw InputError("agent '" + std::string(spec) + "'",
                     "no weights named '" + weights + "' (shipped: seed, td0, pool)");
  return std::make_unique<ThetaAgent>(depth, weights, std::move(policy));
}

}  // namespace pg::mancala
