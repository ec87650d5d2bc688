// sysbench's latency histogram: its bucket grid (1024 buckets, log-spaced 0.001 ms to 100 s,
// nearest bucket in log space), clamping at both ends, and exact counts under concurrent
// updates from several threads.
#include "stats/sysbench_histogram.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <thread>
#include <vector>

namespace hostmark {
namespace {

// The grid computed independently: bucket i holds 0.001 ms * 10^(8 i / 1023).
double grid_ms(double i) { return 0.001 * std::pow(10.0, 8.0 * i / 1023.0); }

TEST(SysbenchHistogramTest, BucketValuesAreTheLogGridFromOneMicrosecondToHundredSeconds) {
  EXPECT_NEAR(SysbenchHistogram::bucket_value_ms(0), 0.001, 1e-12);
  EXPECT_NEAR(SysbenchHistogram::bucket_value_ms(1023), 100000, 1e-6);
  for (std::size_t i : {1u, 100u, 384u, 511u, 900u}) {
    EXPECT_NEAR(SysbenchHistogram::bucket_value_ms(i) / grid_ms(static_cast<double>(i)), 1.0, 1e-12)
        << i;
  }
}

TEST(SysbenchHistogramTest, ValuesGoToTheNearestBucketInLogSpace) {
  // 1 ms: 8 i / 1023 = 3 at i = 383.625, nearest 384.
  EXPECT_EQ(SysbenchHistogram::bucket_index(1.0), 384u);
  for (std::size_t i = 0; i < SysbenchHistogram::kBuckets; ++i) {
    const double at = static_cast<double>(i);
    EXPECT_EQ(SysbenchHistogram::bucket_index(grid_ms(at)), i);
    if (i > 0) {
      EXPECT_EQ(SysbenchHistogram::bucket_index(grid_ms(at - 0.49)), i);
    }
    if (i + 1 < SysbenchHistogram::kBuckets) {
      EXPECT_EQ(SysbenchHistogram::bucket_index(grid_ms(at + 0.49)), i);
    }
  }
}

TEST(SysbenchHistogramTest, ClampsBelowAndAboveTheRange) {
  EXPECT_EQ(SysbenchHistogram::bucket_index(0.0), 0u);
  EXPECT_EQ(SysbenchHistogram::bucket_index(0.0001), 0u);  // a 100 ns event, as in sysbench
  EXPECT_EQ(SysbenchHistogram::bucket_index(1e9), 1023u);
  EXPECT_EQ(SysbenchHistogram::bucket_index(std::numeric_limits<double>::infinity()), 1023u);
}

TEST(SysbenchHistogramTest, CountsEveryUpdateOnceWhateverTheSlot) {
  SysbenchHistogram h;
  EXPECT_TRUE(h.nonempty_ms().empty());
  for (std::uint64_t r = 0; r < 1000; ++r) h.update(1.0, r * 0x9e3779b97f4a7c15ull);
  h.update(0.0001, 7);
  h.update(250000, 8);
  const auto counts = h.buckets();
  ASSERT_EQ(counts.size(), SysbenchHistogram::kBuckets);
  EXPECT_EQ(counts[384], 1000u);
  EXPECT_EQ(counts[0], 1u);
  EXPECT_EQ(counts[1023], 1u);
  const auto rows = h.nonempty_ms();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_NEAR(rows[0].first, 0.001, 1e-12);
  EXPECT_NEAR(rows[1].first, grid_ms(384), 1e-9);
  EXPECT_EQ(rows[1].second, 1000u);
  EXPECT_NEAR(rows[2].first, 100000, 1e-6);
}

TEST(SysbenchHistogramTest, ConcurrentUpdatesAreNotLost) {
  SysbenchHistogram h;
  constexpr int kThreads = 4;
  constexpr std::uint64_t kEach = 200000;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&h, t] {
      std::uint64_t x = static_cast<std::uint64_t>(t) + 1;
      for (std::uint64_t i = 0; i < kEach; ++i) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        h.update(0.01, x >> 11);  // all in one bucket: only the slots spread the threads
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(h.buckets()[SysbenchHistogram::bucket_index(0.01)], kThreads * kEach);
}

}  // namespace
}  // namespace hostmark
