// The pattern files agents can name: the shipped ones (policies/binary/*.txt,
// from the policy store) and those stored at run time (a file given to the
// CLI, the page's pattern editor).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/core/policy_cache.h"
#include "engine/games/binary/patterns.h"

namespace pg::binary {

// The file the `patterns` agent plays when none is named.
constexpr const char* kDefaultPatterns = "twopattern";

// The shipped file of a name, under policies/: "binary/twopattern.txt".
std::string pattern_path(const std::string& name);
// Tables by name: stored at run time (a file given to the CLI, the page's
// pattern editor), else the shipped file pattern_path(name), parsed once.
PolicyCache<PatternTable>& pattern_tables();
// The shipped files' names (without .txt), in name order.
std::vector<std::string> shipped_pattern_names();

}  // namespace pg::binary
