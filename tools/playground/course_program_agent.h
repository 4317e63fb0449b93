// `course-program:COMMAND`: a Binary Game player speaking the course's own text protocol (the assignment's
// `a3.py`, unchanged; engine/games/binary/protocol.h is our copy of it), seated as an agent. For each decision
// the playground sets the program's board up with `game n m` and a `play x y d` per filled point, asks
// `policy_moves` (shown as the decision's probabilities; a program without the command simply shows none) and
// `genmove`, whose move is played. A program that fails, or answers `resign` or an illegal move, declines with a
// note naming what it did (tools/playground/child_process.h).
#pragma once

#include <memory>
#include <string>

#include "engine/core/agent.h"

namespace pg::cli {

std::unique_ptr<Agent> make_course_program_agent(const Game& game, const std::string& command);

// Registers `course-program` with make_agent (engine/core/agent_maker.h): main() calls it once.
void register_course_program_agents();

}  // namespace pg::cli
