// Histogram::from_state: a histogram rebuilt from the exact state another process sent.
#include "stats/histogram.h"

namespace hostmark {

Histogram Histogram::from_state(const BucketCounts& buckets, std::uint64_t count,
                                std::uint64_t sum_ns, std::uint64_t min_ns, std::uint64_t max_ns,
                                Uint128 sum_sq_ns2) {
  Histogram h;
  for (const auto& [index, n] : buckets)
    if (index < kBuckets) h.counts_[index] += n;
  h.count_ = count;
  h.sum_ns_ = sum_ns;
  h.min_ns_ = count ? min_ns : UINT64_MAX;
  h.max_ns_ = max_ns;
  h.sum_sq_ns2_ = sum_sq_ns2;
  return h;
}

}  // namespace hostmark
