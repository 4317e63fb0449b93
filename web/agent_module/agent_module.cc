// The agent module: a second WebAssembly module, the engine without the page's interface, that runs the
// agents whose code the page's first download leaves out (engine/core/offloaded_agent.h). shell.html fetches
// it the first time such an agent is seated, hands it the policy files it asks for, and carries the page's
// requests to pga_exchange.
#include <emscripten.h>

#include <string>

#include "engine/core/offloaded_agent.h"
#include "engine/core/policy_store.h"
#include "web/agent_module/offloaded_agents.h"

namespace {

std::string last_reply;

}  // namespace

extern "C" {

// One request, one reply (JSON texts); the reply stays valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* pga_exchange(const char* request) {
  last_reply = pg::answer_agent_module_request(request);
  return last_reply.c_str();
}

// A policy file the module asked for (its bytes in a heap buffer the caller frees), by its path under policies/.
EMSCRIPTEN_KEEPALIVE void pga_provide_policy(const char* path, const char* data, double size) {
  pg::provide_policy_file(path, std::string(data, size_t(size)));
}

// A policy file that could not be fetched: the agents that need it say so.
EMSCRIPTEN_KEEPALIVE void pga_policy_failed(const char* path, const char* message) {
  pg::policy_file_failed(path, message);
}

}  // extern "C"

int main() {
  pg::install_offloaded_agent_factory(&pg::web::offloaded_agent);
  return 0;
}
