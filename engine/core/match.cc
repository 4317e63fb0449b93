#include "engine/core/match.h"

#include <memory>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"

namespace pg {

MatchResult play_match(const Game& game, const std::vector<std::string>& seats, long games, uint64_t seed,
                       const std::function<void(long)>& progress) {
  if (seats.size() != size_t(game.num_players()))
    throw InputError("agents", game.name() + " needs " + std::to_string(game.num_players()) + " agents");
  std::vector<std::unique_ptr<Agent>> agents;
  for (const auto& spec : seats) {
    agents.push_back(make_agent(game, spec));
    if (agents.back()->is_human()) throw InputError("agent 'human'", "a match needs computer agents");
  }
  MatchResult result;
  for (long g = 0; g < games; ++g) {
    const uint64_t episode_seed = seed + uint64_t(g);
    auto state = game.initial_state(episode_seed);
    double first_return = 0;
    for (size_t t = 0; !state->is_terminal(); ++t) {
      Rng rng = decision_rng(episode_seed, t);
      const Decision d = agents[size_t(state->current_player())]->decide(*state, rng);
      if (d.declined)
        throw InputError("agent '" + seats[size_t(state->current_player())] + "'",
                         "declined to move at step " + std::to_string(t) + " of the game with seed " +
                             std::to_string(episode_seed) + ": " + d.note);
      first_return += state->apply(d.chosen)[0];
    }
    ++result.games;
    result.first_return_sum += first_return;
    if (first_return > 0)
      ++result.wins;
    else if (first_return < 0)
      ++result.losses;
    else
      ++result.draws;
    if (progress) progress(g + 1);
  }
  return result;
}

}  // namespace pg
