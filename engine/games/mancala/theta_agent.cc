#include "engine/games/mancala/theta_agent.h"

#include "engine/core/error.h"
#include "engine/core/policy_store.h"
#include "engine/games/mancala/greedy_agent.h"
#include "engine/games/mancala/mancala_game.h"

namespace pg::mancala {

std::string ThetaAgent::spec() const {
  return "theta:" + std::to_string(depth_) + (weights_ == "td0" ? "" : ":" + weights_);
}

Decision ThetaAgent::decide(const State& state, Rng& rng) {
  const auto& s = dynamic_cast<const MancalaState&>(state);
  return value_search_decision(s.board(), s.rules(), score_moves(s.board(), s.rules(), *policy_, depth_), depth_,
                               "learned value", "(weights: " + weights_ + ")", rng);
}

std::unique_ptr<Agent> make_theta_agent(std::string_view spec) {
  const auto [name, arg] = split_spec(spec);
  const auto colon = arg.find(':');
  const std::string depth_text = arg.substr(0, colon);
  const int depth = depth_text.empty() ? 1 : parse_int_param(spec, depth_text, 1, ThetaAgent::kMaxDepth);
  const std::string weights = colon == std::string::npos ? "td0" : arg.substr(colon + 1);
  const std::string policy_name = weights == "seed"   ? kReportTheta
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
