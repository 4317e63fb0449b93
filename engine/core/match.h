// Plays many games between seated agents (the CLI's `match`, the tests).
// Game i uses the episode seed `seed + i` and the same decision streams as
// the page's episodes, so any game of a match can be replayed in the page.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/core/game.h"

namespace pg {

struct MatchResult {
  long games = 0;
  long wins = 0, draws = 0, losses = 0;  // from the first seat's point of view
  double first_return_sum = 0;
};

// `seats[p]` is the agent spec for player p. Throws InputError for a bad spec.
MatchResult play_match(const Game& game, const std::vector<std::string>& seats, long games, uint64_t seed,
                       const std::function<void(long done)>& progress = nullptr);

}  // namespace pg
