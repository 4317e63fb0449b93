// Beyond the report: TD(lambda) for the n-tuple value (ntuple_value.h) in
// self-play, the report's way on afterstates: every position a game passes
// through (each the afterstate of the move before) moves toward the next
// one's value, the last toward the result (+1 / 0 / -1 for player 0), with
// eligibility traces over the game's positions (lambda = 0: TD(0)). Both
// players pick their moves with the value being learned, searched `depth`
// plies (ThetaGreedy's search), epsilon-greedy; a random move cuts the traces
// (no update across it, the report's "subtle change"). Each game opens with 0..
// `random_plies` random moves, so the learner sees varied positions. With
// opponents "pool" one side of each game (drawn) is Greedy 1..5 or Heuristic
// instead (one in seven each; one in seven is self-play). alpha is halved
// `alpha_halvings` times and epsilon `epsilon_halvings` times at equal
// intervals; the value starts at zero.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/core/json.h"
#include "engine/core/rng.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/ntuple_value.h"

namespace pg::mancala {

struct NTupleTraining {
  long games = 1'000'000;
  double alpha = 0.002;  // per table entry; a position sums 16 entries
  int alpha_halvings = 3;
  double epsilon = 0.05;
  int epsilon_halvings = 3;
  double lambda = 0.5;
  int depth = 1;
  int random_plies = 4;
  std::string opponents = "self";
  uint64_t seed = 1;

  Json to_json() const;
};

// Learns from zero under `rules`. `progress(games_done, value)` is called
// every `report_every` games.
NTupleValue learn_ntuple(const Rules& rules, const NTupleTraining& settings,
                         const std::function<void(long, const NTupleValue&)>& progress = nullptr,
                         long report_every = 10'000);

}  // namespace pg::mancala
