// The endgames (material up to 7) solved once for every test that needs a table.
#pragma once

#include "engine/games/morris/retrograde.h"

namespace pg::morris {

constexpr int kTestMaterial = 7;

inline const Solution& endgame_solution() {
  static const Solution s = Solution::solve(kTestMaterial);
  return s;
}

}  // namespace pg::morris
