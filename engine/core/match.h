// Plays many games between seated agents (the CLI's `match`, the tests).
// Game i uses the episode seed `seed + i` and the same decision streams as
// the page's episodes, so any game of a match can be replayed in the page.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/game.h"

namespace pg {

// A game an agent lost by declining to move (a program that crashed, hung or answered what the protocol does not
// allow; a table agent outside its table): `seat` is the player who declined, `note` says why.
struct Forfeit {
  long game = 0;  // 0-based, in the match's order
  uint64_t seed = 0;
  size_t step = 0;
  int seat = 0;
  std::string note;
};

struct MatchResult {
  long games = 0;
  long wins = 0, draws = 0, losses = 0;  // from the first seat's point of view
  double first_return_sum = 0;           // a forfeit counts -1 for the seat that declined, +1 for the other
  std::vector<Forfeit> forfeits;
};

// `seats[p]` is the agent spec for player p (a two-player game). Throws InputError for a bad spec. An agent that
// declines to move loses that game (a forfeit) and is made again from its spec for the next, so a program that
// failed starts afresh; `forfeit` (when given) hears of each as it happens.
MatchResult play_match(const Game& game, const std::vector<std::string>& seats, long games, uint64_t seed,
                       const std::function<void(long done)>& progress = nullptr,
                       const std::function<void(const Forfeit&)>& forfeit = nullptr);

}  // namespace pg
