#include "engine/games/sokoban/solver.h"

#include <algorithm>
#include <chrono>
#include <queue>
#include <vector>

#include "engine/core/rng.h"
#include "engine/games/sokoban/corral.h"
#include "engine/games/sokoban/deadlocks.h"
#include "engine/games/sokoban/lower_bound.h"
#include "engine/games/sokoban/room.h"

namespace pg::sokoban {

const char* status_name(SolveStatus status) {
  switch (status) {
    case SolveStatus::kSolved: return "solved";
    case SolveStatus::kUnsolvable: return "unsolvable";
    case SolveStatus::kTimedOut: return "timed out";
    case SolveStatus::kNodeLimit: return "node limit";
  }
  return "?";
}

namespace {

constexpr uint32_t kNoParent = 0xFFFFFFFF;
constexpr int kMaxCost = 0xFFFF;
// Stops before the table outgrows memory whatever the node limit says.
constexpr size_t kMaxStored = 150'000'000;

// The shortest walk from `from` to `to` around the boxes, in LURD letters.
std::string walk(const Room& room, const std::vector<uint8_t>& box_at, Square from, Square to) {
  if (from == to) return "";
  std::vector<int> came_by(size_t(room.num_squares()), -1);
  std::vector<Square> queue = {from};
  came_by[size_t(from)] = 4;
  for (size_t head = 0; head < queue.size() && came_by[size_t(to)] < 0; ++head)
    for (int d = 0; d < 4; ++d) {
      const Square t = room.next(queue[head], d);
      if (t == kNoSquare || box_at[size_t(t)] || came_by[size_t(t)] >= 0) continue;
      came_by[size_t(t)] = d;
      queue.push_back(t);
    }
  std::string path;
  for (Square s = to; s != from; s = room.next(s, opposite(came_by[size_t(s)])))
    path += kWalkLetters[size_t(came_by[size_t(s)])];
  std::reverse(path.begin(), path.end());
  return path;
}

class Search {
 public:
  Search(const Level& level, const SolveOptions& options)
      : options_(options),
        room_(level),
        distances_(room_),
        corrals_(room_, distances_),
        bound_(room_, distances_),
        box_at_(size_t(room_.num_squares()), 0),
        seen_(size_t(room_.num_squares()), 0),
        walk_distance_(size_t(room_.num_squares()), 0) {
    Rng rng(0x5050b0);
    box_key_.resize(size_t(room_.num_squares()));
    player_key_.resize(size_t(room_.num_squares()));
    for (auto& k : box_key_) k = rng.next();
    for (auto& k : player_key_) k = rng.next();
  }

  SolveResult run(const Level& level) {
    const auto start_time = std::chrono::steady_clock::now();
    SolveResult result = search(level, start_time);
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
    result.nodes_stored = nodes_.size();
    return result;
  }

 private:
  struct Node {
    uint64_t hash;
    uint32_t parent;
    uint16_t g, h;
    uint16_t player;     // exact (moves) or normalised (pushes)
    uint16_t push_from;  // the pushed box's square before the push
    uint8_t push_direction;
    uint8_t closed;
  };

  bool moves() const { return options_.optimise == Optimise::kMoves; }
  const uint16_t* boxes_of(uint32_t node) const { return &box_arena_[size_t(node) * size_t(num_boxes_)]; }

  SolveResult search(const Level& level, std::chrono::steady_clock::time_point start_time) {
    SolveResult result;
    result.status = SolveStatus::kUnsolvable;
    std::vector<uint16_t> start_boxes;
    for (Square b : level.boxes) {
      if (room_.is_floor(b))
        start_boxes.push_back(uint16_t(b));
      else if (!level.target[size_t(b)])
        return result;  // a box the player can never reach, off target
    }
    num_boxes_ = int(start_boxes.size());
    if (num_boxes_ > int(room_.targets().size())) return result;
    for (uint16_t b : start_boxes) {
      box_at_[b] = 1;
      if (distances_.is_dead(b)) return result;
    }
    if (frozen_deadlock(room_, distances_, box_at_, kNoSquare)) return result;
    if (options_.corral_deadlocks && corrals_.deadlocked(box_at_, level.player)) return result;
    const int h0 = bound_.compute(start_boxes.data(), num_boxes_);
    if (h0 == kNoMatching) return result;

    // The start position.
    const Square start_player = moves() ? level.player : reach(level.player);
    uint64_t hash = player_key_[size_t(start_player)];
    for (uint16_t b : start_boxes) hash ^= box_key_[b];
    box_arena_.insert(box_arena_.end(), start_boxes.begin(), start_boxes.end());
    nodes_.push_back(Node{hash, kNoParent, 0, uint16_t(h0), uint16_t(start_player), 0, 0, 0});
    table_.assign(1 << 16, 0);
    insert_in_table(0);
    push_open(0);
    for (uint16_t b : start_boxes) box_at_[b] = 0;

    std::vector<uint16_t> child(static_cast<size_t>(num_boxes_), 0);
    while (!open_.empty()) {
      const uint64_t entry = open_.top();
      open_.pop();
      const auto index = uint32_t(entry & 0xFFFFFFFF);
      Node& node = nodes_[index];
      if (node.closed || uint16_t(0xFFFF - ((entry >> 32) & 0xFFFF)) != node.g) continue;
      if (node.h == 0) {  // every box on a target (only targets are 0 pushes away)
        result.status = SolveStatus::kSolved;
        write_plan(level, index, result);
        return result;
      }
      node.closed = 1;
      ++result.nodes_expanded;
      if (options_.node_limit && result.nodes_expanded > options_.node_limit) {
        result.status = SolveStatus::kNodeLimit;
        return result;
      }
      if ((result.nodes_expanded & 255) == 0 && options_.time_limit_seconds > 0 &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count() >
              options_.time_limit_seconds) {
        result.status = SolveStatus::kTimedOut;
        return result;
      }
      if (nodes_.size() > kMaxStored) {
        result.status = SolveStatus::kNodeLimit;
        return result;
      }
      expand(index, child);
    }
    return result;  // every reachable position explored: no solution
  }

