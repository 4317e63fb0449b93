// The agent protocol: how the playground talks to an agent it does not contain (a student's program), one JSON
// object per line each way (docs/agent-protocol.md). This file builds the playground's messages and reads the
// agent's replies; carrying the lines (a process's pipes) is the caller's job. Version 1.
#pragma once

#include <string>

#include "engine/core/agent.h"
#include "engine/core/game.h"
#include "engine/core/json.h"

namespace pg::agent_protocol {

inline constexpr int kVersion = 1;

// {"type": "start", "protocol": 1, "game": ..., "title": ..., "options": {...}, "players": N, "seat": p}: sent once,
// before the first decision. The agent answers {"type": "ready"} (optionally with "name"), or {"type": "error",
// "message": ...} to refuse.
Json start_message(const Game& game, int seat);

// {"type": "decide", "player": p, "step": t, "episode": e, "state": {...}, "legal_actions": [names],
// "observation": [numbers], "time_limit": seconds} and, where the game has one, "tensor": {"encoding", "shape",
// "values"}. `step` and `episode` are the context's: an agent that remembers across decisions sees a new game
// when `episode` changes, and the page's step back when `step` goes down.
Json decide_message(const State& state, const DecisionContext& context, double time_limit_seconds);

// Checks the agent's answer to `start`; throws InputError naming what is wrong (a refusal included).
void check_ready(const Json& reply);

// The agent's answer to `decide` as a decision over the state's legal actions: {"type": "action", "action": name}
// and optionally "probabilities" {name: p} (at least 0, summing to 1 within 1e-6; actions left out get 0; absent:
// all on the action), "values" {name: number} (the agent's estimate per action), "value" (of the state) and "note"
// (one line). Throws InputError naming the field (under "reply") when the answer is not that, or names an action
// that is not legal here.
Decision decision_from_reply(const Json& reply, const State& state);

}  // namespace pg::agent_protocol
