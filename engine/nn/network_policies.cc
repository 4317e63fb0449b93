#include "engine/nn/network_policies.h"

namespace pg::nn {

PolicyCache<Policy>& network_policies() {
  static PolicyCache<Policy> cache(PolicyCache<Policy>::by_path, [](const std::string& bytes, const std::string& path) {
    // A file the user brought (loaded_network.h) is named as they named it; a shipped one by its place.
    const std::string game = path.substr(0, path.find('/'));
    const std::string source =
        is_loaded_policy(path) ? "file '" + path.substr(loaded_policy_path(game, "").size()) + "'" : "policies/" + path;
    return read_policy(bytes, {.source = source, .game = game});
  });
  return cache;
}

std::shared_ptr<const Policy> require_network_policy(const std::string& path, const PolicyExpectation& expect) {
  auto policy = network_policies().require(path);
  check_expectation(*policy, expect);
  return policy;
}

}  // namespace pg::nn
