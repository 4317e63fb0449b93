#include "engine/games/zuma/q_policy.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>

#include "engine/core/embedded_data.h"
#include "engine/core/error.h"

namespace pg::zuma {

void QPolicy::action_values(const Line& line, int ball, int steps_left_after, int max_length,
                            std::vector<double>& out) const {
  out.clear();
  for (int a = kSkip; a <= line.size; ++a)
    out.push_back(q[feature_key(action_features(line, ball, steps_left_after, max_length, a))]);
}

int QPolicy::best_action(const Line& line, int ball, int steps_left_after, int max_length) const {
  int best = kSkip;
  float best_q = 0;
  for (int a = kSkip; a <= line.size; ++a) {
    const float v = q[feature_key(action_features(line, ball, steps_left_after, max_length, a))];
    if (a == kSkip || v > best_q) {
      best = a;
      best_q = v;
    }
  }
  return best;
}

size_t QPolicy::visited_keys() const {
  size_t n = 0;
  for (uint32_t v : visits) n += v > 0;
  return n;
}

Json QPolicy::to_json() const {
  // Sparse: only visited keys, as [key, q, visits], q rounded to 1e-4.
  Json entries = Json::array();
  for (uint32_t k = 0; k < kNumFeatureKeys; ++k) {
    if (visits[k] == 0) continue;
    entries.push_back({k, std::round(double(q[k]) * 1e4) / 1e4, visits[k]});
  }
  return {{"format", kPolicyFormat},
          {"version", kPolicyVersion},
          {"encoding", kPolicyEncoding},
          {"info", info},
          {"entries", entries}};
}

QPolicy QPolicy::from_json(const Json& j) {
  if (!j.is_object()) throw InputError("policy", "expected a JSON object");
  if (!j.contains("format") || j["format"] != kPolicyFormat)
    throw InputError("policy.format", std::string("expected \"") + kPolicyFormat + "\" (is this a Zuma Q-table?)");
  if (!j.contains("version") || j["version"] != kPolicyVersion)
    throw InputError("policy.version", "expected " + std::to_string(kPolicyVersion));
  if (!j.contains("encoding") || j["encoding"] != kPolicyEncoding)
    throw InputError("policy.encoding", std::string("expected \"") + kPolicyEncoding +
                                            "\" (the table was made for another feature encoding)");
  if (!j.contains("entries") || !j["entries"].is_array())
    throw InputError("policy.entries", "expected a list of [key, q, visits]");
  QPolicy p;
  if (j.contains("info") && j["info"].is_object()) p.info = j["info"];
  const Json& entries = j["entries"];
  for (size_t i = 0; i < entries.size(); ++i) {
    const Json& e = entries[i];
    const std::string where = "policy.entries[" + std::to_string(i) + "]";
    if (!e.is_array() || e.size() != 3 || !e[0].is_number_unsigned() || !e[1].is_number() || !e[2].is_number_unsigned())
      throw InputError(where, "expected [key, q, visits]");
    const uint64_t key = e[0].get<uint64_t>();
    if (key >= kNumFeatureKeys)
      throw InputError(
          where, "key " + std::to_string(key) + " is out of range (0.." + std::to_string(kNumFeatureKeys - 1) + ")");
    const double q = e[1].get<double>();
    if (!std::isfinite(q)) throw InputError(where, "the Q-value must be finite");
    p.q[size_t(key)] = float(q);
    p.visits[size_t(key)] = uint32_t(std::min<uint64_t>(e[2].get<uint64_t>(), 0xffffffffu));
  }
  return p;
}

namespace {
std::map<std::string, std::shared_ptr<const QPolicy>>& runtime_policies() {
  static std::map<std::string, std::shared_ptr<const QPolicy>> policies;
  return policies;
}
std::mutex& policies_mutex() {
  static std::mutex m;
  return m;
}
}  // namespace

void store_policy(const std::string& name, std::shared_ptr<const QPolicy> policy) {
  std::lock_guard<std::mutex> lock(policies_mutex());
  runtime_policies()[name] = std::move(policy);
}

std::shared_ptr<const QPolicy> find_policy(const std::string& name) {
  {
    std::lock_guard<std::mutex> lock(policies_mutex());
    auto it = runtime_policies().find(name);
    if (it != runtime_policies().end()) return it->second;
  }
  const auto text = embedded_file("policies/zuma/" + name + ".json");
  if (!text) return nullptr;
  auto policy = std::make_shared<const QPolicy>(QPolicy::from_json(Json::parse(*text)));
  store_policy(name, policy);  // parse once
  return policy;
}

}  // namespace pg::zuma
