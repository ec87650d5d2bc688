#include "stats/histogram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace hostmark {
namespace {

constexpr std::uint64_t kHalfMax = UINT64_MAX / 2;  // 2^63 - 1
constexpr std::uint64_t kOneHourNs = 3'600'000'000'000;

// Percentiles in hundredths of a percent, so the reference rank is computed in integers:
// 0, 1, 5, 10, 15, ..., 95, 99, 99.9, 99.99, 100.
std::vector<std::uint64_t> percentiles_hundredths() {
  std::vector<std::uint64_t> out = {0, 100};
  for (std::uint64_t p = 500; p <= 9500; p += 500) out.push_back(p);
  for (std::uint64_t p : {9900, 9990, 9999, 10000}) out.push_back(p);
  return out;
}

// The exact nearest-rank percentile: rank = ceil(p / 100 * n), clamped to [1, n].
std::uint64_t exact_percentile(const std::vector<std::uint64_t>& sorted, std::uint64_t hundredths) {
  const std::uint64_t n = sorted.size();
  std::uint64_t rank = (hundredths * n + 9999) / 10000;
  rank = std::clamp<std::uint64_t>(rank, 1, n);
  return sorted[rank - 1];
}

Histogram record_all(const std::vector<std::uint64_t>& values) {
  Histogram h;
  for (std::uint64_t v : values) h.record(v);
  return h;
}

// Every percentile of the list is within 0.5 % of the exact nearest-rank value, and in the same
// bucket as it (the tighter bound the bucket layout promises).
void expect_percentiles_close(const Histogram& h, std::vector<std::uint64_t> values) {
  std::sort(values.begin(), values.end());
  for (std::uint64_t hundredths : percentiles_hundredths()) {
    const double p = static_cast<double>(hundredths) / 100.0;
    SCOPED_TRACE(::testing::Message() << "p" << p << " n=" << values.size());
    const std::uint64_t want = exact_percentile(values, hundredths);
    const std::uint64_t got = h.percentile_ns(p);
    if (want == 0) {
      EXPECT_EQ(got, 0u);
      continue;
    }
    const long double err =
        std::fabs(static_cast<long double>(got) - static_cast<long double>(want)) /
        static_cast<long double>(want);
    EXPECT_LE(err, 0.005L) << "got " << got << " want " << want;
    EXPECT_EQ(Histogram::bucket_index(got), Histogram::bucket_index(want))
        << "got " << got << " want " << want;
  }
}

// Population standard deviation, two passes in long double.
double two_pass_stddev(const std::vector<std::uint64_t>& values) {
  const auto n = static_cast<long double>(values.size());
  long double sum = 0;
  for (std::uint64_t v : values) sum += static_cast<long double>(v);
  const long double mean = sum / n;
  long double acc = 0;
  for (std::uint64_t v : values) {
    const long double d = static_cast<long double>(v) - mean;
    acc += d * d;
  }
  return static_cast<double>(std::sqrt(acc / n));
}

// count, sum, min, max, mean exact; stddev within 1e-9 of a two-pass computation. Only for sets
// whose sum fits in 64 bits (the histogram keeps a 64-bit sum).
void expect_exact_moments(const Histogram& h, const std::vector<std::uint64_t>& values) {
  Uint128 sum = 0;
  for (std::uint64_t v : values) sum += v;
  ASSERT_LE(sum, static_cast<Uint128>(UINT64_MAX)) << "test set too large for a 64-bit sum";
  const auto sum64 = static_cast<std::uint64_t>(sum);
  EXPECT_EQ(h.count(), values.size());
  EXPECT_EQ(h.sum_ns(), sum64);
  EXPECT_EQ(h.min_ns(), *std::min_element(values.begin(), values.end()));
  EXPECT_EQ(h.max_ns(), *std::max_element(values.begin(), values.end()));
  EXPECT_DOUBLE_EQ(h.mean_ns(), static_cast<double>(sum64) / static_cast<double>(values.size()));
  const double want_sd = two_pass_stddev(values);
  EXPECT_NEAR(h.stddev_ns(), want_sd, 1e-9 * want_sd);
}

void expect_same_buckets(const Histogram& a, const Histogram& b) {
  std::size_t differing = 0;
  for (std::size_t i = 0; i < Histogram::kBuckets; ++i) {
    if (a.bucket_count(i) != b.bucket_count(i)) {
      ++differing;
      ADD_FAILURE() << "bucket " << i << ": " << a.bucket_count(i) << " vs " << b.bucket_count(i);
      if (differing > 5) return;
    }
  }
}

std::uint64_t bucket_total(const Histogram& h) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < Histogram::kBuckets; ++i) total += h.bucket_count(i);
  return total;
}

