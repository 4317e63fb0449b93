// Test helpers for the solver's tests: a tiny ASCII level reader, a move
// simulator that replays LURD plans, and an exhaustive oracle that classifies
// every position of a small room by reverse search from the solved positions.
// Independent of the solver's code on purpose.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/games/sokoban/level.h"

namespace pg::sokoban::testing {

inline Level rows_level(const std::vector<std::string>& rows) {
  Level level;
  level.height = int(rows.size());
  for (const auto& r : rows) level.width = std::max(level.width, int(r.size()));
  level.wall.assign(size_t(level.width * level.height), 0);
  level.target.assign(size_t(level.width * level.height), 0);
  for (int r = 0; r < level.height; ++r)
    for (int c = 0; c < int(rows[size_t(r)].size()); ++c) {
      const char ch = rows[size_t(r)][size_t(c)];
      const Square s = level.at(r, c);
      if (ch == '#') level.wall[size_t(s)] = 1;
      if (ch == '.' || ch == '*' || ch == '+') level.target[size_t(s)] = 1;
      if (ch == '$' || ch == '*') level.boxes.push_back(s);
      if (ch == '@' || ch == '+') level.player = s;
    }
  return level;
}

inline bool solved(const Level& level) {
  for (Square b : level.boxes)
    if (!level.target[size_t(b)]) return false;
  return true;
}

// Plays one LURD letter by the rules; returns false if it does nothing or
// pushes when the letter says walk (or walks when it says push).
inline bool play_letter(Level& level, char letter) {
  const std::string letters = "udlrUDLR";
  const auto k = letters.find(letter);
  if (k == std::string::npos) return false;
  const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
  const int d = int(k % 4);
  const bool push = k >= 4;
  const int r = level.row(level.player) + dr[d], c = level.column(level.player) + dc[d];
  if (!level.inside(r, c) || level.wall[size_t(level.at(r, c))]) return false;
  const Square to = level.at(r, c);
  auto box = std::find(level.boxes.begin(), level.boxes.end(), to);
  if (box == level.boxes.end()) {
    level.player = to;
    return !push;
  }
  const int r2 = r + dr[d], c2 = c + dc[d];
  if (!push || !level.inside(r2, c2) || level.wall[size_t(level.at(r2, c2))]) return false;
  const Square beyond = level.at(r2, c2);
  if (std::find(level.boxes.begin(), level.boxes.end(), beyond) != level.boxes.end()) return false;
  *box = beyond;
  std::sort(level.boxes.begin(), level.boxes.end());
  level.player = to;
  return true;
}

// Replays a plan; true if every letter is legal as written and the end is solved.
inline bool plan_solves(Level level, const std::string& plan) {
  for (char letter : plan)
    if (!play_letter(level, letter)) return false;
  return solved(level);
}

// Every position of a room with `num_boxes` boxes from which the room can be
// solved, with its fewest moves and fewest pushes (by reverse search from the
// solved positions: walks back, and pulls undo pushes). Rooms up to 40 squares.
class Oracle {
 public:
  struct Distances {
    int moves = -1, pushes = -1;
  };

  Oracle(const Level& room, int num_boxes) : room_(room) {
    const int n = room.num_squares();
    for (Square s = 0; s < n; ++s)
      if (!room.wall[size_t(s)]) floor_.push_back(s);
    std::vector<Square> targets;
    for (Square s : floor_)
      if (room.target[size_t(s)]) targets.push_back(s);
    // Goals: num_boxes of the targets, the player on any other floor square.
    std::vector<uint64_t> goals;
    for_each_subset(targets, num_boxes, [&](uint64_t mask) {
      for (Square p : floor_)
        if (!(mask >> p & 1)) goals.push_back(key(p, mask));
    });
    search(goals, /*pushes=*/false);
    search(goals, /*pushes=*/true);
  }

  // -1 when unsolvable.
  Distances distances(Square player, const std::vector<Square>& boxes) const {
    uint64_t mask = 0;
    for (Square b : boxes) mask |= uint64_t(1) << b;
    const auto it = table_.find(key(player, mask));
    return it == table_.end() ? Distances{} : it->second;
  }
  const std::vector<Square>& floor() const { return floor_; }

  template <typename F>
  static void for_each_subset(const std::vector<Square>& squares, int k, F&& f) {
    std::vector<int> pick(static_cast<size_t>(k), 0);
    for (int i = 0; i < k; ++i) pick[size_t(i)] = i;
    const int n = int(squares.size());
    if (k > n) return;
    while (true) {
      uint64_t mask = 0;
      for (int i : pick) mask |= uint64_t(1) << squares[size_t(i)];
      f(mask);
      int i = k - 1;
      while (i >= 0 && pick[size_t(i)] == n - k + i) --i;
      if (i < 0) return;
      ++pick[size_t(i)];
      for (int j = i + 1; j < k; ++j) pick[size_t(j)] = pick[size_t(j - 1)] + 1;
    }
  }

 private:
  static uint64_t key(Square player, uint64_t mask) { return mask | (uint64_t(player) << 48); }

  Square step(Square s, int d) const {
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const int r = room_.row(s) + dr[d], c = room_.column(s) + dc[d];
    if (!room_.inside(r, c) || room_.wall[size_t(room_.at(r, c))]) return -1;
    return room_.at(r, c);
  }

  // Moves: plain BFS; pushes: 0-1 BFS (walks cost nothing).
  void search(const std::vector<uint64_t>& goals, bool pushes) {
    std::unordered_map<uint64_t, int> dist;
    std::deque<uint64_t> queue;
    for (uint64_t g : goals) {
      dist[g] = 0;
      queue.push_back(g);
    }
    while (!queue.empty()) {
      const uint64_t k = queue.front();
      queue.pop_front();
      const int here = dist[k];
      const Square p = Square(k >> 48);
      const uint64_t mask = k & ((uint64_t(1) << 48) - 1);
      for (int d = 0; d < 4; ++d) {
        const Square q = step(p, d);
        if (q < 0 || (mask >> q & 1)) continue;
        // Walk back to q.
        relax(dist, queue, key(q, mask), here, pushes ? 0 : 1);
        // Pull: the box on the far side of p (opposite d) follows into p.
        const Square box = step(p, d ^ 1);
        if (box >= 0 && (mask >> box & 1))
          relax(dist, queue, key(q, (mask & ~(uint64_t(1) << box)) | (uint64_t(1) << p)), here, 1);
      }
    }
    for (const auto& [k, d] : dist) (pushes ? table_[k].pushes : table_[k].moves) = d;
  }

  static void relax(std::unordered_map<uint64_t, int>& dist, std::deque<uint64_t>& queue, uint64_t k, int here,
                    int cost) {
    const auto it = dist.find(k);
    if (it != dist.end() && it->second <= here + cost) return;
    dist[k] = here + cost;
    if (cost == 0)
      queue.push_front(k);
    else
      queue.push_back(k);
  }

  Level room_;
  std::vector<Square> floor_;
  std::unordered_map<uint64_t, Distances> table_;
};

}  // namespace pg::sokoban::testing
