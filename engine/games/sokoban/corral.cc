#include "engine/games/sokoban/corral.h"

#include <algorithm>

namespace pg::sokoban {

CorralCheck::CorralCheck(const Room& room, const PushDistances& distances, uint64_t node_budget, int max_boxes)
    : room_(room),
      distances_(distances),
      node_budget_(node_budget),
      max_boxes_(max_boxes),
      outer_(size_t(room.num_squares()), 0),
      region_(size_t(room.num_squares()), 0),
      corral_(size_t(room.num_squares()), 0),
      small_box_at_(size_t(room.num_squares()), 0) {}

Square CorralCheck::reach(std::vector<uint32_t>& marks, uint32_t stamp, const std::vector<uint8_t>& box_at,
                          Square player) {
  queue_.assign(1, player);
  marks[size_t(player)] = stamp;
  Square top_left = player;
  for (size_t head = 0; head < queue_.size(); ++head) {
    const Square s = queue_[head];
    top_left = std::min(top_left, s);
    for (int d = 0; d < 4; ++d) {
      const Square t = room_.next(s, d);
      if (t == kNoSquare || box_at[size_t(t)] || marks[size_t(t)] == stamp) continue;
      marks[size_t(t)] = stamp;
      queue_.push_back(t);
    }
  }
  return top_left;
}

bool CorralCheck::deadlocked(const std::vector<uint8_t>& box_at, Square player, Square pushed,
                             std::vector<Square>* fence) {
  const uint32_t outside = ++outer_stamp_;
  reach(outer_, outside, box_at, player);
  return deadlocked(box_at, outer_, outside, player, pushed, fence);
}

bool CorralCheck::deadlocked(const std::vector<uint8_t>& box_at, const std::vector<uint32_t>& marks, uint32_t outside,
                             Square player, Square pushed, std::vector<Square>* fence) {
  const uint32_t first_corral = corral_stamp_ + 1;
  std::vector<Square> fence_boxes;
  auto examine = [&](Square start) {
    if (start == kNoSquare || box_at[size_t(start)] || marks[size_t(start)] == outside ||
        corral_[size_t(start)] >= first_corral)
      return false;
    // The corral: the floor the player cannot reach, around `start`, up to the boxes.
    const uint32_t corral = ++corral_stamp_;
    flood_.assign(1, start);
    corral_[size_t(start)] = corral;
    fence_boxes.clear();
    for (size_t head = 0; head < flood_.size(); ++head)
      for (int d = 0; d < 4; ++d) {
        const Square t = room_.next(flood_[head], d);
        if (t == kNoSquare || corral_[size_t(t)] == corral) continue;
        if (box_at[size_t(t)]) {
          if (std::find(fence_boxes.begin(), fence_boxes.end(), t) == fence_boxes.end()) fence_boxes.push_back(t);
          continue;
        }
        corral_[size_t(t)] = corral;
        flood_.push_back(t);
      }
    if (int(fence_boxes.size()) > max_boxes_) return false;
    if (std::all_of(fence_boxes.begin(), fence_boxes.end(), [&](Square b) { return room_.is_target(b); })) return false;
    std::sort(fence_boxes.begin(), fence_boxes.end());
    if (!fence_is_deadlocked(fence_boxes, player, corral)) return false;
    if (fence) fence->insert(fence->end(), fence_boxes.begin(), fence_boxes.end());
    return true;
  };
  if (pushed != kNoSquare) {
    for (int d = 0; d < 4; ++d)
      if (examine(room_.next(pushed, d))) return true;
    return false;
  }
  for (Square s : room_.floor_squares())
    if (examine(s)) return true;
  return false;
}

bool CorralCheck::fence_is_deadlocked(const std::vector<Square>& fence_boxes, Square player, uint32_t corral) {
  const size_t n = fence_boxes.size();
  // A state: the player's region's top-left square, then the boxes in increasing order.
  std::vector<Square> state(n + 1, 0);
  // The position is open when every box is on a target or the player gets into the corral.
  auto open_after_reach = [&](uint32_t) {
    for (Square s : queue_)
      if (corral_[size_t(s)] == corral) return true;
    for (size_t i = 1; i <= n; ++i)
      if (!room_.is_target(state[i])) return false;
    return true;
  };
  for (size_t i = 0; i < n; ++i) {
    state[i + 1] = fence_boxes[i];
    small_box_at_[size_t(fence_boxes[i])] = 1;
  }
  state[0] = reach(region_, ++region_stamp_, small_box_at_, player);
  const bool open_at_start = open_after_reach(region_stamp_);
  for (size_t i = 0; i < n; ++i) small_box_at_[size_t(fence_boxes[i])] = 0;
  if (open_at_start) return false;
  // The corral's first square (flood_ holds it, in flood order).
  const std::string key = key_of(state) + key_of({*std::min_element(flood_.begin(), flood_.end())});
  if (known_shut_.count(key)) return true;
  if (known_open_.count(key)) return false;
  const bool shut = search_fence(state, corral);
  if (known_shut_.size() + known_open_.size() > 1'000'000) known_shut_.clear(), known_open_.clear();  // bounded
  (shut ? known_shut_ : known_open_).insert(key);
  return shut;
}

// Two bytes a square (a level has at most 64 x 64 squares). A std::string rather than a vector of squares as
// the key: the page has the hash set's code for strings already.
std::string CorralCheck::key_of(const std::vector<Square>& squares) {
  std::string key(2 * squares.size(), '\0');
  for (size_t i = 0; i < squares.size(); ++i) {
    key[2 * i] = char(squares[i] & 0xFF);
    key[2 * i + 1] = char(squares[i] >> 8);
  }
  return key;
}

bool CorralCheck::search_fence(std::vector<Square> state, uint32_t corral) {
  ++searches_;
  seen_.clear();
  states_.clear();
  const size_t n = state.size() - 1;
  auto open_after_reach = [&]() {
    for (Square s : queue_)
      if (corral_[size_t(s)] == corral) return true;
    for (size_t i = 1; i <= n; ++i)
      if (!room_.is_target(state[i])) return false;
    return true;
  };
  seen_.insert(key_of(state));
  states_.push_back(state);

  struct Push {
    size_t box;
    int direction;
  };
  std::vector<Push> pushes;
  for (size_t head = 0; head < states_.size(); ++head) {
    if (states_.size() > node_budget_) return false;  // out of budget: counted as open
    const std::vector<Square> current = states_[head];
    for (size_t i = 1; i <= n; ++i) small_box_at_[size_t(current[i])] = 1;
    reach(region_, ++region_stamp_, small_box_at_, current[0]);
    const uint32_t here = region_stamp_;
    pushes.clear();
    for (size_t i = 1; i <= n; ++i) {
      const Square b = current[i];
      for (int d = 0; d < 4; ++d) {
        const Square behind = room_.next(b, opposite(d)), to = room_.next(b, d);
        if (behind == kNoSquare || to == kNoSquare || region_[size_t(behind)] != here) continue;
        if (small_box_at_[size_t(to)] || distances_.is_dead(to)) continue;
        pushes.push_back({i, d});
      }
    }
    bool open = false;
    for (const Push& push : pushes) {
      const Square from = current[push.box], to = room_.next(from, push.direction);
      small_box_at_[size_t(from)] = 0;
      small_box_at_[size_t(to)] = 1;
      state = current;
      state[push.box] = to;
      std::sort(state.begin() + 1, state.end());
      if (!frozen_deadlock(room_, distances_, small_box_at_, to)) {
        state[0] = reach(region_, ++region_stamp_, small_box_at_, from);
        open = open_after_reach();
        if (!open && seen_.insert(key_of(state)).second) states_.push_back(state);
      }
      small_box_at_[size_t(to)] = 0;
      small_box_at_[size_t(from)] = 1;
      if (open) break;
    }
    for (size_t i = 1; i <= n; ++i) small_box_at_[size_t(current[i])] = 0;
    if (open) return false;
  }
  return true;  // every position of the fence boxes explored: the corral stays shut
}

}  // namespace pg::sokoban
