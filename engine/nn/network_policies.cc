#include "engine/nn/network_policies.h"

namespace pg::nn {

PolicyCache<Policy>& network_policies() {
  static PolicyCache<Policy> cache(PolicyCache<Policy>::by_path, [](const std::string& bytes, const std::string& path) {
    const std::string game = path.substr(0, path.find('/'));
#ifndef __EMSCRIPTEN__
    // A file the user brought by its path (loaded_network.h) is named by it; the page names it by its place.
    if (is_loaded_policy(path))
      return read_policy(bytes,
                         {.source = "file '" + path.substr(loaded_policy_path(game, "").size()) + "'", .game = game});
#endif
    return read_policy(bytes, {.source = "policies/" + path, .game = game});
  });
  return cache;
}

std::shared_ptr<const Policy> require_network_policy(const std::string& path, const PolicyExpectation& expect) {
  auto policy = network_policies().require(path);
  check_expectation(*policy, expect);
  return policy;
}

}  // namespace pg::nn
