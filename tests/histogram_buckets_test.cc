// stats/histogram_buckets.h: the kept buckets hold every value, stay under the cap, and give back
// the histogram's own percentiles (to a bucket's width).
#include "stats/histogram_buckets.h"

#include <gtest/gtest.h>

#include <random>

namespace hostmark {
namespace {

std::uint64_t total_count(const std::vector<LatencyBucket>& buckets) {
  std::uint64_t n = 0;
  for (const auto& b : buckets) n += b.count;
  return n;
}

void expect_ascending_and_disjoint(const std::vector<LatencyBucket>& buckets) {
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    EXPECT_LE(buckets[i].lower_ns, buckets[i].upper_ns) << i;
    EXPECT_GT(buckets[i].count, 0u) << i;
    if (i > 0) {
      EXPECT_GT(buckets[i].lower_ns, buckets[i - 1].upper_ns) << i;
    }
  }
}

TEST(HistogramBucketsTest, OnlyNonEmptyBucketsAtFullResolution) {
  Histogram h;
  for (int i = 0; i < 10; ++i) h.record(100);
  h.record(5000);
  h.record(5001);
  const auto b = histogram_buckets(h);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].lower_ns, 100u);
  EXPECT_EQ(b[0].upper_ns, 100u);
  EXPECT_EQ(b[0].count, 10u);
  EXPECT_EQ(b[1].count, 2u);
  EXPECT_LE(b[1].lower_ns, 5000u);
  EXPECT_GE(b[1].upper_ns, 5001u);
  EXPECT_TRUE(histogram_buckets(Histogram()).empty());
}

TEST(HistogramBucketsTest, WideDistributionsAreJoinedUnderTheCapWithEveryValueKept) {
  Histogram h;
  std::mt19937_64 rng(7);
  std::lognormal_distribution<double> latency(11, 2);  // ~60 us median, spread over decades
  for (int i = 0; i < 200'000; ++i) h.record(static_cast<std::uint64_t>(latency(rng)) + 1);
  const auto full = histogram_buckets(h, Histogram::kBuckets);
  ASSERT_GT(full.size(), 512u) << "the test needs a distribution wider than the cap";
  const auto kept = histogram_buckets(h);
  EXPECT_LE(kept.size(), kMaxLatencyBuckets);
  EXPECT_EQ(total_count(kept), h.count());
  expect_ascending_and_disjoint(kept);
  EXPECT_EQ(kept.front().lower_ns, h.min_ns());
  EXPECT_EQ(kept.back().upper_ns, h.max_ns());
  // Percentiles read back within the width of the bucket they fall in (a few % when joined).
  for (double p : {1.0, 50.0, 90.0, 99.0, 99.9, 99.99}) {
    const double exact = static_cast<double>(h.percentile_ns(p));
    const double back = static_cast<double>(bucket_percentile_ns(kept, p));
    EXPECT_NEAR(back, exact, exact * 0.04) << "p" << p;
  }
  EXPECT_EQ(bucket_percentile_ns(kept, 0), h.min_ns());
  EXPECT_EQ(bucket_percentile_ns(kept, 100), h.max_ns());
}

TEST(HistogramBucketsTest, FullResolutionPercentilesMatchTheHistogram) {
  Histogram h;
  for (std::uint64_t v = 1000; v < 2'000'000; v += 997) h.record(v);
  const auto b = histogram_buckets(h, Histogram::kBuckets);
  for (double p : {10.0, 50.0, 95.0, 99.0}) {
    const double exact = static_cast<double>(h.percentile_ns(p));
    EXPECT_NEAR(static_cast<double>(bucket_percentile_ns(b, p)), exact, exact / 256 + 1) << p;
  }
  EXPECT_EQ(bucket_percentile_ns({}, 50), 0u);
}

}  // namespace
}  // namespace hostmark
