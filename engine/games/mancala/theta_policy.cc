#include "engine/games/mancala/theta_policy.h"

#include <cmath>

#include "engine/core/error.h"
#include "engine/core/json_input.h"

namespace pg::mancala {

Json ThetaPolicy::to_json() const {
  Json weights = Json::object();
  for (int i = 0; i < kNumFeatures; ++i) weights[feature_names()[size_t(i)]] = value.weights[size_t(i)];
  return {{"format", kThetaFormat},
          {"version", kThetaVersion},
          {"features", feature_rules.to_json()},
          {"weights", weights},
          {"info", info}};
}

ThetaPolicy ThetaPolicy::from_json(const Json& j) {
  if (!j.is_object()) throw InputError("theta", "expected a JSON object");
  if (!j.contains("format") || j["format"] != kThetaFormat)
    throw InputError("theta.format", std::string("expected \"") + kThetaFormat + "\"");
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int>() != kThetaVersion)
    throw InputError("theta.version", "this build reads version " + std::to_string(kThetaVersion));
  ThetaPolicy p;
  if (j.contains("features")) p.feature_rules = FeatureRules::from_json(j["features"]);
  if (!j.contains("weights") || !j["weights"].is_object())
    throw InputError("theta.weights", "expected an object of 40 named weights");
  const Json& w = j["weights"];
  for (int i = 0; i < kNumFeatures; ++i) {
    const std::string& name = feature_names()[size_t(i)];
    if (!w.contains(name)) throw InputError("theta.weights", "'" + name + "' is missing");
    if (!w[name].is_number() || !std::isfinite(w[name].get<double>()))
      throw InputError("theta.weights." + name, "expected a finite number");
    p.value.weights[size_t(i)] = w[name].get<double>();
  }
  if (w.size() != size_t(kNumFeatures)) {
    for (const auto& [key, value] : w.items()) {
      bool known = false;
      for (const auto& name : feature_names()) known = known || name == key;
      if (!known) throw InputError("theta.weights." + key, "unknown feature name");
    }
  }
  if (j.contains("info")) p.info = j["info"];
  return p;
}

std::string theta_path(const std::string& name) { return "mancala/" + name + ".json"; }

PolicyCache<ThetaPolicy>& thetas() {
  static PolicyCache<ThetaPolicy> cache(theta_path, [](const std::string& bytes, const std::string& path) {
    const Json json = parse_json_input(bytes, path);
    return read_in_file(path, [&] { return ThetaPolicy::from_json(json); });
  });
  return cache;
}

Json afterstate_features(const Board& board, const Rules& rules, const ThetaPolicy& policy) {
  const double sign = board.to_move == 0 ? 1 : -1;
  Json moves = Json::array();
  const uint32_t mask = board.legal_mask();
  for (int i = 0; i < kPitsPerSide; ++i) {
    if (!(mask & (1u << i))) continue;
    Board child = board;
    child.sow(i, rules);
    Json m = {{"action", std::to_string(i + 1)}, {"terminal", child.done}};
    if (child.done) {
      m["outcome"] = sign * child.outcome();
    } else {
      const Features phi = features(child, rules, policy.feature_rules);
      Json contributions = Json::array();
      double value = 0;
      for (size_t k = 0; k < phi.size(); ++k) {
        const double part = sign * policy.value.weights[k] * phi[k];
        contributions.push_back(part);
        value += part;
      }
      m["features"] = phi;
      m["contributions"] = contributions;
      m["value"] = value;
    }
    moves.push_back(m);
  }
  return {{"names", feature_names()}, {"weights", policy.value.weights}, {"moves", moves}};
}

}  // namespace pg::mancala
