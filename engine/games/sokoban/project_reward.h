// The project's reward, _calculate_reward (notes on the project, 2.4), term by
// term and in the project's order of addition (so the sums have the project's
// bits):
//   1. -0.1 every step, no-op steps included;
//   2. shaping: the first box (row-major, on a target or not) against the
//      first target (row-major among the start level's bare targets, those
//      under no box and not under the player): +5 if the Manhattan distance
//      fell, -2 if it grew;
//   3. +20 if the number of boxes on targets grew, -10 if it fell;
//   4. +100 if solved, else -50 if project_corner_stuck (board.h).
#pragma once

#include "engine/games/sokoban/board.h"

namespace pg::sokoban {

struct ProjectRewardTerms {
  double step = 0, shaping = 0, target = 0, end = 0;
  // -0.1 + shaping + target + end, added in that order as the project does.
  double total() const { return ((step + shaping) + target) + end; }
};

class ProjectReward {
 public:
  static constexpr double kStep = -0.1, kCloser = 5, kFarther = -2, kOnTarget = 20, kOffTarget = -10, kSolved = 100,
                          kStuck = -50;

  ProjectReward() = default;
  // `start`: the episode's initial level, whose bare targets give the first target.
  explicit ProjectReward(const Level& start);

  // The first bare target of the start level, or -1 (no shaping then).
  Square first_target() const { return first_target_; }

  // What the reward needs from the position before the step.
  struct Before {
    Square first_box = -1;
    int on_targets = 0;
  };
  Before before(const Board& board) const {
    return {board.boxes().empty() ? -1 : board.boxes().front(), board.boxes_on_targets()};
  }
  // The terms of the step that led from `before` to `after`.
  ProjectRewardTerms terms(const Before& before, const Board& after) const;

  // The Manhattan distance from a box square to the first target.
  int distance(const Level& level, Square box) const;

 private:
  Square first_target_ = -1;
};

}  // namespace pg::sokoban
