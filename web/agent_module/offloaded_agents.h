// The agents the page runs in its agent module (engine/core/offloaded_agent.h), each game that offloads agents
// one line: what the agent module installs as its factory, and the WebAssembly engine tests too.
#pragma once

#include <memory>
#include <string_view>

#include "engine/core/agent.h"

namespace pg::web {

std::unique_ptr<Agent> offloaded_agent(const Game& game, std::string_view spec);

}  // namespace pg::web
