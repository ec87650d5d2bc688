#include "stats/histogram.h"

#include <algorithm>
#include <cmath>

namespace hostmark {

Histogram::Histogram() : counts_(kBuckets, 0) {}

std::uint64_t Histogram::bucket_lower(std::size_t index) {
  if (index < kSubBuckets) return index;
  const std::size_t shift = index / kSubBuckets - 1;
  const std::uint64_t sub = index % kSubBuckets;
  return (kSubBuckets + sub) << shift;
}

std::uint64_t Histogram::bucket_upper(std::size_t index) {
  if (index < kSubBuckets) return index;
  const std::size_t shift = index / kSubBuckets - 1;
  return bucket_lower(index) + ((std::uint64_t{1} << shift) - 1);
}

void Histogram::merge(const Histogram& other) {
  for (std::size_t i = 0; i < kBuckets; ++i)
    store(counts_[i], load(counts_[i]) + other.bucket_count(i));
  store(count_, count() + other.count());
  store(sum_ns_, sum_ns() + other.sum_ns());
  if (other.count() > 0) {
    store(min_ns_, std::min(load(min_ns_), other.min_ns()));
    store(max_ns_, std::max(load(max_ns_), other.max_ns()));
  }
  sum_sq_ns2_ += other.sum_sq_ns2_;
}

void Histogram::subtract_snapshot(const Histogram& earlier) {
  std::uint64_t n = 0;
  std::size_t first = kBuckets;
  std::size_t last = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    const std::uint64_t mine = load(counts_[i]);
    const std::uint64_t theirs = earlier.bucket_count(i);
    const std::uint64_t c = mine > theirs ? mine - theirs : 0;
    store(counts_[i], c);
    if (c > 0) {
      n += c;
      first = std::min(first, i);
      last = i;
    }
  }
  store(count_, n);
  store(sum_ns_, sum_ns() > earlier.sum_ns() ? sum_ns() - earlier.sum_ns() : 0);
  store(min_ns_, n ? std::max(min_ns(), bucket_lower(first)) : UINT64_MAX);
  store(max_ns_, n ? std::min(max_ns(), bucket_upper(last)) : 0);
  sum_sq_ns2_ = 0;
}

Histogram Histogram::snapshot() const {
  Histogram copy;
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    copy.counts_[i] = load(counts_[i]);
    n += copy.counts_[i];
  }
  // The count is that of the copied buckets, never count_: record() may run between the copy of
  // its bucket and the read of count_, and a count_ holding a sample the buckets lack made the
  // next subtract_snapshot() (which counts buckets) count that sample a second time.
  copy.count_ = n;
  copy.sum_ns_ = load(sum_ns_);
  copy.min_ns_ = load(min_ns_);
  copy.max_ns_ = load(max_ns_);
  return copy;
}

void Histogram::reset() {
  for (auto& c : counts_) store(c, 0);
  store(count_, 0);
  store(sum_ns_, 0);
  store(min_ns_, UINT64_MAX);
  store(max_ns_, 0);
  sum_sq_ns2_ = 0;
}

double Histogram::mean_ns() const {
  const std::uint64_t n = count();
  return n ? static_cast<double>(sum_ns()) / static_cast<double>(n) : 0.0;
}

double Histogram::stddev_ns() const {
  const std::uint64_t n = count();
  if (n < 2 || sum_sq_ns2_ == 0) return 0.0;
  // n * sum(x^2) - sum(x)^2 computed exactly in 128-bit integers where it fits.
  const auto s = static_cast<Uint128>(sum_ns());
  const auto nn = static_cast<Uint128>(n);
  const long double a = static_cast<long double>(sum_sq_ns2_) * static_cast<long double>(nn);
  const long double b = static_cast<long double>(s) * static_cast<long double>(s);
  long double numerator = a - b;
  if (sum_sq_ns2_ < (~static_cast<Uint128>(0)) / nn) {
    const Uint128 exact_a = sum_sq_ns2_ * nn;
    const Uint128 exact_b = s * s;
    numerator = exact_a > exact_b ? static_cast<long double>(exact_a - exact_b) : 0.0L;
  }
  if (numerator <= 0) return 0.0;
  const long double nd = static_cast<long double>(n);
  return static_cast<double>(std::sqrt(numerator / (nd * nd)));
}

std::uint64_t Histogram::percentile_ns(double p) const {
  const std::uint64_t n = count();
  if (n == 0) return 0;
  p = std::clamp(p, 0.0, 100.0);
  // rank = ceil(p / 100 * n) in integers, p taken to a millionth of a percent: in doubles,
  // 55 % of 100 is 55.000000000000007 and the rank would skip to 56 (99.9 % of 1000 to 1000).
  const auto millionths = static_cast<Uint128>(std::llround(p * 1e6));  // <= 1e8
  auto rank = static_cast<std::uint64_t>((millionths * n + 99'999'999) / 100'000'000);
  rank = std::clamp<std::uint64_t>(rank, 1, n);
  if (rank == 1) return min_ns();  // the extreme ranks are known exactly
  if (rank == n) return max_ns();
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBuckets; ++i) {
    seen += load(counts_[i]);
    if (seen >= rank) {
      const std::uint64_t lo = bucket_lower(i);
      const std::uint64_t mid = lo + (bucket_upper(i) - lo) / 2;
      return std::clamp(mid, min_ns(), max_ns());
    }
  }
  return max_ns();
}

}  // namespace hostmark
