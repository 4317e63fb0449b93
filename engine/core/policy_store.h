// Trained policy files by their path under policies/ ("zuma/dqn.rlpg").
// Natively they are read from the source tree's policies/ directory (the
// compile definition PG_POLICY_DIR); the page provides them after fetching
// them (provide_policy_file). Files are read once and kept.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace pg {

// The file's bytes, or nullptr if it is neither provided nor on disk.
std::shared_ptr<const std::string> find_policy_file(std::string_view path);
// Makes `bytes` the content of `path` (replacing any earlier content).
void provide_policy_file(std::string path, std::string bytes);

}  // namespace pg
