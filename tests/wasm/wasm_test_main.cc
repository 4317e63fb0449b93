// main() of the engine tests in WebAssembly: the page's engine does not read policy files from disk (it is
// handed their bytes), so this hands it the shipped ones from the source tree (node's file system) before
// the tests run. `--shard=I/N` runs the I-th of N
// parts of the tests (GoogleTest's sharding, which reads its environment: node's own is not the module's).
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "engine/core/policy_store.h"

namespace {

// Removes --shard=I/N from argv and sets GoogleTest's shard variables; false if its value is malformed.
bool take_shard_flag(int& argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--shard=", 8) != 0) continue;
    const std::string value = argv[i] + 8;
    const size_t slash = value.find('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 == value.size() ||
        value.find_first_not_of("0123456789/") != std::string::npos || value.find('/', slash + 1) != std::string::npos)
      return false;
    const std::string index = value.substr(0, slash), total = value.substr(slash + 1);
    if (std::stoul(index) >= std::stoul(total)) return false;
    setenv("GTEST_SHARD_INDEX", index.c_str(), 1);
    setenv("GTEST_TOTAL_SHARDS", total.c_str(), 1);
    for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
    --argc;
    return true;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (!take_shard_flag(argc, argv)) {
    std::cerr << "engine_tests_wasm: --shard expects INDEX/TOTAL with INDEX < TOTAL, such as --shard=0/2\n";
    return 2;
  }
  for (const auto& file : pg::shipped_policy_files()) {
    const std::string path = std::string(PG_SOURCE_DIR) + "/policies/" + std::string(file.path);
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (!in || bytes.str().size() != file.bytes) {
      std::cerr << "engine_tests_wasm: cannot read " << path << " (" << file.bytes << " bytes expected)\n";
      return 2;
    }
    pg::provide_policy_file(std::string(file.path), std::move(bytes).str());
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