  // Marks the player's region (seen_ == stamp_, with walking distances) and
  // returns its top-left square.
  Square reach(Square player) {
    ++stamp_;
    queue_.clear();
    queue_.push_back(player);
    seen_[size_t(player)] = stamp_;
    walk_distance_[size_t(player)] = 0;
    Square top_left = player;
    for (size_t head = 0; head < queue_.size(); ++head) {
      const Square s = queue_[head];
      top_left = std::min(top_left, s);
      for (int d = 0; d < 4; ++d) {
        const Square t = room_.next(s, d);
        if (t == kNoSquare || box_at_[size_t(t)] || seen_[size_t(t)] == stamp_) continue;
        seen_[size_t(t)] = stamp_;
        walk_distance_[size_t(t)] = walk_distance_[size_t(s)] + 1;
        queue_.push_back(t);
      }
    }
    return top_left;
  }

  void expand(uint32_t index, std::vector<uint16_t>& child) {
    const uint16_t* boxes = boxes_of(index);
    for (int i = 0; i < num_boxes_; ++i) box_at_[boxes[i]] = 1;
    const Node node = nodes_[index];
    reach(node.player);
    const uint32_t region = stamp_;
    // Corral deadlocks are checked when a position is expanded rather than when it is generated: most
    // generated positions never are. Only the corrals next to the box just pushed can be new.
    if (options_.corral_deadlocks && node.parent != kNoParent &&
        corrals_.deadlocked(box_at_, seen_, region, node.player, room_.next(node.push_from, node.push_direction))) {
      for (int i = 0; i < num_boxes_; ++i) box_at_[boxes[i]] = 0;
      return;
    }
    // Gather the legal pushes first: normalising a child's player reuses the
    // region buffers.
    pushes_.clear();
    for (int i = 0; i < num_boxes_; ++i) {
      const Square b = boxes[i];
      for (int d = 0; d < 4; ++d) {
        const Square behind = room_.next(b, opposite(d)), to = room_.next(b, d);
        if (behind == kNoSquare || to == kNoSquare || seen_[size_t(behind)] != region) continue;
        if (box_at_[size_t(to)] || distances_.is_dead(to)) continue;
        pushes_.push_back({i, d, walk_distance_[size_t(behind)] + 1});
      }
    }
    for (const Push& push : pushes_) {
      const Square from = boxes_of(index)[push.box], to = room_.next(from, push.direction);
      const int g = node.g + (moves() ? push.cost : 1);
      if (g > kMaxCost) continue;
      box_at_[size_t(from)] = 0;
      box_at_[size_t(to)] = 1;
      add_child(index, push, from, to, g, child);
      box_at_[size_t(to)] = 0;
      box_at_[size_t(from)] = 1;
    }
    const uint16_t* after = boxes_of(index);  // the arena may have moved
    for (int i = 0; i < num_boxes_; ++i) box_at_[after[i]] = 0;
  }

  struct Push {
    int box, direction, cost;
  };

