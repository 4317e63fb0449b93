// `program:COMMAND`: a student's program seated as an agent. The command runs under /bin/sh once per seat, on
// the seat's first decision, and is kept for every game of a match; it speaks the agent protocol on its stdin
// and stdout (engine/core/agent_protocol.h, docs/agent-protocol.md), and what it writes to stderr is its own
// (the last lines are quoted when it fails). A program that will not start, exits, hangs past the time limit,
// prints what is not the protocol, answers an illegal action or floods its output declines from then on, with a
// note naming which it was.
#pragma once

#include <memory>
#include <string>

#include "engine/core/agent.h"

namespace pg::cli {

// Seconds a program has for each answer.
inline constexpr double kProgramTimeLimit = 10.0;

std::unique_ptr<Agent> make_program_agent(const Game& game, const std::string& command);

// Registers `program` with make_agent (engine/core/agent_maker.h): main() calls it once.
void register_program_agents();

}  // namespace pg::cli
