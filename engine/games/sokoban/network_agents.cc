#include "engine/games/sokoban/network_agents.h"

#include "engine/core/error.h"
#include "engine/games/sokoban/greedy_agent.h"
#include "engine/games/sokoban/level_text.h"
#include "engine/games/sokoban/policy_agent.h"
#include "engine/games/sokoban/sokoban_game.h"
#include "engine/nn/network_agent.h"

namespace pg::sokoban {

std::unique_ptr<Agent> make_network_agent(const Game& game, std::string_view spec) {
  const auto& sokoban = static_cast<const SokobanGame&>(game);
  const auto [name, arg] = split_spec(spec);
  if (name == "greedy" && arg.empty()) return std::make_unique<GreedyAgent>();
  if (name == "policy" || name == "guided") return make_policy_agent(spec);
  if (name != "dqn") return nullptr;
  // The project trained one network per map (notes on the project, 4.3): only its own maps have one.
  if (sokoban.setup().collection != "seed")
    throw InputError("agent '" + std::string(spec) + "'",
                     "the project's DQN has a network for each of its two maps only (collection seed, index 0 or 1)");
  const double temperature = arg.empty() ? 0.0 : nn::parse_temperature(spec, arg);
  const std::string path = project_dqn_policy_path(sokoban.setup().index);
  const Level& level = sokoban.level();
  return nn::make_network_agent("dqn", path,
                                {.source = path,
                                 .game = "sokoban",
                                 .kind = "q-network",
                                 .encoding = kTilesEncoding,
                                 .observation_shape = nn::Shape{kNumTiles, level.height, level.width}},
                                temperature);
}

}  // namespace pg::sokoban
