#include "engine/core/policy_store.h"

#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

namespace pg {
namespace {

struct Store {
  std::mutex mutex;
  std::map<std::string, std::shared_ptr<const std::string>, std::less<>> files;
};

Store& store() {
  static Store s;
  return s;
}

}  // namespace

std::shared_ptr<const std::string> find_policy_file(std::string_view path) {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (auto it = s.files.find(path); it != s.files.end()) return it->second;
#ifdef PG_POLICY_DIR
  if (path.find("..") != std::string_view::npos) return nullptr;  // only files under policies/
  std::ifstream in(std::string(PG_POLICY_DIR) + "/" + std::string(path), std::ios::binary);
  if (!in) return nullptr;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  auto file = std::make_shared<const std::string>(bytes.str());
  s.files.emplace(std::string(path), file);
  return file;
#else
  return nullptr;
#endif
}

void provide_policy_file(std::string path, std::string bytes) {
  Store& s = store();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.files[std::move(path)] = std::make_shared<const std::string>(std::move(bytes));
}

}  // namespace pg
