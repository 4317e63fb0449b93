#include "engine/nn/network_policies.h"

namespace pg::nn {

PolicyCache<Policy>& network_policies() {
  static PolicyCache<Policy> cache(PolicyCache<Policy>::by_path, [](const std::string& bytes, const std::string& path) {
    return read_policy(bytes, {.source = "policies/" + path, .game = path.substr(0, path.find('/'))});
  });
  return cache;
}

std::shared_ptr<const Policy> require_network_policy(const std::string& path, const PolicyExpectation& expect) {
  auto policy = network_policies().require(path);
  check_expectation(*policy, expect);
  return policy;
}

}  // namespace pg::nn
