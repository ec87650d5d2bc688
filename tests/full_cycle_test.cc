// FullCycle (random_generator=lfsr): each value of [0, n) exactly once in every n draws, for
// sizes on both sides of powers of two, and different seeds giving different orders.
#include "io/full_cycle.h"

#include <gtest/gtest.h>

#include <vector>

namespace hostmark::io {
namespace {

TEST(FullCycle, EveryValueOncePerPass) {
  for (std::uint64_t n : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 255u, 256u, 257u, 1000u, 65537u}) {
    for (std::uint64_t seed : {0ull, 1ull, 42ull, 0xdeadbeefcafef00dull}) {
      FullCycle c(n, seed);
      for (int pass = 0; pass < 2; ++pass) {
        std::vector<int> seen(n, 0);
        for (std::uint64_t i = 0; i < n; ++i) {
          const std::uint64_t v = c.next();
          ASSERT_LT(v, n) << "n=" << n << " seed=" << seed;
          ++seen[v];
        }
        for (std::uint64_t v = 0; v < n; ++v)
          ASSERT_EQ(seen[v], 1) << "n=" << n << " seed=" << seed << " value " << v;
      }
    }
  }
}

TEST(FullCycle, SeedsGiveDifferentOrders) {
  FullCycle a(1000, 1), b(1000, 2);
  std::size_t same = 0;
  for (int i = 0; i < 1000; ++i) same += a.next() == b.next() ? 1 : 0;
  EXPECT_LT(same, 100u);
}

}  // namespace
}  // namespace hostmark::io
