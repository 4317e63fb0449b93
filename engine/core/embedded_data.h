// Data files compiled into the engine (cmake/embed_data.cmake): Zuma's scenarios (assets/zuma/) and the built-in
// Sokoban collections (assets/sokoban/). Each folder of assets/ is a table of its own, embedded_<folder>()
// (generated: embedded_folders.h), so that a page's module carries only its game's data. Trained policies are
// files, not compiled in: see engine/core/policy_store.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pg {

struct EmbeddedFile {
  std::string_view path;  // relative to the repository, e.g. "assets/zuma/seed_example.json"
  std::string_view content;
};

// The content of the file of `folder` (an embedded_<folder>() table) at `path`, or nothing.
std::optional<std::string_view> embedded_file(const std::vector<EmbeddedFile>& folder, std::string_view path);
// The paths of `folder` that start with `prefix`, in name order.
std::vector<std::string> embedded_paths(const std::vector<EmbeddedFile>& folder, std::string_view prefix);

}  // namespace pg
