#pragma once
// Log-linear latency histogram over the whole uint64 range of nanoseconds (no clamping).
//
// Values below 128 ns have a bucket each (exact). Above, every power of two is split into 128
// equal buckets, so a bucket is at most 1/128 of its lower bound wide; reporting the bucket's
// midpoint (clamped to the exact min and max) bounds the relative error of any percentile by
// 1/256 = 0.39 %. 7424 buckets of 8 bytes: 58 KiB per histogram.
//
// Merging adds buckets, so per-thread (and later per-rank) histograms merge without loss.
// Exact count, sum, min, max and sum of squares are kept beside the buckets.
//
// Concurrency contract: one thread calls record(); another thread may call snapshot() at the
// same time and sees a slightly stale but tear-free copy of the counts, count, sum, min and max
// (every such field is accessed through relaxed atomic_ref). A snapshot's count is always the
// sum of its buckets (so successive snapshots subtract exactly); its sum, min and max may
// include or miss a sample being recorded while it was taken. sum of squares is read only by
// the owning thread or after it has been joined.
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace hostmark {

__extension__ typedef unsigned __int128 Uint128;  // exact sums of squares

class Histogram {
 public:
  static constexpr int kSubBucketBits = 7;
  static constexpr std::uint64_t kSubBuckets = 1u << kSubBucketBits;                // 128
  static constexpr std::size_t kBuckets = (64 - kSubBucketBits + 1) * kSubBuckets;  // 7424

  Histogram();

  // Records one value in ns. A few ns: one clz, one shift, five plain stores.
  void record(std::uint64_t value_ns) {
    increment(counts_[bucket_index(value_ns)]);
    increment(count_);
    store(sum_ns_, load(sum_ns_) + value_ns);
    if (value_ns < load(min_ns_)) store(min_ns_, value_ns);
    if (value_ns > load(max_ns_)) store(max_ns_, value_ns);
    const auto v = static_cast<Uint128>(value_ns);
    sum_sq_ns2_ += v * v;
  }

  // Adds every sample of `other` (exact).
  void merge(const Histogram& other);
  // Removes the samples of an earlier snapshot of this same histogram: the result holds the
  // samples recorded in between. Counts never go below zero; min and max become those of the
  // remaining buckets (bucket precision), and the sum of squares is not kept (stddev() of the
  // difference is 0).
  void subtract_snapshot(const Histogram& earlier);
  // Copy of the counts, count, sum, min and max, safe while the owner records (see contract).
  Histogram snapshot() const;
  void reset();

  std::uint64_t count() const { return load(count_); }
  std::uint64_t sum_ns() const { return load(sum_ns_); }
  std::uint64_t min_ns() const { return count() ? load(min_ns_) : 0; }  // 0 when empty
  std::uint64_t max_ns() const { return load(max_ns_); }
  double mean_ns() const;
  double stddev_ns() const;  // population standard deviation, exact up to double rounding
  // Nearest-rank percentile, p in [0, 100] (to a millionth of a percent): the smallest recorded
  // value v (to bucket precision) such that at least p % of the samples are <= v. 0 when empty.
  // The first and last ranks are the exact min and max.
  std::uint64_t percentile_ns(double p) const;

  // The bucket a value falls in, and the range [lower, upper] of values in a bucket.
  static std::size_t bucket_index(std::uint64_t value_ns) {
    if (value_ns < kSubBuckets) return static_cast<std::size_t>(value_ns);
    const int top_bit = 63 - __builtin_clzll(value_ns);
    const int shift = top_bit - kSubBucketBits;
    return static_cast<std::size_t>(shift + 1) * kSubBuckets +
           static_cast<std::size_t>((value_ns >> shift) - kSubBuckets);
  }
  static std::uint64_t bucket_lower(std::size_t index);
  static std::uint64_t bucket_upper(std::size_t index);
  std::uint64_t bucket_count(std::size_t index) const { return load(counts_[index]); }

  // The exact state, so a histogram can travel between processes (mpi/job_stats_codec.h) and
  // merge there without loss: the sum of squares, and a histogram rebuilt from its non-empty
  // buckets (index, count) and exact totals (histogram_state.cc).
  Uint128 sum_sq_ns2() const { return sum_sq_ns2_; }
  using BucketCounts = std::vector<std::pair<std::size_t, std::uint64_t>>;
  static Histogram from_state(const BucketCounts& buckets, std::uint64_t count,
                              std::uint64_t sum_ns, std::uint64_t min_ns, std::uint64_t max_ns,
                              Uint128 sum_sq_ns2);

 private:
  static std::uint64_t load(const std::uint64_t& x);
  static void store(std::uint64_t& x, std::uint64_t v);
  static void increment(std::uint64_t& x) { store(x, load(x) + 1); }

  std::vector<std::uint64_t> counts_;
  std::uint64_t count_ = 0;
  std::uint64_t sum_ns_ = 0;
  std::uint64_t min_ns_ = UINT64_MAX;
  std::uint64_t max_ns_ = 0;
  Uint128 sum_sq_ns2_ = 0;
};

}  // namespace hostmark

#include "stats/histogram_inl.h"