std::vector<std::uint64_t> exponential_set(std::size_t n, double mean_ns, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::exponential_distribution<double> dist(1.0 / mean_ns);
  std::vector<std::uint64_t> out(n);
  for (auto& v : out) v = static_cast<std::uint64_t>(std::llround(dist(rng)));
  return out;
}

std::vector<std::uint64_t> lognormal_set(std::size_t n, double m, double s, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::lognormal_distribution<double> dist(m, s);
  std::vector<std::uint64_t> out(n);
  for (auto& v : out) v = static_cast<std::uint64_t>(std::llround(dist(rng)));
  return out;
}

// log-uniform in [1, max_ns], plus both ends.
std::vector<std::uint64_t> log_uniform_set(std::size_t n, std::uint64_t max_ns,
                                           std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> dist(0.0, std::log2(static_cast<double>(max_ns)));
  std::vector<std::uint64_t> out = {1, max_ns};
  while (out.size() < n) {
    const double v = std::exp2(dist(rng));
    // exp2 may round up past max_ns near the top; such doubles are still below 2^64.
    out.push_back(std::clamp<std::uint64_t>(static_cast<std::uint64_t>(v), 1, max_ns));
  }
  return out;
}

TEST(HistogramTest, EmptyHistogramReportsZeros) {
  Histogram h;
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.sum_ns(), 0u);
  EXPECT_EQ(h.min_ns(), 0u);
  EXPECT_EQ(h.max_ns(), 0u);
  EXPECT_EQ(h.mean_ns(), 0.0);
  EXPECT_EQ(h.stddev_ns(), 0.0);
  EXPECT_EQ(h.percentile_ns(0), 0u);
  EXPECT_EQ(h.percentile_ns(50), 0u);
  EXPECT_EQ(h.percentile_ns(100), 0u);
  EXPECT_EQ(bucket_total(h), 0u);
}

TEST(HistogramTest, BucketLayoutConstants) {
  EXPECT_EQ(Histogram::kSubBuckets, 128u);
  EXPECT_EQ(Histogram::kBuckets, 7424u);
  EXPECT_EQ(Histogram::bucket_index(0), 0u);
  EXPECT_EQ(Histogram::bucket_index(UINT64_MAX), Histogram::kBuckets - 1);
  EXPECT_EQ(Histogram::bucket_lower(0), 0u);
  EXPECT_EQ(Histogram::bucket_upper(Histogram::kBuckets - 1), UINT64_MAX);
}

// Buckets tile [0, UINT64_MAX] with no gap and no overlap, each maps back to itself, and each is
// at most 1/128 of its lower bound wide.
TEST(HistogramTest, BucketsAreContiguousOverTheWholeRange) {
  for (std::size_t i = 0; i < Histogram::kBuckets; ++i) {
    SCOPED_TRACE(::testing::Message() << "index " << i);
    const std::uint64_t lo = Histogram::bucket_lower(i);
    const std::uint64_t hi = Histogram::bucket_upper(i);
    ASSERT_LE(lo, hi);
    ASSERT_EQ(Histogram::bucket_index(lo), i);
    ASSERT_EQ(Histogram::bucket_index(hi), i);
    ASSERT_EQ(Histogram::bucket_index(lo + (hi - lo) / 2), i);
    if (i + 1 < Histogram::kBuckets) {
      ASSERT_EQ(Histogram::bucket_lower(i + 1), hi + 1);
    }
    if (i < 256) {
      ASSERT_EQ(lo, i);  // exact below 256: one value per bucket
      ASSERT_EQ(hi, i);
    } else {
      ASSERT_LE(hi - lo + 1, lo / 128) << "bucket wider than 1/128 of its lower bound";
    }
  }
}

