// The trained agent's table: one Q-value per feature key (features.h), with
// how often training visited it. Saved as JSON under policies/zuma/ together
// with the settings it was trained with and the score it measured.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/games/zuma/engine.h"
#include "engine/games/zuma/features.h"

namespace pg::zuma {

constexpr const char* kPolicyFormat = "rl-playground-zuma-qtable";
constexpr int kPolicyVersion = 1;
// Names the feature encoding (features.h): a table is only meaningful with its own.
constexpr const char* kPolicyEncoding = "zuma-features-v2";

struct QPolicy {
  std::vector<float> q = std::vector<float>(kNumFeatureKeys, 0.0f);
  std::vector<uint32_t> visits = std::vector<uint32_t>(kNumFeatureKeys, 0u);
  Json info = Json::object();  // training settings, score, scenario

  // Q-values of the legal actions -1..n, in that order.
  void action_values(const Line& line, int ball, int steps_left_after, int max_length, std::vector<double>& out) const;
  // The greedy action (the first of the best, in order -1..n).
  int best_action(const Line& line, int ball, int steps_left_after, int max_length) const;
  size_t visited_keys() const;

  Json to_json() const;
  // Throws InputError naming the field when the file is not a policy.
  static QPolicy from_json(const Json& json);
};

// Policies by name: the shipped ones (policies/zuma/NAME.json, embedded) and
// any the page or a test stored at run time ("live", "uploaded").
std::shared_ptr<const QPolicy> find_policy(const std::string& name);
void store_policy(const std::string& name, std::shared_ptr<const QPolicy> policy);
constexpr const char* kShippedPolicy = "q_features";

}  // namespace pg::zuma
