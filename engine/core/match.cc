#include "engine/core/match.h"

#include <memory>
#include <optional>
#include <utility>

#include "engine/core/agent.h"
#include "engine/core/episode.h"
#include "engine/core/error.h"

namespace pg {

namespace {

// One game of a match: the first seat's return, or the forfeit of the seat that declined.
struct GameOutcome {
  double first_return = 0;
  std::optional<Forfeit> forfeit;
};

GameOutcome play_game(const Game& game, std::vector<std::unique_ptr<Agent>>& agents, uint64_t episode_seed,
                      long game_number) {
  GameOutcome outcome;
  auto state = game.initial_state(episode_seed);
  for (size_t t = 0; !state->is_terminal(); ++t) {
    const int seat = state->current_player();
    Rng rng = decision_rng(episode_seed, t);
    const Decision d = agents[size_t(seat)]->decide_at(*state, rng, {t, game_number});
    if (d.declined) {
      outcome.forfeit = Forfeit{0, episode_seed, t, seat, d.note};
      outcome.first_return = seat == 0 ? -1 : 1;
      return outcome;
    }
    outcome.first_return += state->apply(d.chosen)[0];
  }
  return outcome;
}

}  // namespace

MatchResult play_match(const Game& game, const std::vector<std::string>& seats, long games, uint64_t seed,
                       const std::function<void(long)>& progress, const std::function<void(const Forfeit&)>& forfeit) {
  if (seats.size() != size_t(game.num_players()))
    throw InputError("agents", game.name() + " needs " + std::to_string(game.num_players()) + " agents");
  std::vector<std::unique_ptr<Agent>> agents;
  for (const auto& spec : seats) {
    agents.push_back(make_agent(game, spec));
    if (agents.back()->is_human()) throw InputError("agent 'human'", "a match needs computer agents");
  }
  MatchResult result;
  for (long g = 0; g < games; ++g) {
    GameOutcome outcome = play_game(game, agents, seed + uint64_t(g), g);
    if (outcome.forfeit) {
      outcome.forfeit->game = g;
      const size_t seat = size_t(outcome.forfeit->seat);
      agents[seat] = make_agent(game, seats[seat]);
      if (forfeit) forfeit(*outcome.forfeit);
      result.forfeits.push_back(std::move(*outcome.forfeit));
    }
    ++result.games;
    result.first_return_sum += outcome.first_return;
    if (outcome.first_return > 0)
      ++result.wins;
    else if (outcome.first_return < 0)
      ++result.losses;
    else
      ++result.draws;
    if (progress) progress(g + 1);
  }
  return result;
}

}  // namespace pg
