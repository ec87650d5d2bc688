#pragma once
// A Histogram (stats/histogram.h) as the bounded list of non-empty buckets a Result keeps
// (Phase::latency_histogram), and percentiles read back from such a list. Pure.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "stats/histogram.h"
#include "stats/measures.h"

namespace hostmark {

inline constexpr std::size_t kMaxLatencyBuckets = 512;

// The non-empty buckets of `h`, ascending. When there are more than `max_buckets`, neighbouring
// buckets are joined (128, then 64, 32 ... buckets per power of two) until there are not; a
// joined bucket's bounds are those of its outermost non-empty members. At the full 128 buckets
// per power of two a bucket is at most 1/128 of its lower bound wide (percentile error <= 0.39 %
// from the midpoint); each halving doubles that. Counts always sum to h.count().
std::vector<LatencyBucket> histogram_buckets(const Histogram& h,
                                             std::size_t max_buckets = kMaxLatencyBuckets);

// Nearest-rank percentile (p in [0, 100]) of the values in `buckets` (ascending, disjoint),
// reported as the midpoint of the bucket holding the rank, as Histogram::percentile_ns does.
// 0 when the buckets are empty.
std::uint64_t bucket_percentile_ns(const std::vector<LatencyBucket>& buckets, double p);

}  // namespace hostmark
