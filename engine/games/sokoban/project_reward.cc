#include "engine/games/sokoban/project_reward.h"

#include <algorithm>
#include <cstdlib>

namespace pg::sokoban {

ProjectReward::ProjectReward(const Level& start) {
  // np.where(initial_state == 3): targets under a box (5) or the player (6)
  // are not code 3, so they are skipped.
  for (Square s = 0; s < start.num_squares(); ++s)
    if (start.target[size_t(s)] && s != start.player &&
        !std::binary_search(start.boxes.begin(), start.boxes.end(), s)) {
      first_target_ = s;
      break;
    }
}

int ProjectReward::distance(const Level& level, Square box) const {
  return std::abs(level.row(box) - level.row(first_target_)) +
         std::abs(level.column(box) - level.column(first_target_));
}

ProjectRewardTerms ProjectReward::terms(const Before& before, const Board& after) const {
  ProjectRewardTerms t;
  t.step = kStep;
  if (first_target_ >= 0 && before.first_box >= 0 && !after.boxes().empty()) {
    const int was = distance(after.level(), before.first_box), now = distance(after.level(), after.boxes().front());
    if (now < was) t.shaping = kCloser;
    if (now > was) t.shaping = kFarther;
  }
  if (after.boxes_on_targets() > before.on_targets) t.target = kOnTarget;
  if (after.boxes_on_targets() < before.on_targets) t.target = kOffTarget;
  if (after.solved())
    t.end = kSolved;
  else if (project_corner_stuck(after))
    t.end = kStuck;
  return t;
}

}  // namespace pg::sokoban
