// The page's program seat: a student's program, running on their machine behind the bridge (`playground connect
// -- COMMAND`, docs/your-agent.md), seated in the page as the agent `program`. The engine makes the agent
// protocol's messages and reads the program's answers (agent_protocol.h); the page carries them to the bridge and
// back as the worker's questions go (worker_agent.h: the installed ask, provide_worker_reply):
//   {"program": {"start": {...}, "decide": {...}}}
//     -> {"ready": LINE, "reply": LINE}  the program's answers, "ready" when the page sent start first (a new
//                                        game, seat or program: the page keeps which start it sent)
//      | {"failure": text}               the bridge or the program failed (the note names which and how)
// Any answer that is not the protocol makes the seat decline with a note naming it; the next decision asks again,
// so that a student who fixed the program steps on. Without the page (natively) it declines: the command line seats
// `program:COMMAND` instead.
#pragma once

#include <memory>

#include "engine/core/agent.h"

namespace pg {

// Seconds the program has for each decision (the decide message's time_limit; as the CLI's program agents).
inline constexpr double kBridgedProgramTimeLimit = 10.0;

std::unique_ptr<Agent> make_bridged_program(const Game& game);

}  // namespace pg
