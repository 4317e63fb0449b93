#include <algorithm>

#include "engine/core/embedded_data.h"

namespace pg {

std::optional<std::string_view> embedded_file(const std::vector<EmbeddedFile>& folder, std::string_view path) {
  for (const auto& f : folder)
    if (f.path == path) return f.content;
  return std::nullopt;
}

std::vector<std::string> embedded_paths(const std::vector<EmbeddedFile>& folder, std::string_view prefix) {
  std::vector<std::string> paths;
  for (const auto& f : folder)
    if (f.path.substr(0, prefix.size()) == prefix) paths.emplace_back(f.path);
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace pg
