// RandomMap: marking, runs, next-free search across words and levels, wrap-around, full map.
#include "io/random_map.h"

#include <gtest/gtest.h>

namespace hostmark::io {
namespace {

TEST(RandomMap, NextFreeSkipsUsedUnitsAcrossWordsAndLevels) {
  const std::uint64_t n = 64 * 64 * 2 + 10;  // three levels, ragged tail
  RandomMap map(n);
  EXPECT_EQ(map.next_free(5), 5u);
  map.mark_range(5, 64 * 64 + 7);  // units 5 .. 4107 used: a full level-1 word in between
  EXPECT_EQ(map.used(), 64u * 64 + 7);
  EXPECT_EQ(map.next_free(5), 5u + 64 * 64 + 7);
  EXPECT_EQ(map.next_free(100), 5u + 64 * 64 + 7);
  EXPECT_EQ(map.next_free(0), 0u);
  // Everything after 4000 used too: the search wraps to the start.
  map.mark_range(4000, n);
  EXPECT_EQ(map.next_free(4500), 0u);
  map.mark_range(0, 5);
  EXPECT_TRUE(map.full());
  EXPECT_EQ(map.next_free(3), RandomMap::kNone);
  map.clear();
  EXPECT_EQ(map.used(), 0u);
  EXPECT_EQ(map.next_free(n - 1), n - 1);
}

TEST(RandomMap, ClaimRunStopsAtUsedUnitsAndTheEnd) {
  RandomMap map(100);
  map.mark(10);
  EXPECT_EQ(map.claim_run(6, 16), 4u);   // 6..9, stops before 10
  EXPECT_EQ(map.claim_run(10, 4), 0u);   // already used
  EXPECT_EQ(map.claim_run(97, 16), 3u);  // 97..99, stops at the end
  EXPECT_FALSE(map.mark(98));
  EXPECT_EQ(map.used(), 8u);
}

TEST(RandomMap, FillingInRandomOrderVisitsEveryUnitOnce) {
  const std::uint64_t n = 10'007;
  RandomMap map(n);
  std::uint64_t x = 12345, marked = 0;
  while (!map.full()) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    std::uint64_t u = (x >> 33) % n;
    if (map.is_used(u)) u = map.next_free(u);
    ASSERT_NE(u, RandomMap::kNone);
    ASSERT_TRUE(map.mark(u));
    ++marked;
  }
  EXPECT_EQ(marked, n);
}

}  // namespace
}  // namespace hostmark::io
