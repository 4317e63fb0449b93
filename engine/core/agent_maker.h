// Agents the engine cannot make itself, registered by the program that can: the CLI's `program:COMMAND`, a
// process it starts (tools/playground/program_agent.h). make_agent (agent.h) then makes "NAME:ARG" as
// maker(game, ARG).
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "engine/core/agent.h"

namespace pg {

using AgentMaker = std::function<std::unique_ptr<Agent>(const Game& game, const std::string& arg)>;
void register_agent_maker(const std::string& name, AgentMaker maker);

}  // namespace pg
