// The start of the exact solver (retrograde analysis over the movement
// phase): a dense numbering of the movement-phase positions of each material
// class, so that a value table is an array. A position is the pieces of the
// side to move ("mine") and of the other side ("theirs"); within the class
// (popcount(mine), popcount(theirs)) its index is
//   rank(mine) * C(16 - |mine|, |theirs|) + rank(theirs, on the points mine leaves free)
// with subsets ranked in the combinatorial number system (colex order).
#pragma once

#include <cstdint>

namespace pg::morris {

// C(n, k) for 0 <= n <= 16, 0 <= k <= 16 (0 when k > n).
uint32_t binomial(int n, int k);

// The number of positions with `mine` pieces of the side to move and `theirs`
// of the other side on the 16 points.
uint64_t class_size(int mine, int theirs);

// The rank of a subset of the points 0..n-1 among those of its size (colex),
// and the inverse: the subset of `size` points of 0..n-1 with that rank.
uint32_t subset_rank(uint16_t subset);
uint16_t subset_unrank(uint32_t rank, int size, int n);

// A position's index in its class, and the inverse.
uint64_t position_index(uint16_t mine, uint16_t theirs);
void position_from_index(uint64_t index, int mine_count, int theirs_count, uint16_t& mine, uint16_t& theirs);

}  // namespace pg::morris
