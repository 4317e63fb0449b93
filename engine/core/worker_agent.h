// Agents think off the page's main thread. In the page, every agent the session seats, but a human or a random
// one, is a worker agent: its decisions are asked of the same game module running in a Web Worker (shell.html), which
// builds the same agent and decides from the same state and random stream, so the decisions are the native
// ones, bit for bit. While the worker thinks, decide() returns a Decision with `thinking` set and the page
// goes on drawing; the session asks again until the answer is there. Natively nothing is installed and agents
// decide in place.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/agent.h"

namespace pg {

// Carries a request (a JSON text, below) to the worker: its reply, or nullopt while the worker thinks (or
// starts, or fetches a file the agent needs). The same request asks again for the same answer.
using WorkerExchange = std::optional<std::string> (*)(const std::string& request);
void install_worker_exchange(WorkerExchange exchange);

// What the session seats in the page: `agent` (built for `game`) deciding in the worker, or `agent` itself
// when no worker is installed, when it is a human or a random one (nothing to think about), or when its spec
// names a policy only the page's memory holds (uses_page_memory).
std::unique_ptr<Agent> decide_in_worker(const Game& game, std::unique_ptr<Agent> agent);

// The spec names a policy that exists only in the page's memory, which the worker does not share: `live`
// (trained in the page), `uploaded` (a file the user loaded), `edited` (the Binary Game's pattern editor), as in
// "trained:live", "theta:2:live", "patterns:edited". Such an agent decides in place.
bool uses_page_memory(std::string_view spec);

// The worker's side: answers one request with a reply (both JSON texts).
//   {"game": name, "options": {...}, "agent": spec, "state": {...}, "rng": [4 words as hex]}
//     -> {"decision": {...}, "rng": [...]}  the decision and the random stream after it
//      | {"unavailable": path, "loading": bool, "message": text}  a policy file the agent needs
//      | {"error": text}
// The worker keeps the agents it built (by game, options and spec), as the page keeps its seated agents.
std::string answer_worker_request(std::string_view request);

}  // namespace pg
