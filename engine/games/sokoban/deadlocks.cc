#include "engine/games/sokoban/deadlocks.h"

#include <algorithm>

#include "engine/games/sokoban/corral.h"

namespace pg::sokoban {

namespace {

constexpr uint8_t kNoSide = 0xFF;

// For a box on each floor square: which of its four neighbours lie in the
// same region of the floor once the box blocks its square. sides[s*4+d] is a
// region label (0..3) for the neighbour in direction d, or kNoSide.
std::vector<uint8_t> box_sides(const Room& room) {
  std::vector<uint8_t> sides(size_t(room.num_squares()) * 4, kNoSide);
  std::vector<int> seen(size_t(room.num_squares()), -1);
  std::vector<Square> stack;
  int stamp = 0;
  for (Square box : room.floor_squares()) {
    uint8_t label = 0;
    for (int d = 0; d < 4; ++d) {
      const Square start = room.next(box, d);
      if (start == kNoSquare || sides[size_t(box) * 4 + size_t(d)] != kNoSide) continue;
      ++stamp;
      seen[size_t(start)] = stamp;
      stack.assign(1, start);
      while (!stack.empty()) {
        const Square s = stack.back();
        stack.pop_back();
        for (int e = 0; e < 4; ++e) {
          const Square t = room.next(s, e);
          if (t == kNoSquare || t == box || seen[size_t(t)] == stamp) continue;
          seen[size_t(t)] = stamp;
          stack.push_back(t);
        }
      }
      for (int e = d; e < 4; ++e) {
        const Square t = room.next(box, e);
        if (t != kNoSquare && seen[size_t(t)] == stamp) sides[size_t(box) * 4 + size_t(e)] = label;
      }
      ++label;
    }
  }
  return sides;
}

}  // namespace

PushDistances::PushDistances(const Room& room) : num_squares_(room.num_squares()) {
  const size_t n = size_t(num_squares_);
  const std::vector<uint8_t> sides = box_sides(room);
  distance_.assign(room.targets().size() * n, uint16_t(kUnreachable));
  // Reverse search over (box square, the player's region around it): a pull
  // in direction e takes a player standing beside the box (on side e) one
  // more square in direction e, and the box follows into the player's square.
  std::vector<uint16_t> state_distance(n * 4);
  std::vector<int> queue;
  for (size_t k = 0; k < room.targets().size(); ++k) {
    const Square t = room.targets()[k];
    std::fill(state_distance.begin(), state_distance.end(), uint16_t(kUnreachable));
    queue.clear();
    distance_[k * n + size_t(t)] = 0;
    for (int d = 0; d < 4; ++d) {
      const uint8_t side = sides[size_t(t) * 4 + size_t(d)];
      if (side == kNoSide || state_distance[size_t(t) * 4 + side] == 0) continue;
      state_distance[size_t(t) * 4 + side] = 0;
      queue.push_back(t * 4 + side);
    }
    for (size_t head = 0; head < queue.size(); ++head) {
      const Square box = queue[head] / 4;
      const int side = queue[head] % 4;
      const uint16_t dist = state_distance[size_t(queue[head])];
      for (int e = 0; e < 4; ++e) {
        const Square player = room.next(box, e);
        if (player == kNoSquare || sides[size_t(box) * 4 + size_t(e)] != side) continue;
        const Square behind = room.next(player, e);
        if (behind == kNoSquare) continue;
        const int next_state = player * 4 + sides[size_t(player) * 4 + size_t(e)];
        if (state_distance[size_t(next_state)] != kUnreachable) continue;
        state_distance[size_t(next_state)] = uint16_t(dist + 1);
        queue.push_back(next_state);
        uint16_t& best = distance_[k * n + size_t(player)];
        best = std::min(best, uint16_t(dist + 1));
      }
    }
  }
  dead_.assign(n, 0);
  for (Square s : room.floor_squares()) {
    bool reaches = false;
    for (size_t k = 0; k < room.targets().size() && !reaches; ++k)
      reaches = distance_[k * n + size_t(s)] != kUnreachable;
    dead_[size_t(s)] = !reaches;
  }
}

bool frozen_deadlock(const Room& room, const PushDistances& distances, const std::vector<uint8_t>& box_at,
                     Square pushed, std::vector<Square>* frozen) {
  // The boxes to examine: the pushed box's cluster of touching boxes (only
  // touching boxes block each other), or every box.
  // Small fixed buffers keep the solver's hot path free of allocation.
  thread_local std::vector<Square> cluster;
  thread_local std::vector<uint8_t> in_cluster;
  cluster.clear();
  if (in_cluster.size() != size_t(room.num_squares())) in_cluster.assign(size_t(room.num_squares()), 0);
  if (pushed == kNoSquare) {
    for (Square s : room.floor_squares())
      if (box_at[size_t(s)]) cluster.push_back(s), in_cluster[size_t(s)] = 1;
  } else {
    cluster.push_back(pushed);
    in_cluster[size_t(pushed)] = 1;
    for (size_t i = 0; i < cluster.size(); ++i)
      for (int d = 0; d < 4; ++d) {
        const Square t = room.next(cluster[i], d);
        if (t != kNoSquare && box_at[size_t(t)] && !in_cluster[size_t(t)]) {
          in_cluster[size_t(t)] = 1;
          cluster.push_back(t);
        }
      }
  }
  // The greatest set of mutually frozen boxes: start with all of them frozen
  // and release any box that could move along some axis. In a solution no box
  // enters a dead square, so the first box of the set to move would have to
  // pass a wall, a dead square or a box of the set that has not moved yet.
  // in_cluster: 1 = frozen so far, 2 = released.
  auto blocks = [&](Square s) { return s == kNoSquare || (box_at[size_t(s)] && in_cluster[size_t(s)] == 1); };
  bool changed = true;
  while (changed) {
    changed = false;
    for (Square b : cluster) {
      if (in_cluster[size_t(b)] != 1) continue;
      bool movable = false;
      for (int axis = 0; axis < 2 && !movable; ++axis) {
        const Square one = room.next(b, 2 * axis), other = room.next(b, 2 * axis + 1);
        const bool blocked = blocks(one) || blocks(other) || (distances.is_dead(one) && distances.is_dead(other));
        movable = !blocked;
      }
      if (movable) {
        in_cluster[size_t(b)] = 2;
        changed = true;
      }
    }
  }
  bool off_target = false;
  for (Square b : cluster)
    if (in_cluster[size_t(b)] == 1) off_target = off_target || !room.is_target(b);
  if (off_target && frozen)
    for (Square b : cluster)
      if (in_cluster[size_t(b)] == 1) frozen->push_back(b);
  for (Square b : cluster) in_cluster[size_t(b)] = 0;  // ready for the next call
  return off_target;
}

DeadlockReport detect_deadlocks(const Level& level) {
  const Room room(level);
  const PushDistances distances(room);
  DeadlockReport report;
  std::vector<uint8_t> box_at(size_t(room.num_squares()), 0);
  for (Square s : room.floor_squares())
    if (distances.is_dead(s)) report.dead_squares.push_back(s);
  for (Square b : level.boxes) {
    box_at[size_t(b)] = 1;
    if (!room.is_floor(b)) {
      // A box the player can never reach: fixed for ever.
      if (!level.target[size_t(b)]) report.deadlocked = true;
      continue;
    }
    if (distances.is_dead(b) && !room.is_target(b)) report.boxes_on_dead_squares.push_back(b);
  }
  frozen_deadlock(room, distances, box_at, kNoSquare, &report.frozen_boxes);
  std::sort(report.frozen_boxes.begin(), report.frozen_boxes.end());
  report.deadlocked = report.deadlocked || !report.boxes_on_dead_squares.empty() || !report.frozen_boxes.empty();
  // The corral search only for a position the simpler checks pass (it is the costly one).
  if (!report.deadlocked && room.is_floor(level.player)) {
    CorralCheck corrals(room, distances);
    report.deadlocked = corrals.deadlocked(box_at, level.player, kNoSquare, &report.corral_boxes);
  }
  return report;
}

std::vector<Square> deadlocked_boxes(const DeadlockReport& report) {
  if (!report.deadlocked) return {};
  std::vector<Square> boxes = report.boxes_on_dead_squares;
  boxes.insert(boxes.end(), report.frozen_boxes.begin(), report.frozen_boxes.end());
  boxes.insert(boxes.end(), report.corral_boxes.begin(), report.corral_boxes.end());
  std::sort(boxes.begin(), boxes.end());
  boxes.erase(std::unique(boxes.begin(), boxes.end()), boxes.end());
  return boxes;
}

}  // namespace pg::sokoban
