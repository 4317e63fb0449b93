// The pattern files agents can name: the shipped ones (policies/binary/*.txt,
// from the policy store) and those stored at run time (a file given to the
// CLI, the page's pattern editor).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/games/binary/patterns.h"

namespace pg::binary {

// The file the `patterns` agent plays when none is named.
constexpr const char* kDefaultPatterns = "twopattern";

// The shipped file of a name, under policies/: "binary/twopattern.txt".
std::string pattern_path(const std::string& name);
// The table stored under `name`, else the shipped file NAME.txt (from the
// policy store, engine/core/policy_store.h), else nullptr.
// Throws InputError if a shipped file is malformed.
std::shared_ptr<const PatternTable> find_patterns(const std::string& name);
void store_patterns(const std::string& name, std::shared_ptr<const PatternTable> table);
// The shipped files' names (without .txt), in name order.
std::vector<std::string> shipped_pattern_names();

}  // namespace pg::binary
