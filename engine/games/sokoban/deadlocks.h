// Deadlocks: positions from which no sequence of moves solves the level.
//   - Dead squares: a lone box there can never reach any target, whatever the
//     player does (computed by reverse pulls from the targets, with the
//     player's side of the box tracked, so the result is exact for one box).
//   - Freeze deadlocks: boxes that can never move again (walls, boxes that
//     are themselves frozen, or dead squares on both sides along each axis)
//     while one of them is off target.
//   - Corral deadlocks (corral.h): floor the player cannot reach, fenced by
//     boxes that can never let the player in nor all reach targets.
// Every check is sound: a position it flags has no solution.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/games/sokoban/level.h"
#include "engine/games/sokoban/room.h"

namespace pg::sokoban {

constexpr int kUnreachable = 0xFFFF;

// Pushes a lone box needs to reach each target from each square (at best,
// over where the player stands), by reverse pulls from the targets.
class PushDistances {
 public:
  explicit PushDistances(const Room& room);

  // kUnreachable when the box cannot get there.
  int to_target(int target_index, Square from) const {
    return distance_[size_t(target_index) * size_t(num_squares_) + size_t(from)];
  }
  bool is_dead(Square s) const { return dead_[size_t(s)] != 0; }
  const std::vector<uint8_t>& dead() const { return dead_; }  // one per square (walls: 0)

 private:
  int num_squares_ = 0;
  std::vector<uint16_t> distance_;  // [target][square]
  std::vector<uint8_t> dead_;
};

// The boxes that can never move again, given the box at `pushed` just moved
// (only its cluster of touching boxes is examined; pass kNoSquare to examine
// every box). `box_at` has one entry per square. The frozen boxes are
// appended to `frozen` when given.
bool frozen_deadlock(const Room& room, const PushDistances& distances, const std::vector<uint8_t>& box_at,
                     Square pushed, std::vector<Square>* frozen = nullptr);

// What the page draws for a position.
struct DeadlockReport {
  std::vector<Square> dead_squares;  // every dead floor square
  std::vector<Square> boxes_on_dead_squares;
  std::vector<Square> frozen_boxes;  // frozen, on target or not, when some are off target
  std::vector<Square> corral_boxes;  // the fence of a corral that can never be opened (corral.h)
  bool deadlocked = false;           // one of the above makes the position unsolvable
};
DeadlockReport detect_deadlocks(const Level& level);

// The boxes the report finds deadlocked (on a dead square, frozen, or fencing a corral that can never be
// opened), sorted, each once (a box on a dead square may be frozen too); none when the position is not
// deadlocked.
std::vector<Square> deadlocked_boxes(const DeadlockReport& report);

}  // namespace pg::sokoban
