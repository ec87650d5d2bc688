#include "fio/report_stats.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace hostmark::fio {
namespace {

constexpr std::array<std::uint64_t, 10> kLowers{0, 2, 4, 10, 20, 50, 100, 250, 500, 750};

// Index in the 10-entry grid of a value already expressed in the grid's unit (< 1000).
int grid_index(std::uint64_t v) {
  int idx = 0;
  for (int i = 0; i < static_cast<int>(kLowers.size()); ++i)
    if (v >= kLowers[static_cast<std::size_t>(i)]) idx = i;
  return idx;
}

double percent_of(std::uint64_t part, std::uint64_t total) {
  if (total == 0 || part == 0) return 0.0;
  const double p = static_cast<double>(part) / static_cast<double>(total) * 100.0;
  return p < 0.01 ? 0.01 : p;
}

}  // namespace

LatSummary lat_summary(const Histogram& h) {
  LatSummary s;
  s.samples = h.count();
  if (s.samples == 0) return s;
  s.min_ns = h.min_ns();
  s.max_ns = h.max_ns();
  s.mean_ns = h.mean_ns();
  if (s.samples > 1) {
    const double n = static_cast<double>(s.samples);
    s.stddev_ns = h.stddev_ns() * std::sqrt(n / (n - 1.0));
  }
  return s;
}

std::pair<int, int> latency_bucket_of(std::uint64_t ns) {
  if (ns < 1000) return {0, grid_index(ns)};
  if (ns < 1'000'000) return {1, grid_index(ns / 1000)};
  const std::uint64_t ms = ns / 1'000'000;
  if (ms >= 2000) return {2, 11};
  if (ms >= 1000) return {2, 10};
  return {2, grid_index(ms)};
}

LatencyBuckets latency_buckets(const std::vector<const Histogram*>& clat, std::uint64_t total_ios) {
  std::array<std::uint64_t, 10> n{};
  std::array<std::uint64_t, 10> u{};
  std::array<std::uint64_t, 12> m{};
  for (const Histogram* h : clat) {
    if (h == nullptr || h->count() == 0) continue;
    for (std::size_t i = 0; i < Histogram::kBuckets; ++i) {
      const std::uint64_t c = h->bucket_count(i);
      if (c == 0) continue;
      const std::uint64_t lo = Histogram::bucket_lower(i);
      const std::uint64_t mid =
          std::clamp(lo + (Histogram::bucket_upper(i) - lo) / 2, h->min_ns(), h->max_ns());
      const auto [unit, idx] = latency_bucket_of(mid);
      const auto k = static_cast<std::size_t>(idx);
      if (unit == 0) n[k] += c;
      else if (unit == 1) u[k] += c;
      else m[k] += c;
    }
  }
  LatencyBuckets b;
  b.nsec_count = n;
  b.usec_count = u;
  b.msec_count = m;
  b.total_ios = total_ios;
  for (std::size_t i = 0; i < n.size(); ++i) b.nsec[i] = percent_of(n[i], total_ios);
  for (std::size_t i = 0; i < u.size(); ++i) b.usec[i] = percent_of(u[i], total_ios);
  for (std::size_t i = 0; i < m.size(); ++i) b.msec[i] = percent_of(m[i], total_ios);
  return b;
}

std::vector<std::pair<double, std::uint64_t>> percentiles(const Histogram& h,
                                                          const std::vector<double>& list) {
  std::vector<double> sorted = list;
  std::sort(sorted.begin(), sorted.end());
  if (sorted.size() > kMaxPercentiles) sorted.resize(kMaxPercentiles);
  std::vector<std::pair<double, std::uint64_t>> out;
  out.reserve(sorted.size());
  for (double p : sorted) out.emplace_back(p, h.count() ? h.percentile_ns(p) : 0);
  return out;
}

int percentile_precision(const std::vector<double>& list, const std::string& written) {
  int best = 0;
  if (!written.empty()) {
    // fio: for each entry, the digits right after the first '.' of the remaining text.
    std::size_t pos = 0;
    while ((pos = written.find('.', pos)) != std::string::npos) {
      int len = 0;
      while (pos + 1 + static_cast<std::size_t>(len) < written.size() &&
             std::isdigit(
                 static_cast<unsigned char>(written[pos + 1 + static_cast<std::size_t>(len)])))
        ++len;
      best = std::max(best, len);
      ++pos;
    }
    return std::min(best, 6);
  }
  for (double p : list) {
    const std::string text = fmt::format("{}", p);
    const std::size_t dot = text.find('.');
    if (dot != std::string::npos) best = std::max(best, static_cast<int>(text.size() - dot - 1));
  }
  return std::min(best, 6);
}

}  // namespace hostmark::fio
