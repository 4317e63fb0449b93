// Parsed policies of one kind (Kalah's weights, Zuma's Q-tables, the Binary Game's pattern files, Morris's
// tables and networks), by name: the one cache every game keeps its policies in. A name's policy is
//   - the one stored under it at run time (trained in the page, a file the user loaded, the pattern editor's
//     table, one a CLI command just wrote), else
//   - its policy file (policy_store.h) parsed: once for the bytes the store holds, and again when the store
//     is handed other bytes for that file (a file fetched again, or handed over by a test).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "engine/core/policy_store.h"

namespace pg {

template <class Policy>
class PolicyCache {
 public:
  // path_of: a name's file under policies/ ("theta_td0" -> "mancala/theta_td0.json"; by_path() where the name
  // is the path). parse: the policy in a file's bytes, or an InputError naming the file (its path is given) and
  // the problem.
  using PathOf = std::function<std::string(const std::string& name)>;
  using Parse = std::function<Policy(const std::string& bytes, const std::string& path)>;
  PolicyCache(PathOf path_of, Parse parse) : path_of_(std::move(path_of)), parse_(std::move(parse)) {}
  static std::string by_path(const std::string& path) { return path; }

  // The policy named `name`, or nullptr when it is neither stored nor a file that is there (in the page: not
  // fetched yet). A file that does not parse throws its InputError (again at the next call).
  std::shared_ptr<const Policy> find(const std::string& name) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (const auto it = stored_.find(name); it != stored_.end()) return it->second;
    }
    const std::string path = path_of_(name);
    const auto bytes = find_policy_file(path);
    if (!bytes) return nullptr;
    std::lock_guard<std::mutex> lock(mutex_);
    Parsed& parsed = parsed_[path];
    if (parsed.bytes != bytes) {
      parsed.policy = std::make_shared<const Policy>(parse_(*bytes, path));
      parsed.bytes = bytes;
      ++parses_;
    }
    return parsed.policy;
  }

  // Parses bytes about to be handed to the store for `path` (provide_policy_file with these very bytes), so
  // that a file can be checked before it is stored: throws the parse's InputError (nothing is kept), else the
  // policy is kept for these bytes and find parses nothing once the store holds them.
  std::shared_ptr<const Policy> parse_arriving(const std::string& path, std::shared_ptr<const std::string> bytes) {
    auto policy = std::make_shared<const Policy>(parse_(*bytes, path));
    std::lock_guard<std::mutex> lock(mutex_);
    parsed_[path] = {std::move(bytes), policy};
    ++parses_;
    return policy;
  }

  // How many times a file was parsed (for tests: a file is parsed once for the bytes the store holds).
  long parses() {
    std::lock_guard<std::mutex> lock(mutex_);
    return parses_;
  }

  // As find, for an agent about to be seated: a shipped file that is not there is asked for, and this throws
  // its PolicyUnavailable (in the page "still loading": the agent takes its seat when the file arrives).
  // nullptr only for a name that is neither stored nor shipped.
  std::shared_ptr<const Policy> need(const std::string& name) {
    if (auto policy = find(name)) return policy;
    const std::string path = path_of_(name);
    if (is_shipped_policy(path)) require_policy_file(path);
    return nullptr;
  }

  // As need, for a policy that must be had: a name neither stored nor a file throws the PolicyUnavailable of
  // its file (still loading, failed, or not found: naming where it looked).
  std::shared_ptr<const Policy> require(const std::string& name) {
    if (auto policy = find(name)) return policy;
    require_policy_file(path_of_(name));  // throws unless the file arrived meanwhile
    return find(name);
  }

  // Whether find would return a policy, without parsing a file that is there (a large table is parsed where
  // it is used: in the page's worker, not on its main thread).
  bool at_hand(const std::string& name) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stored_.count(name)) return true;
    }
    return find_policy_file(path_of_(name)) != nullptr;
  }

  // Stores a policy under `name`, in place of its file and of an earlier one; nullptr forgets it.
  void store(const std::string& name, std::shared_ptr<const Policy> policy) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (policy)
      stored_[name] = std::move(policy);
    else
      stored_.erase(name);
  }

 private:
  struct Parsed {
    std::shared_ptr<const std::string> bytes;  // the bytes `policy` was parsed from
    std::shared_ptr<const Policy> policy;
  };
  PathOf path_of_;
  Parse parse_;
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Policy>> stored_;
  std::map<std::string, Parsed> parsed_;  // by path
  long parses_ = 0;
};

}  // namespace pg
