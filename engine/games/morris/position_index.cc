#include "engine/games/morris/position_index.h"

#include <array>
#include <bit>

#include "engine/games/morris/board.h"

namespace pg::morris {

namespace {

constexpr std::array<std::array<uint32_t, kNumPoints + 1>, kNumPoints + 1> pascal() {
  std::array<std::array<uint32_t, kNumPoints + 1>, kNumPoints + 1> c{};
  for (int n = 0; n <= kNumPoints; ++n) {
    c[size_t(n)][0] = 1;
    for (int k = 1; k <= n; ++k)
      c[size_t(n)][size_t(k)] = c[size_t(n - 1)][size_t(k - 1)] + c[size_t(n - 1)][size_t(k)];
  }
  return c;
}
constexpr auto kBinomial = pascal();

// `bits` spread onto the points of `free` (bit j of `bits` goes to the j-th free point), and back.
uint16_t expand(uint16_t bits, uint16_t free) {
  uint16_t out = 0;
  for (int j = 0; free; free &= uint16_t(free - 1), ++j)
    if (bits & bit(j)) out |= uint16_t(free & -free);
  return out;
}
uint16_t compress(uint16_t points, uint16_t free) {
  uint16_t out = 0;
  for (int j = 0; free; free &= uint16_t(free - 1), ++j)
    if (points & free & -free) out |= bit(j);
  return out;
}

}  // namespace

uint32_t binomial(int n, int k) { return k > n ? 0 : kBinomial[size_t(n)][size_t(k)]; }

uint64_t class_size(int mine, int theirs) {
  return uint64_t(binomial(kNumPoints, mine)) * binomial(kNumPoints - mine, theirs);
}

uint32_t subset_rank(uint16_t subset) {
  uint32_t r = 0;
  for (int i = 1; subset; subset &= uint16_t(subset - 1), ++i) r += binomial(std::countr_zero(subset), i);
  return r;
}

uint16_t subset_unrank(uint32_t rank, int size, int n) {
  uint16_t subset = 0;
  for (int i = size; i >= 1; --i) {
    // The largest point p < n with C(p, i) <= rank.
    int p = n - 1;
    while (binomial(p, i) > rank) --p;
    subset |= bit(p);
    rank -= binomial(p, i);
    n = p;
  }
  return subset;
}

uint64_t position_index(uint16_t mine, uint16_t theirs) {
  const int m = std::popcount(mine), t = std::popcount(theirs);
  const uint16_t free = uint16_t(~mine);
  return uint64_t(subset_rank(mine)) * binomial(kNumPoints - m, t) + subset_rank(compress(theirs, free));
}

void position_from_index(uint64_t index, int mine_count, int theirs_count, uint16_t& mine, uint16_t& theirs) {
  const uint32_t per_mine = binomial(kNumPoints - mine_count, theirs_count);
  mine = subset_unrank(uint32_t(index / per_mine), mine_count, kNumPoints);
  theirs = expand(subset_unrank(uint32_t(index % per_mine), theirs_count, kNumPoints - mine_count), uint16_t(~mine));
}

}  // namespace pg::morris
