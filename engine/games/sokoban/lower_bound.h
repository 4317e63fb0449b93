// The solver's lower bound on the pushes still needed: a minimum-cost perfect
// matching of boxes to targets over lone-box push distances (Hungarian
// algorithm). Each box needs at least its own distance to the target it ends
// on, and distinct boxes end on distinct targets, so the bound never
// overestimates. No perfect matching at all means the position is dead.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/games/sokoban/deadlocks.h"
#include "engine/games/sokoban/level.h"
#include "engine/games/sokoban/room.h"

namespace pg::sokoban {

constexpr int kNoMatching = 1 << 30;

class MatchingBound {
 public:
  MatchingBound(const Room& room, const PushDistances& distances);

  // The matching's cost (kNoMatching when some box cannot be given a target
  // of its own); target_of[i] = the index in room.targets() of box i's target.
  // Allocates nothing once the buffers have grown.
  int compute(const uint16_t* boxes, int num_boxes, std::vector<int>* target_of = nullptr);

 private:
  const Room& room_;
  const PushDistances& distances_;
  std::vector<int> cost_, u_, v_, match_, way_, minv_;
  std::vector<uint8_t> used_;
};

// For the page: the bound for a level's position and its box -> target pairs
// (empty when there is no perfect matching).
struct BoundMatching {
  int pushes = kNoMatching;
  std::vector<std::pair<Square, Square>> box_to_target;
};
BoundMatching matching_lower_bound(const Level& level);

}  // namespace pg::sokoban
