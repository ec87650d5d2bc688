// --rand-type=zipfian (added for the OLTP tests, sysbench 1.1's distribution).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "workloads/sysbench_random.h"

namespace hostmark {
namespace {

TEST(OltpRandomTest, ZipfianStaysInRangeAndFavoursTheLowValues) {
  EXPECT_EQ(parse_rand_type("zipfian").value(), RandType::kZipfian);
  for (const double exp : {0.5, 0.8, 1.0, 1.5}) {
    SCOPED_TRACE(exp);
    RandSpec spec;
    spec.type = RandType::kZipfian;
    spec.zipfian_exp = exp;
    SysbenchRandom rng(spec, 42);
    std::vector<int> hits(101, 0);
    for (int i = 0; i < 20000; ++i) {
      const std::uint64_t v = rng.next(1, 100);
      ASSERT_GE(v, 1u);
      ASSERT_LE(v, 100u);
      ++hits[v];
    }
    // P(k) ~ k^-exp: value 1 is drawn more often than 2, and 2 than 50.
    EXPECT_GT(hits[1], hits[2]);
    EXPECT_GT(hits[2], hits[50]);
    // Ratio of 1 to 10 near 10^exp (within 30%).
    const double ratio = static_cast<double>(hits[1]) / std::max(1, hits[10]);
    EXPECT_NEAR(ratio / std::pow(10.0, exp), 1.0, 0.3) << ratio;
  }
  RandSpec spec;
  spec.type = RandType::kZipfian;
  SysbenchRandom rng(spec, 7);
  EXPECT_EQ(rng.next(5, 5), 5u);
  for (int i = 0; i < 1000; ++i) EXPECT_LE(rng.next(1000, 1001), 1001u);
}

}  // namespace
}  // namespace hostmark
