// What the page's worker calls (web/page/worker.mjs starts the game's module in a Web Worker without running main):
// the decisions of the agents seated in the page (engine/core/worker_agent.h), and the policy files they ask for.
#include <emscripten.h>

#include <string>

#include "engine/core/policy_store.h"
#include "engine/core/worker_agent.h"

namespace {
std::string last_reply;
}  // namespace

extern "C" {

// One request, one reply (JSON texts); the reply stays valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* pg_worker_decide(const char* request) {
  last_reply = pg::answer_worker_request(request);
  return last_reply.c_str();
}

// A policy file the worker asked for (its bytes in a heap buffer the caller frees), by its path under policies/.
EMSCRIPTEN_KEEPALIVE void pg_worker_provide_policy(const char* path, const char* data, double size) {
  pg::provide_policy_file(path, std::string(data, size_t(size)));
}

// A policy file that could not be had: the agents that need it say so.
EMSCRIPTEN_KEEPALIVE void pg_worker_policy_failed(const char* path, const char* message) {
  pg::policy_file_failed(path, message);
}

}  // extern "C"