TEST(HistogramTest, PowerOfTwoBoundaries) {
  for (int k = 0; k < 64; ++k) {
    SCOPED_TRACE(::testing::Message() << "2^" << k);
    const std::uint64_t p = std::uint64_t{1} << k;
    const std::size_t i = Histogram::bucket_index(p);
    if (k >= 7) {
      // Every power of two from 128 up opens a new run of 128 buckets.
      EXPECT_EQ(i, static_cast<std::size_t>(k - 6) * 128);
      EXPECT_EQ(Histogram::bucket_lower(i), p);
      EXPECT_EQ(Histogram::bucket_upper(i - 1), p - 1);
      EXPECT_EQ(Histogram::bucket_index(p - 1), i - 1);
      const std::uint64_t width = std::uint64_t{1} << (k - 7);
      EXPECT_EQ(Histogram::bucket_upper(i), p + width - 1);
    } else {
      EXPECT_EQ(i, p);
      EXPECT_EQ(Histogram::bucket_lower(i), p);
      EXPECT_EQ(Histogram::bucket_upper(i), p);
    }
    if (k < 63) {
      EXPECT_EQ(Histogram::bucket_index(2 * p - 1) + 1, Histogram::bucket_index(2 * p));
    }
  }
}

TEST(HistogramTest, ValuesBelow128AreExact) {
  std::vector<std::uint64_t> values;
  for (std::uint64_t v = 0; v < 128; ++v) values.push_back(v);
  const Histogram h = record_all(values);
  for (std::size_t i = 0; i < 128; ++i) EXPECT_EQ(h.bucket_count(i), 1u) << i;
  EXPECT_EQ(bucket_total(h), 128u);
  for (std::uint64_t hundredths : percentiles_hundredths()) {
    EXPECT_EQ(h.percentile_ns(static_cast<double>(hundredths) / 100.0),
              exact_percentile(values, hundredths))
        << "p" << static_cast<double>(hundredths) / 100.0;
  }
  EXPECT_EQ(h.percentile_ns(50), 63u);  // rank 64 of 0..127
  EXPECT_EQ(h.percentile_ns(1), 1u);    // rank ceil(1.28) = 2
  expect_exact_moments(h, values);
}

TEST(HistogramTest, UniformIntegersOneToN) {
  for (std::uint64_t n : {100u, 1000u, 12345u}) {
    std::vector<std::uint64_t> values;
    for (std::uint64_t v = 1; v <= n; ++v) values.push_back(v);
    std::shuffle(values.begin(), values.end(), std::mt19937_64(n));
    const Histogram h = record_all(values);
    expect_percentiles_close(h, values);
    expect_exact_moments(h, values);
  }
  // 1..100 lie in exact buckets: p55 is the 55th value, not the 56th.
  std::vector<std::uint64_t> hundred;
  for (std::uint64_t v = 1; v <= 100; ++v) hundred.push_back(v);
  const Histogram h = record_all(hundred);
  EXPECT_EQ(h.percentile_ns(55), 55u);
  EXPECT_EQ(h.percentile_ns(57), 57u);
  EXPECT_EQ(h.percentile_ns(99.9), 100u);
  EXPECT_EQ(h.percentile_ns(0.5), 1u);
}

