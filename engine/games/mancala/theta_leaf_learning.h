// Beyond the report: TD-Leaf(lambda) (Baxter, Tridgell and Weaver's KnightCap
// method) on ThetaGreedy's 40 weights. The learner plays with its own
// alpha-beta search (`depth` plies) and learns at the end of each game from
// the leaves of its principal variations: with V_t the value at the end of
// the line it expected at its t-th move (player 0's value; a decided line is
// worth its result, with no gradient) and V_{T+1} the result (+1 / 0 / -1),
// each weight moves by alpha * sum_t phi(leaf_t) * sum_{j>=t} lambda^(j-t)
// (V_{j+1} - V_j). The search sees further than one ply, so the value is
// taught what the search will make of a position, not what one move does.
// Opponents: each game draws one of self-play (the learner's weights as the
// game began, at the same depth), Greedy 1..5 and Heuristic; the first
// `random_plies` plies (a number drawn from 0..random_plies each game) are
// random, for varied openings.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/core/json.h"
#include "engine/games/mancala/board.h"
#include "engine/games/mancala/theta_policy.h"

namespace pg::mancala {

struct ThetaLeafTraining {
  long games = 100'000;
  int depth = 3;
  double lambda = 0.7;
  double alpha = 0.0005;
  int alpha_halvings = 2;
  int random_plies = 4;
  uint64_t seed = 1;
  std::string start = "zero";  // the weights it starts from: "zero" or a policy name (e.g. "theta_pool")

  Json to_json() const;
};

// Learns under `rules` from `start` (its feature rules are kept).
// `progress(games_done, theta)` is called every `report_every` games.
ThetaPolicy learn_theta_leaf(const Rules& rules, const ThetaLeafTraining& settings, const ThetaPolicy& start,
                             const std::function<void(long, const ThetaPolicy&)>& progress = nullptr,
                             long report_every = 10'000);

}  // namespace pg::mancala
