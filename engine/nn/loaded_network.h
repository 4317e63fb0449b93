// A network file the user brought, as the agent "file:NAME" (or "file:NAME:T" at temperature T) of any game
// with a network encoding (State::observation_tensor): Kalah, Zuma and Sokoban. The file is a policy file
// (policy_file.h) of one of the network kinds, for the game's encoding and the shape its options give.
//
// Natively (the CLI, Python) NAME is the file's path, read on first use. In the page it is the name of a file
// the user loaded (the Setup panel's File... beside a seat, or window.playground.providePolicyFile with the path
// loaded_policy_path gives, policy_store.h): the page keeps its bytes, and hands them to its worker too.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "engine/core/agent.h"

namespace pg::nn {

// The agent for "file:ARG" (ARG is NAME or NAME:T); throws InputError naming the spec and the problem (a game
// without a network encoding, a file that cannot be read or is not a network for this game).
std::unique_ptr<Agent> make_loaded_network_agent(const Game& game, std::string_view spec, std::string_view arg);

}  // namespace pg::nn
