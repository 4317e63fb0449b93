// The trained agent's table: one Q-value per feature key (features.h), with
// how often training visited it. Shipped under policies/zuma/ in the policy
// format (docs/policies.md: kind "q-table", the stored keys, their Q-values
// and visits as tensors), with the settings it was trained with and the score
// it measured; the JSON form (the page's Train panel downloads it) is read too.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/json.h"
#include "engine/core/policy_cache.h"
#include "engine/games/zuma/engine.h"
#include "engine/games/zuma/features.h"
#include "engine/nn/tensor.h"

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
  // The keys the files hold: those with a visit or a Q-value (the agent reads a
  // key's Q-value whether or not training visited it, so a value set by hand
  // or in a file must survive a save).
  bool stored(uint32_t key) const { return visits[key] != 0 || q[key] != 0; }

  Json to_json() const;
  // Throws InputError naming the field when the file is not a policy.
  static QPolicy from_json(const Json& json);

  // The policy file (RLPGPOLICY): tensors "keys" (int32, the stored keys in
  // increasing order), "q" (their Q-values, float32; float16 with `storage`)
  // and "visits" (int32, capped at 2^31-1); `info` in the header.
  std::string to_policy_file(nn::DType storage = nn::DType::kFloat32) const;
  // Throws InputError naming `source` and the problem: not a policy file,
  // truncated, bad checksum, wrong game, kind or encoding, bad tensors.
  static QPolicy from_policy_file(std::string_view bytes, const std::string& source);
  // Either form, told apart by the policy format's magic.
  static QPolicy parse(std::string_view bytes, const std::string& source);
};

// The shipped file of a name, under policies/: "zuma/q_features.rlpg".
std::string policy_path(const std::string& name);
// The names of the shipped tables, in name order: the files policies/zuma/q_*.rlpg
// (the folder also holds networks, e.g. dqn.rlpg, which are not tables).
std::vector<std::string> shipped_policy_names();
// Q-tables by name: stored at run time ("live" trained in the page,
// "uploaded", the CLI's), else the shipped file policy_path(name), parsed once.
PolicyCache<QPolicy>& q_policies();
constexpr const char* kShippedPolicy = "q_features";

}  // namespace pg::zuma
