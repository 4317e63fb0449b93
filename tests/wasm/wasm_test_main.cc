// main() of the engine tests in WebAssembly: the page's engine does not read policy files from disk (it is
// handed their bytes), so this hands it the shipped ones from the source tree (node's file system) before
// the tests run, and installs the agent module's factory, as the agent module does, so that the offloaded
// agents (engine/core/offloaded_agent.h) are built here as natively.
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "engine/core/offloaded_agent.h"
#include "engine/core/policy_store.h"
#include "web/agent_module/offloaded_agents.h"

int main(int argc, char** argv) {
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
  pg::install_offloaded_agent_factory(&pg::web::offloaded_agent);
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
