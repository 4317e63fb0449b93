#include "engine/games/zuma/q_policy.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "engine/core/error.h"
#include "engine/core/json_input.h"
#include "engine/core/policy_store.h"
#include "engine/nn/policy_file.h"

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
  // Sparse: the stored keys, as [key, q, visits], q rounded to 1e-4.
  Json entries = Json::array();
  for (uint32_t k = 0; k < kNumFeatureKeys; ++k) {
    if (!stored(k)) continue;
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

std::string QPolicy::to_policy_file(nn::DType storage) const {
  std::vector<int64_t> keys, counts;
  std::vector<float> values;
  for (uint32_t k = 0; k < kNumFeatureKeys; ++k) {
    if (!stored(k)) continue;
    keys.push_back(k);
    values.push_back(q[k]);
    counts.push_back(std::min<int64_t>(visits[k], 0x7fffffff));
  }
  const nn::Shape shape{int(keys.size())};
  nn::Policy p;
  p.game = "zuma";
  p.kind = "q-table";
  p.observation = {kPolicyEncoding, nn::Shape{int(kNumFeatureKeys)}};
  p.actions = {};
  if (info.contains("trained_with")) p.training["command"] = info["trained_with"];
  if (info.contains("settings")) p.training["settings"] = info["settings"];
  if (info.contains("score")) p.scores = info["score"];
  p.extra["info"] = info;
  p.tensors.push_back(nn::Tensor::from_ints("keys", nn::DType::kInt32, shape, keys));
  p.tensors.push_back(nn::Tensor::from_floats("q", shape, values, storage));
  p.tensors.push_back(nn::Tensor::from_ints("visits", nn::DType::kInt32, shape, counts));
  return nn::write_policy(p);
}

QPolicy QPolicy::from_policy_file(std::string_view bytes, const std::string& source) {
  const nn::Policy p = nn::read_policy(bytes, {.source = source,
                                               .game = "zuma",
                                               .kind = "q-table",
                                               .encoding = kPolicyEncoding,
                                               .observation_shape = nn::Shape{int(kNumFeatureKeys)}});
  const nn::Tensor* keys = p.find("keys");
  const nn::Tensor* values = p.find("q");
  const nn::Tensor* counts = p.find("visits");
  for (const auto& [name, t] : {std::pair{"keys", keys}, {"q", values}, {"visits", counts}})
    if (!t) throw InputError(source, std::string("missing tensor '") + name + "'");
  if (keys->shape.rank() != 1 || values->shape != keys->shape || counts->shape != keys->shape)
    throw InputError(source, "tensors 'keys', 'q' and 'visits' must be vectors of one length");
  if (keys->dtype != nn::DType::kInt32 || counts->dtype != nn::DType::kInt32 || !nn::is_float(values->dtype))
    throw InputError(source, "'keys' and 'visits' must be int32, 'q' float32 or float16");
  const std::vector<int64_t> k = keys->ints(), v = counts->ints();
  const std::vector<float> qs = values->floats();
  QPolicy out;
  for (size_t i = 0; i < k.size(); ++i) {
    if (k[i] < 0 || k[i] >= int64_t(kNumFeatureKeys))
      throw InputError(source, "keys[" + std::to_string(i) + "] = " + std::to_string(k[i]) + " is out of range (0.." +
                                   std::to_string(kNumFeatureKeys - 1) + ")");
    if (i > 0 && k[i] <= k[i - 1]) throw InputError(source, "keys[" + std::to_string(i) + "]: the keys must increase");
    if (v[i] < 0) throw InputError(source, "visits[" + std::to_string(i) + "] is negative");
    out.q[size_t(k[i])] = qs[i];
    out.visits[size_t(k[i])] = uint32_t(v[i]);
  }
  if (p.extra.contains("info") && p.extra["info"].is_object()) out.info = p.extra["info"];
  return out;
}

QPolicy QPolicy::parse(std::string_view bytes, const std::string& source) {
  if (bytes.substr(0, nn::kPolicyMagic.size()) == nn::kPolicyMagic) return from_policy_file(bytes, source);
  const Json json = parse_json_input(bytes, source);
  return read_in_file(source, [&] { return from_json(json); });
}

std::string policy_path(const std::string& name) { return "zuma/" + name + ".rlpg"; }

PolicyCache<QPolicy>& q_policies() {
  static PolicyCache<QPolicy> cache(policy_path, [](const std::string& bytes, const std::string& path) {
    return QPolicy::parse(bytes, "policies/" + path);
  });
  return cache;
}

std::vector<std::string> shipped_policy_names() {
  std::vector<std::string> names;
  for (const auto& path : shipped_policy_paths("zuma/q_"))
    if (path.size() > 10 && path.substr(path.size() - 5) == ".rlpg") names.push_back(path.substr(5, path.size() - 10));
  return names;
}

}  // namespace pg::zuma
