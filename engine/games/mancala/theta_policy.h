// A linear value on the report's 40 features (features.h), as a file:
// {"format": "rl-playground-kalah-theta", "version": 1, "features": {...},
//  "weights": {"player0.board.can_get_another_move": 0.1904, ...},
//  "info": {...}}. Weights are named, so the report's printed table loads
// exactly; a missing name is an error, not a zero.
#pragma once

#include <memory>
#include <string>

#include "engine/core/json.h"
#include "engine/core/policy_cache.h"
#include "engine/games/mancala/features.h"

namespace pg::mancala {

constexpr const char* kThetaFormat = "rl-playground-kalah-theta";
constexpr int kThetaVersion = 1;
// The shipped weight files, under policies/mancala/<name>.json. The names
// "theta_seed" and "ntuple_seed_rules" (and the spec theta:D:seed) name the
// report's weights and rules with the word "seed" as shipped: links and saved
// traces hold them, so they keep it.
constexpr const char* kReportTheta = "theta_seed";  // the report's printed weights
constexpr const char* kOurTheta = "theta_td0";      // learned here by the report's method
constexpr const char* kPoolTheta = "theta_pool";    // the same, against a pool of opponents

struct ThetaPolicy {
  LinearValue value;
  FeatureRules feature_rules;
  Json info = Json::object();  // how it was made and how it scored

  Json to_json() const;
  // Throws InputError naming the field (or weight) that is wrong.
  static ThetaPolicy from_json(const Json& j);
};

// The shipped file of a name, under policies/: "mancala/theta_td0.json".
std::string theta_path(const std::string& name);
// Weights by name: stored at run time (the page's trainer, the CLI's), else
// the file theta_path(name) ("theta_seed", "theta_td0"), parsed once.
PolicyCache<ThetaPolicy>& thetas();

// What a linear player sees of each legal move, for the page's inspector: {names, weights, moves: [{action,
// terminal, outcome | features, contributions, value}]}, each move's afterstate features and their weighted
// contributions from the mover's side (weight x feature, the sign flipped for player 1), and their sum, the
// value ThetaGreedy 1 gives the move; a move that ends the game has its outcome instead.
Json afterstate_features(const Board& board, const Rules& rules, const ThetaPolicy& policy);

}  // namespace pg::mancala
