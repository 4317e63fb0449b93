#include "engine/games/binary/pattern_files.h"

#include "engine/core/policy_store.h"

namespace pg::binary {

namespace {

constexpr const char* kShippedPrefix = "binary/";

}  // namespace

std::string pattern_path(const std::string& name) { return kShippedPrefix + name + ".txt"; }

PolicyCache<PatternTable>& pattern_tables() {
  static PolicyCache<PatternTable> cache(pattern_path, [](const std::string& text, const std::string& path) {
    return PatternTable::parse(text, "policies/" + path);
  });
  return cache;
}

std::vector<std::string> shipped_pattern_names() {
  std::vector<std::string> names;
  const std::string prefix = kShippedPrefix;
  for (const auto& path : shipped_policy_paths(prefix))
    if (path.size() > prefix.size() + 4 && path.substr(path.size() - 4) == ".txt")
      names.push_back(path.substr(prefix.size(), path.size() - prefix.size() - 4));
  return names;
}

}  // namespace pg::binary