  // box_at_ holds the child's boxes.
  void add_child(uint32_t parent, const Push& push, Square from, Square to, int g, std::vector<uint16_t>& child) {
    const uint16_t* boxes = boxes_of(parent);
    // The child's boxes, still in increasing order.
    int k = 0;
    for (int i = 0; i < num_boxes_; ++i)
      if (i != push.box) child[size_t(k++)] = boxes[i];
    auto at = std::lower_bound(child.begin(), child.begin() + (num_boxes_ - 1), uint16_t(to));
    std::copy_backward(at, child.begin() + (num_boxes_ - 1), child.begin() + num_boxes_);
    *at = uint16_t(to);
    const Square player = moves() ? from : reach(from);
    const Node& p = nodes_[parent];
    const uint64_t hash =
        p.hash ^ box_key_[size_t(from)] ^ box_key_[size_t(to)] ^ player_key_[p.player] ^ player_key_[size_t(player)];
    const uint32_t found = find_in_table(hash, child.data(), player);
    if (found != kNoParent) {
      Node& old = nodes_[found];
      if (g >= old.g) return;
      // A shorter way to a known position (the bound is admissible but not
      // always consistent): reopen it.
      old.g = uint16_t(g);
      old.parent = parent;
      old.push_from = uint16_t(from);
      old.push_direction = uint8_t(push.direction);
      old.closed = 0;
      push_open(found);
      return;
    }
    if (frozen_deadlock(room_, distances_, box_at_, to)) return;
    const int h = bound_.compute(child.data(), num_boxes_);
    if (h == kNoMatching || g + h > kMaxCost) return;
    const auto index = uint32_t(nodes_.size());
    nodes_.push_back(
        Node{hash, parent, uint16_t(g), uint16_t(h), uint16_t(player), uint16_t(from), uint8_t(push.direction), 0});
    box_arena_.insert(box_arena_.end(), child.begin(), child.end());
    insert_in_table(index);
    push_open(index);
  }

  void push_open(uint32_t index) {
    const Node& n = nodes_[index];
    // Smallest f first; among equal f the deepest (largest g).
    open_.push((uint64_t(n.g + n.h) << 48) | (uint64_t(0xFFFF - n.g) << 32) | index);
  }

  uint32_t find_in_table(uint64_t hash, const uint16_t* boxes, Square player) const {
    const size_t mask = table_.size() - 1;
    for (size_t slot = size_t(hash) & mask;; slot = (slot + 1) & mask) {
      const uint32_t entry = table_[slot];
      if (entry == 0) return kNoParent;
      const Node& n = nodes_[entry - 1];
      if (n.hash == hash && n.player == player && std::equal(boxes, boxes + num_boxes_, boxes_of(entry - 1)))
        return entry - 1;
    }
  }

  void insert_in_table(uint32_t index) {
    if (nodes_.size() * 2 > table_.size()) {
      std::vector<uint32_t> old(table_.size() * 2, 0);
      old.swap(table_);
      for (uint32_t entry : old)
        if (entry) place(entry - 1);
    }
    place(index);
  }

  void place(uint32_t index) {
    const size_t mask = table_.size() - 1;
    size_t slot = size_t(nodes_[index].hash) & mask;
    while (table_[slot]) slot = (slot + 1) & mask;
    table_[slot] = index + 1;
  }

  // Replays the pushes from the start, walking between them.
  void write_plan(const Level& level, uint32_t goal, SolveResult& result) {
    std::vector<uint32_t> chain;
    for (uint32_t n = goal; nodes_[n].parent != kNoParent; n = nodes_[n].parent) chain.push_back(n);
    std::reverse(chain.begin(), chain.end());
    std::vector<uint8_t> box_at(size_t(room_.num_squares()), 0);
    for (Square b : level.boxes) box_at[size_t(b)] = 1;
    Square player = level.player;
    for (uint32_t n : chain) {
      const Square from = nodes_[n].push_from;
      const int d = nodes_[n].push_direction;
      result.plan += walk(room_, box_at, player, room_.next(from, opposite(d)));
      result.plan += kPushLetters[size_t(d)];
      box_at[size_t(from)] = 0;
      box_at[size_t(room_.next(from, d))] = 1;
      player = from;
    }
    result.pushes = int(chain.size());
    result.moves = int(result.plan.size());
  }

  SolveOptions options_;
  Room room_;
  PushDistances distances_;
  CorralCheck corrals_;
  MatchingBound bound_;
  int num_boxes_ = 0;
  std::vector<uint64_t> box_key_, player_key_;
  std::vector<Node> nodes_;
  std::vector<uint16_t> box_arena_;
  std::vector<uint32_t> table_;
  std::priority_queue<uint64_t, std::vector<uint64_t>, std::greater<>> open_;
  std::vector<uint8_t> box_at_;
  std::vector<uint32_t> seen_;
  std::vector<int> walk_distance_;
  std::vector<Square> queue_;
  std::vector<Push> pushes_;
  uint32_t stamp_ = 0;
};

}  // namespace

SolveResult solve(const Level& level, const SolveOptions& options) {
  Search search(level, options);
  return search.run(level);
}

}  // namespace pg::sokoban
