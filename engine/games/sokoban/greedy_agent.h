// A one-step baseline: for each move, the position it leads to is scored by (1)
// whether the project's corner test flags it (unsolved), (2) the sum over the
// boxes of the Manhattan distance to the nearest target, (3) the player's
// Manhattan distance to the nearest box off a target; the moves with the best
// score, compared in that order, share the probability. Moves that change
// nothing (into a wall or a blocked box) are never chosen unless every move is
// one. It sees no further than one step, so it wanders and can loop: a
// baseline, not a solver.
#pragma once

#include "engine/core/agent.h"
#include "engine/games/sokoban/board.h"

namespace pg::sokoban {

struct GreedyScore {
  bool stuck = false;
  int box_distance = 0;     // sum over boxes of the distance to the nearest target
  int player_distance = 0;  // to the nearest box off a target (0 if none)
  bool operator<(const GreedyScore& o) const {
    if (stuck != o.stuck) return !stuck;
    if (box_distance != o.box_distance) return box_distance < o.box_distance;
    return player_distance < o.player_distance;
  }
  bool operator==(const GreedyScore&) const = default;
};

GreedyScore greedy_score(const Board& board);

class GreedyAgent : public Agent {
 public:
  std::string spec() const override { return "greedy"; }
  Decision decide(const State& state, Rng& rng) override;
};

}  // namespace pg::sokoban
