#include "engine/games/binary/pattern_files.h"

#include <map>
#include <mutex>

#include "engine/core/policy_store.h"

namespace pg::binary {

namespace {

constexpr const char* kShippedPrefix = "binary/";

std::map<std::string, std::shared_ptr<const PatternTable>>& stored() {
  static std::map<std::string, std::shared_ptr<const PatternTable>> tables;
  return tables;
}

std::mutex& stored_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

void store_patterns(const std::string& name, std::shared_ptr<const PatternTable> table) {
  std::lock_guard<std::mutex> lock(stored_mutex());
  stored()[name] = std::move(table);
}

std::shared_ptr<const PatternTable> find_patterns(const std::string& name) {
  {
    std::lock_guard<std::mutex> lock(stored_mutex());
    const auto it = stored().find(name);
    if (it != stored().end()) return it->second;
  }
  const std::string path = pattern_path(name);
  const auto text = find_policy_file(path);
  if (!text) return nullptr;
  auto table = std::make_shared<const PatternTable>(PatternTable::parse(*text, "policies/" + path));
  store_patterns(name, table);  // parse once
  return table;
}

std::string pattern_path(const std::string& name) { return kShippedPrefix + name + ".txt"; }

std::vector<std::string> shipped_pattern_names() {
  std::vector<std::string> names;
  const std::string prefix = kShippedPrefix;
  for (const auto& path : shipped_policy_paths(prefix))
    if (path.size() > prefix.size() + 4 && path.substr(path.size() - 4) == ".txt")
      names.push_back(path.substr(prefix.size(), path.size() - prefix.size() - 4));
  return names;
}

}  // namespace pg::binary
