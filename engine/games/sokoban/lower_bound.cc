#include "engine/games/sokoban/lower_bound.h"

#include <algorithm>
#include <limits>

namespace pg::sokoban {

namespace {
// An unreachable pair costs more than any real matching but stays small
// enough that sums of up to kMaxSide * kMaxSide of them cannot overflow.
constexpr int kForbidden = 1 << 18;
}  // namespace

MatchingBound::MatchingBound(const Room& room, const PushDistances& distances) : room_(room), distances_(distances) {}

int MatchingBound::compute(const uint16_t* boxes, int num_boxes, std::vector<int>* target_of) {
  const int n = num_boxes, m = int(room_.targets().size());
  if (n > m) return kNoMatching;
  if (n == 0) {
    if (target_of) target_of->clear();
    return 0;
  }
  // Rows = boxes, columns = targets, 1-based as in the classic potentials
  // formulation of the Hungarian algorithm (O(n^2 m)).
  cost_.resize(size_t(n) * size_t(m));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < m; ++j) {
      const int d = distances_.to_target(j, Square(boxes[i]));
      cost_[size_t(i * m + j)] = d == kUnreachable ? kForbidden : d;
    }
  const int inf = std::numeric_limits<int>::max() / 4;
  u_.assign(size_t(n + 1), 0);
  v_.assign(size_t(m + 1), 0);
  match_.assign(size_t(m + 1), 0);  // match_[j] = row matched to column j
  way_.assign(size_t(m + 1), 0);
  minv_.resize(size_t(m + 1));
  used_.resize(size_t(m + 1));
  for (int i = 1; i <= n; ++i) {
    match_[0] = i;
    int j0 = 0;
    std::fill(minv_.begin(), minv_.end(), inf);
    std::fill(used_.begin(), used_.end(), uint8_t(0));
    do {
      used_[size_t(j0)] = 1;
      const int i0 = match_[size_t(j0)];
      int delta = inf, j1 = 0;
      for (int j = 1; j <= m; ++j) {
        if (used_[size_t(j)]) continue;
        const int cur = cost_[size_t((i0 - 1) * m + (j - 1))] - u_[size_t(i0)] - v_[size_t(j)];
        if (cur < minv_[size_t(j)]) {
          minv_[size_t(j)] = cur;
          way_[size_t(j)] = j0;
        }
        if (minv_[size_t(j)] < delta) {
          delta = minv_[size_t(j)];
          j1 = j;
        }
      }
      for (int j = 0; j <= m; ++j) {
        if (used_[size_t(j)]) {
          u_[size_t(match_[size_t(j)])] += delta;
          v_[size_t(j)] -= delta;
        } else {
          minv_[size_t(j)] -= delta;
        }
      }
      j0 = j1;
    } while (match_[size_t(j0)] != 0);
    do {
      const int j1 = way_[size_t(j0)];
      match_[size_t(j0)] = match_[size_t(j1)];
      j0 = j1;
    } while (j0 != 0);
  }
  int total = 0;
  if (target_of) target_of->assign(size_t(n), -1);
  for (int j = 1; j <= m; ++j) {
    const int i = match_[size_t(j)];
    if (i == 0) continue;
    const int c = cost_[size_t((i - 1) * m + (j - 1))];
    if (c >= kForbidden) return kNoMatching;
    total += c;
    if (target_of) (*target_of)[size_t(i - 1)] = j - 1;
  }
  return total;
}

BoundMatching matching_lower_bound(const Level& level) {
  const Room room(level);
  const PushDistances distances(room);
  MatchingBound bound(room, distances);
  std::vector<uint16_t> boxes;
  for (Square b : level.boxes)
    if (room.is_floor(b)) boxes.push_back(uint16_t(b));
  std::vector<int> target_of;
  BoundMatching result;
  result.pushes = bound.compute(boxes.data(), int(boxes.size()), &target_of);
  if (result.pushes == kNoMatching) return result;
  for (size_t i = 0; i < boxes.size(); ++i)
    result.box_to_target.emplace_back(Square(boxes[i]), room.targets()[size_t(target_of[i])]);
  return result;
}

}  // namespace pg::sokoban
