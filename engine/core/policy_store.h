// Trained policies by their path under policies/ ("zuma/q_features.rlpg"):
// natively read from the source tree on first use, in the page handed over by
// its loader once fetched (policies are not compiled into the engine, so the
// first download stays small; see docs/policies.md). Agents that need a
// file ask here and, when it is not there, throw the PolicyUnavailable this
// store describes ("still loading" in the page, "not found" natively).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"

namespace pg {

// A policy file by its path under policies/, e.g. "zuma/q_features.rlpg". Natively it is read from the
// source tree's policies/ directory on first use (compile definition PG_POLICY_DIR set by CMake; the
// environment variable PG_POLICY_DIR overrides it). In the page it is there once the page has fetched it.
// nullptr when absent (not yet fetched, or no such file).
std::shared_ptr<const std::string> find_policy_file(std::string_view path);
// The page's loader (and tests) hand over a file's bytes.
void provide_policy_file(std::string path, std::string bytes);
void provide_policy_file(std::string path, std::shared_ptr<const std::string> bytes);

// A file the user brought for `game` (a network file seated as "file:NAME", engine/nn/loaded_network.h) is kept
// under "<game>/loaded/<NAME>": in the page it is asked of the page's loader as a shipped file is (the page has
// its bytes, or says it has not), natively it is read from NAME as a path.
std::string loaded_policy_path(std::string_view game, std::string_view name);
bool is_loaded_policy(std::string_view path);

// The page's loader tells that a file could not be had (a failed fetch, a refused file): the agents
// that need it then say so instead of "still loading".
void policy_file_failed(std::string path, std::string message);
// A game is opened again and the page fetches its failed files anew: they count as loading until then.
void forget_policy_failures(std::string_view prefix);
// The page's loader: asked for a shipped file the first time an agent requires it and it is not there (the
// loader fetches it once, and hands it over with provide_policy_file or policy_file_failed).
using PolicyRequest = void (*)(std::string_view path);
void install_policy_request(PolicyRequest request);

// The files the build ships (policies/<game>/*, from the manifest CMake generates), with their sizes.
struct ShippedPolicyFile {
  std::string_view path;  // under policies/, e.g. "zuma/q_features.rlpg"
  size_t bytes = 0;
};
const std::vector<ShippedPolicyFile>& shipped_policy_files();
// The shipped paths that start with `prefix` ("zuma/"), in name order.
std::vector<std::string> shipped_policy_paths(std::string_view prefix);
bool is_shipped_policy(std::string_view path);

// A policy file an agent needs but cannot have now. loading() is true while the page is still
// fetching a shipped file: the page seats the agent once the file arrives.
class PolicyUnavailable : public InputError {
 public:
  PolicyUnavailable(const std::string& path, const std::string& problem, bool loading)
      : InputError("", problem), path_(path), loading_(loading) {}
  const std::string& path() const { return path_; }
  bool loading() const { return loading_; }

 private:
  std::string path_;
  bool loading_;
};

// The file's bytes, or throws PolicyUnavailable: "policy zuma/q_features.rlpg: is still loading" in the
// page, "not found: <path>" natively (naming where it looked), or the loader's failure message.
std::shared_ptr<const std::string> require_policy_file(std::string_view path);

// Where native builds read policies from (PG_POLICY_DIR), "" in the page.
std::string policy_directory();

}  // namespace pg
