#include "stats/histogram_buckets.h"

#include <algorithm>
#include <cmath>

namespace hostmark {
namespace {

// The bucket of `value_ns` in a log-linear layout with 2^bits buckets per power of two (the
// Histogram's own layout for bits = Histogram::kSubBucketBits).
std::uint64_t coarse_index(std::uint64_t value_ns, int bits) {
  const std::uint64_t sub = std::uint64_t{1} << bits;
  if (value_ns < sub) return value_ns;
  const int shift = 63 - __builtin_clzll(value_ns) - bits;
  return static_cast<std::uint64_t>(shift + 1) * sub + ((value_ns >> shift) - sub);
}

std::vector<LatencyBucket> join(const std::vector<LatencyBucket>& fine, int bits) {
  std::vector<LatencyBucket> out;
  std::uint64_t last_index = UINT64_MAX;
  for (const auto& b : fine) {
    // Fine buckets nest in coarse ones, so the lower bound tells which one.
    const std::uint64_t index = coarse_index(b.lower_ns, bits);
    if (!out.empty() && index == last_index) {
      out.back().upper_ns = b.upper_ns;
      out.back().count += b.count;
    } else {
      out.push_back(b);
      last_index = index;
    }
  }
  return out;
}

}  // namespace

std::vector<LatencyBucket> histogram_buckets(const Histogram& h, std::size_t max_buckets) {
  std::vector<LatencyBucket> out;
  for (std::size_t i = 0; i < Histogram::kBuckets; ++i) {
    const std::uint64_t n = h.bucket_count(i);
    if (n > 0) out.push_back({Histogram::bucket_lower(i), Histogram::bucket_upper(i), n});
  }
  for (int bits = Histogram::kSubBucketBits - 1; bits >= 0 && out.size() > max_buckets; --bits)
    out = join(out, bits);
  // The exact extremes are known: no bucket claims values outside them.
  if (!out.empty()) {
    out.front().lower_ns = std::max(out.front().lower_ns, h.min_ns());
    out.back().upper_ns = std::min(out.back().upper_ns, h.max_ns());
  }
  return out;
}

std::uint64_t bucket_percentile_ns(const std::vector<LatencyBucket>& buckets, double p) {
  std::uint64_t n = 0;
  for (const auto& b : buckets) n += b.count;
  if (n == 0) return 0;
  p = std::clamp(p, 0.0, 100.0);
  // rank = ceil(p / 100 * n), p to a millionth of a percent, in integers (see Histogram).
  const auto millionths = static_cast<Uint128>(std::llround(p * 1e6));
  auto rank = static_cast<std::uint64_t>((millionths * n + 99'999'999) / 100'000'000);
  rank = std::clamp<std::uint64_t>(rank, 1, n);
  if (rank == 1) return buckets.front().lower_ns;
  if (rank == n) return buckets.back().upper_ns;
  std::uint64_t seen = 0;
  for (const auto& b : buckets) {
    seen += b.count;
    if (seen >= rank) return b.lower_ns + (b.upper_ns - b.lower_ns) / 2;
  }
  return buckets.back().upper_ns;
}

}  // namespace hostmark
