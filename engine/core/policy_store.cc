#include "engine/core/policy_store.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

namespace pg {

namespace {

struct Store {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const std::string>, std::less<>> files;
  std::map<std::string, std::string, std::less<>> failures;
  PolicyRequest request = nullptr;
};

Store& store() {
  static Store s;
  return s;
}

#ifndef __EMSCRIPTEN__
// Natively: the file under policy_directory(), or nothing.
std::shared_ptr<const std::string> read_from_disk(std::string_view path) {
  const std::string dir = policy_directory();
  if (dir.empty() || path.empty() || path.find("..") != std::string_view::npos) return nullptr;
  std::ifstream in(dir + "/" + std::string(path), std::ios::binary);
  if (!in) return nullptr;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (in.bad()) return nullptr;
  return std::make_shared<const std::string>(std::move(bytes).str());
}
#endif

}  // namespace

std::string policy_directory() {
#ifdef __EMSCRIPTEN__
  return "";
#else
  if (const char* env = std::getenv("PG_POLICY_DIR"); env && *env) return env;
#ifdef PG_POLICY_DIR
  return PG_POLICY_DIR;
#else
  return "policies";
#endif
#endif
}

std::shared_ptr<const std::string> find_policy_file(std::string_view path) {
  Store& s = store();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    const auto it = s.files.find(path);
    if (it != s.files.end()) return it->second;
  }
#ifdef __EMSCRIPTEN__
  return nullptr;
#else
  auto bytes = read_from_disk(path);
  if (!bytes) return nullptr;
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.files.emplace(std::string(path), std::move(bytes)).first->second;  // read once
#endif
}

void provide_policy_file(std::string path, std::string bytes) {
  provide_policy_file(std::move(path), std::make_shared<const std::string>(std::move(bytes)));
}

void provide_policy_file(std::string path, std::shared_ptr<const std::string> bytes) {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.failures.erase(path);
  s.files[std::move(path)] = std::move(bytes);
}

void policy_file_failed(std::string path, std::string message) {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.failures[std::move(path)] = std::move(message);
}

void forget_policy_failures(std::string_view prefix) {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  std::erase_if(s.failures, [&](const auto& f) { return f.first.substr(0, prefix.size()) == prefix; });
}

void install_policy_request(PolicyRequest request) {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.request = request;
}

std::vector<std::string> shipped_policy_paths(std::string_view prefix) {
  std::vector<std::string> paths;
  for (const auto& f : shipped_policy_files())
    if (f.path.substr(0, prefix.size()) == prefix) paths.emplace_back(f.path);
  std::sort(paths.begin(), paths.end());
  return paths;
}

bool is_shipped_policy(std::string_view path) {
  return std::any_of(shipped_policy_files().begin(), shipped_policy_files().end(),
                     [&](const ShippedPolicyFile& f) { return f.path == path; });
}

std::string loaded_policy_path(std::string_view game, std::string_view name) {
  return std::string(game) + "/loaded/" + std::string(name);
}

bool is_loaded_policy(std::string_view path) {
  const auto slash = path.find('/');
  return slash != std::string_view::npos && path.substr(slash + 1).starts_with("loaded/");
}

std::shared_ptr<const std::string> require_policy_file(std::string_view path) {
  if (auto bytes = find_policy_file(path)) return bytes;
  const std::string name(path);
  PolicyRequest request = nullptr;
  {
    Store& s = store();
    std::lock_guard<std::mutex> lock(s.mutex);
    const auto it = s.failures.find(path);
    if (it != s.failures.end())
      throw PolicyUnavailable(name, "policy " + name + " could not be loaded: " + it->second, false);
    request = s.request;
  }
#ifdef __EMSCRIPTEN__
  if (is_shipped_policy(path) || is_loaded_policy(path)) {
    if (request) request(path);  // the loader fetches it once (a loaded file: the page has its bytes)
    throw PolicyUnavailable(name, "policy " + name + " is still loading", true);
  }
  throw PolicyUnavailable(name, "not found: policies/" + name, false);
#else
  (void)request;  // natively files are read from disk, never fetched
  throw PolicyUnavailable(name, "not found: " + policy_directory() + "/" + name, false);
#endif
}

}  // namespace pg