TEST(HistogramTest, UniformRandom) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<std::uint64_t> dist(1, 10'000'000);
  std::vector<std::uint64_t> values(200'000);
  for (auto& v : values) v = dist(rng);
  const Histogram h = record_all(values);
  expect_percentiles_close(h, values);
  expect_exact_moments(h, values);
}

TEST(HistogramTest, Exponential) {
  const auto values = exponential_set(200'000, 50'000.0, 42);
  const Histogram h = record_all(values);
  expect_percentiles_close(h, values);
  expect_exact_moments(h, values);
}

TEST(HistogramTest, LogNormal) {
  const auto values = lognormal_set(200'000, 10.0, 2.0, 1234);
  const Histogram h = record_all(values);
  expect_percentiles_close(h, values);
  expect_exact_moments(h, values);
}

TEST(HistogramTest, OneNanosecondToOneHour) {
  const auto values = log_uniform_set(100'000, kOneHourNs, 99);
  const Histogram h = record_all(values);
  EXPECT_EQ(h.min_ns(), 1u);
  EXPECT_EQ(h.max_ns(), kOneHourNs);
  EXPECT_EQ(h.percentile_ns(0), 1u);  // exact bucket
  // The top bucket's midpoint, at most 1/256 below the exact max.
  EXPECT_LE(h.percentile_ns(100), kOneHourNs);
  EXPECT_GE(h.percentile_ns(100), kOneHourNs - kOneHourNs / 256);
  expect_percentiles_close(h, values);
  expect_exact_moments(h, values);
}

// Up to 2^63 - 1 ns: no clamping into an overflow bucket. The 64-bit sum of this set wraps, so
// only count, min, max and percentiles are checked here.
TEST(HistogramTest, UpToHalfOfUint64WithoutClamping) {
  const auto values = log_uniform_set(100'000, kHalfMax, 5);
  const Histogram h = record_all(values);
  EXPECT_EQ(h.count(), values.size());
  EXPECT_EQ(bucket_total(h), values.size());
  EXPECT_EQ(h.min_ns(), 1u);
  EXPECT_EQ(h.max_ns(), kHalfMax);
  EXPECT_LE(h.percentile_ns(100), kHalfMax);
  EXPECT_GE(h.percentile_ns(100), kHalfMax - kHalfMax / 256);
  EXPECT_GT(h.bucket_count(Histogram::bucket_index(kHalfMax)), 0u);
  EXPECT_EQ(Histogram::bucket_index(kHalfMax), Histogram::kBuckets - 128 - 1);
  expect_percentiles_close(h, values);
}

TEST(HistogramTest, HugeValuesWithExactSum) {
  // The sum fits (2^64 - 2) but n * sum of squares does not fit in 128 bits: the long double
  // path of stddev.
  const std::vector<std::uint64_t> values = {kHalfMax, kHalfMax, 0};
  const Histogram h = record_all(values);
  expect_exact_moments(h, values);
  expect_percentiles_close(h, values);
  EXPECT_EQ(h.percentile_ns(33), 0u);
  EXPECT_EQ(Histogram::bucket_index(h.percentile_ns(34)), Histogram::bucket_index(kHalfMax));

  const std::vector<std::uint64_t> equal = {kHalfMax, kHalfMax};
  const Histogram e = record_all(equal);
  expect_exact_moments(e, equal);
  EXPECT_EQ(e.stddev_ns(), 0.0);
  EXPECT_EQ(e.percentile_ns(50), kHalfMax);

  const std::vector<std::uint64_t> mixed = {1, kOneHourNs, kHalfMax, 1000, 5};
  const Histogram m = record_all(mixed);
  expect_exact_moments(m, mixed);
  expect_percentiles_close(m, mixed);
}

TEST(HistogramTest, TinySets) {
  const std::vector<std::vector<std::uint64_t>> sets = {
      {42}, {10, 1000}, {7, 300, 5000}, {1'000'003}, {1'000'003, 999'999'937}, {0, 0, 1}};
  for (const auto& values : sets) {
    SCOPED_TRACE(::testing::Message() << "set of " << values.size() << " from " << values[0]);
    const Histogram h = record_all(values);
    expect_percentiles_close(h, values);
    expect_exact_moments(h, values);
  }
  // One sample: every percentile is that sample exactly (clamped to min == max).
  const Histogram one = record_all({1'000'003});
  for (double p : {0.0, 1.0, 50.0, 99.99, 100.0}) EXPECT_EQ(one.percentile_ns(p), 1'000'003u);
  EXPECT_EQ(one.stddev_ns(), 0.0);
  // Two samples: p50 is the lower one (rank 1), anything above is the upper one, exactly.
  const Histogram two = record_all({10, 1000});
  EXPECT_EQ(two.percentile_ns(50), 10u);
  EXPECT_EQ(two.percentile_ns(50.01), 1000u);
  EXPECT_EQ(two.percentile_ns(100), 1000u);
  EXPECT_DOUBLE_EQ(two.stddev_ns(), 495.0);
  // Three samples: ranks 1, 2, 3 at p <= 33.33.., <= 66.66.., above.
  const Histogram three = record_all({7, 300, 5000});
  EXPECT_EQ(three.percentile_ns(33), 7u);
  EXPECT_EQ(three.percentile_ns(34), 300u);
  EXPECT_EQ(three.percentile_ns(66), 300u);
  EXPECT_EQ(three.percentile_ns(67), 5000u);
  EXPECT_DOUBLE_EQ(three.mean_ns(), 5307.0 / 3.0);
}

// A spread of 1 ns around 1e12 ns: n * sum(x^2) and sum(x)^2 agree to about 24 digits, so
// only the exact 128-bit difference gives the right 0.5 ns (long double would cancel to noise).
TEST(HistogramTest, StddevIsExactForASmallSpreadAroundALargeMean) {
  std::vector<std::uint64_t> values;
  for (std::uint64_t i = 0; i < 100'000; ++i) values.push_back(1'000'000'000'000 + i % 2);
  const Histogram h = record_all(values);
  EXPECT_DOUBLE_EQ(h.stddev_ns(), 0.5);
  expect_exact_moments(h, values);
}

TEST(HistogramTest, PercentileArgumentIsClamped) {
  const Histogram h = record_all({100, 200, 300});
  EXPECT_EQ(h.percentile_ns(-5), 100u);
  EXPECT_EQ(h.percentile_ns(150), 300u);
}

TEST(HistogramTest, AllEqualValues) {
  for (std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{255},
                          std::uint64_t{123'456'789}, kOneHourNs, kOneHourNs * 1000}) {
    SCOPED_TRACE(::testing::Message() << "value " << v);
    const std::vector<std::uint64_t> values(1000, v);
    const Histogram h = record_all(values);
    for (std::uint64_t hundredths : percentiles_hundredths()) {
      EXPECT_EQ(h.percentile_ns(static_cast<double>(hundredths) / 100.0), v);
    }
    EXPECT_EQ(h.stddev_ns(), 0.0);
    EXPECT_EQ(h.bucket_count(Histogram::bucket_index(v)), 1000u);
    EXPECT_EQ(h.count(), 1000u);
    EXPECT_EQ(h.min_ns(), v);
    EXPECT_EQ(h.max_ns(), v);
    EXPECT_EQ(h.sum_ns(), v * 1000);
  }
}

TEST(HistogramTest, ResetEmptiesEverything) {
  Histogram h = record_all({5, 500, 5'000'000});
  h.reset();
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.sum_ns(), 0u);
  EXPECT_EQ(h.max_ns(), 0u);
  EXPECT_EQ(h.min_ns(), 0u);
  EXPECT_EQ(h.stddev_ns(), 0.0);
  EXPECT_EQ(bucket_total(h), 0u);
  h.record(77);
  h.record(79);
  EXPECT_EQ(h.min_ns(), 77u);
  EXPECT_EQ(h.max_ns(), 79u);
  EXPECT_DOUBLE_EQ(h.stddev_ns(), 1.0);
}

void expect_identical(const Histogram& got, const Histogram& want) {
  expect_same_buckets(got, want);
  EXPECT_EQ(got.count(), want.count());
  EXPECT_EQ(got.sum_ns(), want.sum_ns());
  EXPECT_EQ(got.min_ns(), want.min_ns());
  EXPECT_EQ(got.max_ns(), want.max_ns());
  EXPECT_EQ(got.mean_ns(), want.mean_ns());
  EXPECT_EQ(got.stddev_ns(), want.stddev_ns());
  for (std::uint64_t hundredths : percentiles_hundredths()) {
    const double p = static_cast<double>(hundredths) / 100.0;
    EXPECT_EQ(got.percentile_ns(p), want.percentile_ns(p)) << "p" << p;
  }
}

TEST(HistogramTest, MergeOfSplitSetsEqualsHistogramOfUnion) {
  auto values = lognormal_set(90'000, 9.0, 1.5, 77);
  const auto tail = log_uniform_set(10'000, kOneHourNs, 78);
  values.insert(values.end(), tail.begin(), tail.end());
  const Histogram whole = record_all(values);

  // Uneven split into three parts, in order and interleaved.
  std::array<Histogram, 3> parts;
  for (std::size_t i = 0; i < values.size(); ++i) {
    parts[i < 10 ? 0 : (i % 7 == 0 ? 1 : 2)].record(values[i]);
  }
  Histogram merged;
  for (const auto& part : parts) merged.merge(part);
  expect_identical(merged, whole);
  expect_exact_moments(merged, values);

  // Merging into a non-empty histogram, in another order.
  Histogram other_order = parts[2];
  other_order.merge(parts[0]);
  other_order.merge(parts[1]);
  expect_identical(other_order, whole);
}

TEST(HistogramTest, MergeWithEmpty) {
  const Histogram data = record_all({3, 30'000, 3'000'000});
  Histogram a = data;
  a.merge(Histogram());
  expect_identical(a, data);
  Histogram b;
  b.merge(data);
  expect_identical(b, data);
  EXPECT_EQ(b.min_ns(), 3u);
  Histogram empty;
  empty.merge(Histogram());
  EXPECT_EQ(empty.count(), 0u);
  EXPECT_EQ(empty.min_ns(), 0u);
  EXPECT_EQ(empty.max_ns(), 0u);
}

TEST(HistogramTest, SubtractSnapshotLeavesTheSamplesRecordedSince) {
  const auto a_values = exponential_set(50'000, 20'000.0, 1);
  const auto b_values = lognormal_set(30'000, 11.0, 1.0, 2);
  Histogram h = record_all(a_values);
  const Histogram snap = h.snapshot();
  EXPECT_EQ(snap.count(), a_values.size());
  for (std::uint64_t v : b_values) h.record(v);
  h.subtract_snapshot(snap);

  const Histogram b = record_all(b_values);
  expect_same_buckets(h, b);
  EXPECT_EQ(h.count(), b.count());
  EXPECT_EQ(bucket_total(h), b.count());
  EXPECT_EQ(h.sum_ns(), b.sum_ns());
  // min and max at bucket precision, never outside B's buckets.
  const std::uint64_t b_min = b.min_ns();
  const std::uint64_t b_max = b.max_ns();
  EXPECT_LE(h.min_ns(), b_min);
  EXPECT_GE(h.min_ns(), Histogram::bucket_lower(Histogram::bucket_index(b_min)));
  EXPECT_GE(h.max_ns(), b_max);
  EXPECT_LE(h.max_ns(), Histogram::bucket_upper(Histogram::bucket_index(b_max)));
  EXPECT_EQ(h.stddev_ns(), 0.0);  // documented: the sum of squares is not kept
  for (std::uint64_t hundredths : percentiles_hundredths()) {
    const double p = static_cast<double>(hundredths) / 100.0;
    EXPECT_EQ(Histogram::bucket_index(h.percentile_ns(p)),
              Histogram::bucket_index(b.percentile_ns(p)))
        << "p" << p;
  }
  expect_percentiles_close(h, b_values);
}

TEST(HistogramTest, SubtractSnapshotOfEverythingIsEmpty) {
  Histogram h = record_all({1, 2, 3, 1'000'000});
  h.subtract_snapshot(h.snapshot());
  EXPECT_EQ(h.count(), 0u);
  EXPECT_EQ(h.sum_ns(), 0u);
  EXPECT_EQ(h.min_ns(), 0u);
  EXPECT_EQ(h.max_ns(), 0u);
  EXPECT_EQ(bucket_total(h), 0u);
  h.record(9);  // usable again: min and max were reset
  EXPECT_EQ(h.min_ns(), 9u);
  EXPECT_EQ(h.max_ns(), 9u);
}

TEST(HistogramTest, SnapshotCopiesCountsButNotSumOfSquares) {
  const std::vector<std::uint64_t> values = {10, 20, 3000, 40'000};
  const Histogram h = record_all(values);
  const Histogram s = h.snapshot();
  expect_same_buckets(s, h);
  EXPECT_EQ(s.count(), h.count());
  EXPECT_EQ(s.sum_ns(), h.sum_ns());
  EXPECT_EQ(s.min_ns(), 10u);
  EXPECT_EQ(s.max_ns(), 40'000u);
  EXPECT_EQ(s.percentile_ns(50), h.percentile_ns(50));
  EXPECT_EQ(s.stddev_ns(), 0.0);  // documented
}

// One thread records, the other snapshots: every snapshot is monotone with respect to the
// previous one and its count is its buckets' total; once the recorder is joined everything adds up
// exactly.
TEST(HistogramTest, SnapshotWhileAnotherThreadRecords) {
  constexpr std::uint64_t kValues = 1'000'000;
  auto value_of = [](std::uint64_t i) { return (i * 2'654'435'761u) % 50'000'000u; };
  Histogram h;
  std::atomic<bool> done{false};
  std::thread recorder([&] {
    for (std::uint64_t i = 0; i < kValues; ++i) h.record(value_of(i));
    done.store(true, std::memory_order_release);
  });

  Histogram previous;
  std::uint64_t snapshots = 0;
  std::uint64_t violations = 0;
  bool finished = false;
  while (!finished) {
    finished = done.load(std::memory_order_acquire);
    const Histogram s = h.snapshot();
    ++snapshots;
    if (s.count() < previous.count() || s.sum_ns() < previous.sum_ns() || s.count() > kValues) {
      ++violations;
    }
    if (s.count() != bucket_total(s)) ++violations;  // the count is that of its buckets
    for (std::size_t i = 0; i < Histogram::kBuckets; ++i) {
      if (s.bucket_count(i) < previous.bucket_count(i)) ++violations;
    }
    previous = s;
  }
  recorder.join();
  EXPECT_EQ(previous.count(), kValues);  // the snapshot taken after `done` sees every record
  EXPECT_EQ(violations, 0u) << "over " << snapshots << " snapshots";
  EXPECT_GE(snapshots, 1u);

  Histogram want;
  for (std::uint64_t i = 0; i < kValues; ++i) want.record(value_of(i));
  const Histogram last = h.snapshot();
  EXPECT_EQ(h.count(), kValues);
  EXPECT_EQ(bucket_total(h), kValues);
  EXPECT_EQ(last.count(), kValues);
  EXPECT_EQ(bucket_total(last), kValues);
  expect_identical(h, want);
  expect_same_buckets(last, want);
  EXPECT_EQ(last.sum_ns(), want.sum_ns());
  EXPECT_EQ(last.min_ns(), want.min_ns());
  EXPECT_EQ(last.max_ns(), want.max_ns());
}

}  // namespace
}  // namespace hostmark
