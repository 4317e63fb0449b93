#include "web/agent_module/offloaded_agents.h"

#include <string>

#include "engine/games/mancala/perfect_agent.h"
#include "engine/games/morris/seed_agents.h"
#include "engine/games/sokoban/offloaded_agents.h"

namespace pg::web {

std::unique_ptr<Agent> offloaded_agent(const Game& game, std::string_view spec) {
  const std::string name = game.name();
  if (name == "sokoban") return sokoban::offloaded_agent(game, spec);
  if (name == "morris") return morris::offloaded_agent(game, spec);
  if (name == "mancala") return mancala::offloaded_agent(game, spec);
  return nullptr;
}

}  // namespace pg::web
