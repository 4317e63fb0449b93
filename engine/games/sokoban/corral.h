// Corral deadlocks. A corral is an area of floor the player cannot reach,
// fenced by boxes (and walls). If even with every other box taken off the board
// no sequence of pushes of the fence boxes lets the player into the corral or
// puts all of them on targets, the position has no solution: removing boxes
// only ever gives the player more room, so any solution of the real position
// would, restricted to these boxes, be one of the smaller problem. The small
// problem is searched exhaustively up to a node budget; when the budget runs
// out the corral counts as open (sound: a position flagged has no solution).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/games/sokoban/deadlocks.h"
#include "engine/games/sokoban/room.h"

namespace pg::sokoban {

class CorralCheck {
 public:
  // Fences of more than max_boxes boxes are not searched (they count as open).
  CorralCheck(const Room& room, const PushDistances& distances, uint64_t node_budget = 200, int max_boxes = 4);

  // Whether some corral of the position is a deadlock. `box_at` has one entry per square; `player` is the
  // player's square. With `pushed` set, only the corrals next to that box are examined (the ones a push
  // can have made). The fence boxes of a deadlocked corral are appended to `fence` when given.
  bool deadlocked(const std::vector<uint8_t>& box_at, Square player, Square pushed = kNoSquare,
                  std::vector<Square>* fence = nullptr);

  // The same with the player's region already marked: marks[s] == stamp for the squares the player reaches.
  bool deadlocked(const std::vector<uint8_t>& box_at, const std::vector<uint32_t>& marks, uint32_t stamp, Square player,
                  Square pushed, std::vector<Square>* fence = nullptr);

  uint64_t searches() const { return searches_; }  // corrals searched so far (not counting repeats)

 private:
  // Marks the player's region with `stamp` in `marks` (its squares also left in queue_); returns its
  // top-left square.
  Square reach(std::vector<uint32_t>& marks, uint32_t stamp, const std::vector<uint8_t>& box_at, Square player);
  bool fence_is_deadlocked(const std::vector<Square>& fence_boxes, Square player, uint32_t corral);
  // The search proper from `start` (the player's region's top-left square, then the fence boxes).
  bool search_fence(std::vector<Square> start, uint32_t corral);
  static std::string key_of(const std::vector<Square>& squares);

  const Room& room_;
  const PushDistances& distances_;
  uint64_t node_budget_;
  int max_boxes_;
  uint64_t searches_ = 0;
  // Scratch space, kept between calls.
  std::vector<uint32_t> outer_, region_, corral_;
  uint32_t outer_stamp_ = 0, region_stamp_ = 0, corral_stamp_ = 0;
  std::vector<Square> queue_, flood_;
  std::vector<uint8_t> small_box_at_;  // the fence boxes alone
  std::unordered_set<std::string> seen_;
  std::vector<std::vector<Square>> states_;
  // Fences searched before: the fence boxes, the corral's first square and the player's region's top-left
  // square with only the fence on the board decide the answer.
  std::unordered_set<std::string> known_shut_, known_open_;
};

}  // namespace pg::sokoban
