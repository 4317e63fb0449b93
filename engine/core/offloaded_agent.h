// Offloaded agents: agents whose code the page leaves out of its first download (the Sokoban networks and
// the Morris seed's tables). Natively a game builds them itself. In the page they run in a second WebAssembly
// module, the agent module (web/agent_module/), fetched the first time one is seated: the page's engine sends
// it each decision's state and random stream as JSON and replays its answer. The agent module runs this same
// engine, so its decisions are the native ones, bit for bit.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/agent.h"

namespace pg {

// A game's own builder of its offloaded agents (e.g. sokoban::make_offloaded_agent).
using OffloadedAgentFactory = std::unique_ptr<Agent> (*)(const Game& game, std::string_view spec);

// Carries a request (a JSON text) to the agent module and returns its reply; nullopt while the module is
// still loading (the carrier starts loading it).
using AgentModuleExchange = std::optional<std::string> (*)(const std::string& request);

// What a game's make_agent calls, in the page, for an offloaded agent: the factory installed in this module
// (the agent module installs the real one), else an agent that asks the agent module. Throws
// PolicyUnavailable (loading) while the agent module or a file the agent needs is on its way, and
// InputError when the agent module refuses the spec.
std::unique_ptr<Agent> make_offloaded_agent(const Game& game, std::string_view spec);

// The agent module installs the games' factories; the page installs its exchange.
void install_offloaded_agent_factory(OffloadedAgentFactory factory);
void install_agent_module_exchange(AgentModuleExchange exchange);
// The factory installed, or null (the tests play both sides in one process).
OffloadedAgentFactory installed_offloaded_agent_factory();

// The agent module's side: answers one request with a reply (both JSON texts). Requests:
//   {"op": "make", "id": N, "game": name, "options": {...}, "agent": spec}
//     -> {"spec": spec} | {"unavailable": path, "loading": bool, "message": text} | {"error": text}
//   (the page's carrier answers {"module_error": text} itself when the module could not be loaded)
//   {"op": "decide", "id": N, "state": {...}, "rng": [4 words as hex]} -> {"decision": {...}, "rng": [...]}
//   {"op": "drop", "id": N} -> {}
std::string answer_agent_module_request(std::string_view request);

}  // namespace pg
