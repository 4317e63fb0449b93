// Data files compiled into the engine (see cmake/embed_data.cmake): the
// scenarios under assets/zuma/. Trained policies are files, not compiled in:
// see engine/core/policy_store.h.
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

const std::vector<EmbeddedFile>& embedded_files();

// The content of an embedded file, or nothing.
std::optional<std::string_view> embedded_file(std::string_view path);
// The paths that start with `prefix`, in name order.
std::vector<std::string> embedded_paths(std::string_view prefix);

}  // namespace pg
