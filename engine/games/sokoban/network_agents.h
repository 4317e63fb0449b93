// The Sokoban agents built on networks: the general policy, the search it guides, the project's per-map DQNs,
// and the greedy baseline.
#pragma once

#include <memory>
#include <string_view>

#include "engine/core/agent.h"

namespace pg::sokoban {

// "greedy", "policy", "policy:T", "guided", "guided:N", "dqn", "dqn:T" for a SokobanGame; nullptr for other names.
std::unique_ptr<Agent> make_network_agent(const Game& game, std::string_view spec);

}  // namespace pg::sokoban
