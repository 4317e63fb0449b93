// The movement-phase position index is a bijection onto 0 .. class_size - 1 in every material class.
#include "engine/games/morris/position_index.h"

#include <gtest/gtest.h>

#include <bit>
#include <vector>

namespace pg::morris {
namespace {

TEST(MorrisPositionIndex, BinomialsAndClassSizes) {
  EXPECT_EQ(binomial(16, 5), 4368u);
  EXPECT_EQ(binomial(11, 5), 462u);
  EXPECT_EQ(binomial(3, 5), 0u);
  EXPECT_EQ(class_size(5, 5), 2018016u);  // C(16,5) * C(11,5)
  EXPECT_EQ(class_size(3, 2), uint64_t(binomial(16, 3)) * binomial(13, 2));
}

TEST(MorrisPositionIndex, SubsetRankAndUnrankAreInverse) {
  for (int n = 0; n <= 16; ++n)
    for (int size = 0; size <= n; ++size)
      for (uint32_t rank = 0; rank < binomial(n, size); ++rank) {
        const uint16_t subset = subset_unrank(rank, size, n);
        ASSERT_EQ(std::popcount(subset), size);
        ASSERT_LT(subset, uint32_t(1) << n);
        ASSERT_EQ(subset_rank(subset), rank) << "n " << n << " size " << size;
      }
}

// Every pair of disjoint point sets of the class gets its own index below the class size, and the index
// gives the pair back: checked over whole classes, 5 against 5 (2,018,016 positions) among them.
TEST(MorrisPositionIndex, EveryClassIsNumberedOneToOne) {
  for (const auto& [mine_count, theirs_count] : {std::pair{3, 3}, {4, 3}, {3, 5}, {5, 5}}) {
    const uint64_t size = class_size(mine_count, theirs_count);
    std::vector<uint8_t> seen(size_t(size), 0);
    uint64_t count = 0;
    for (uint32_t mine = 0; mine < (1u << 16); ++mine) {
      if (std::popcount(mine) != mine_count) continue;
      for (uint32_t theirs = 0; theirs < (1u << 16); ++theirs) {
        if ((theirs & mine) || std::popcount(theirs) != theirs_count) continue;
        const uint64_t index = position_index(uint16_t(mine), uint16_t(theirs));
        ASSERT_LT(index, size);
        ASSERT_FALSE(seen[size_t(index)]) << "index " << index << " given twice";
        seen[size_t(index)] = 1;
        uint16_t back_mine = 0, back_theirs = 0;
        position_from_index(index, mine_count, theirs_count, back_mine, back_theirs);
        ASSERT_EQ(back_mine, mine);
        ASSERT_EQ(back_theirs, theirs);
        ++count;
      }
    }
    EXPECT_EQ(count, size) << mine_count << " against " << theirs_count;
  }
}

}  // namespace
}  // namespace pg::morris
