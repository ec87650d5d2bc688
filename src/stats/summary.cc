#include "stats/summary.h"

#include <cmath>
#include <map>

namespace hostmark {
namespace {

std::pair<double, double> mean_stddev(const std::vector<double>& xs) {
  if (xs.empty()) return {0, 0};
  double sum = 0;
  for (double x : xs) sum += x;
  const double mean = sum / static_cast<double>(xs.size());
  double sq = 0;
  for (double x : xs) sq += (x - mean) * (x - mean);
  return {mean, std::sqrt(sq / static_cast<double>(xs.size()))};
}

}  // namespace

LatencyStats summarize_latency(const Histogram& h, const std::vector<double>& percentiles) {
  LatencyStats s;
  s.count = h.count();
  s.min_ns = h.min_ns();
  s.max_ns = h.max_ns();
  s.mean_ns = h.mean_ns();
  s.stddev_ns = h.stddev_ns();
  s.sum_ns = h.sum_ns();
  for (double p : percentiles) s.percentiles_ns.emplace_back(p, h.percentile_ns(p));
  return s;
}

Fairness thread_fairness(const std::vector<std::uint64_t>& events,
                         const std::vector<std::uint64_t>& busy_ns) {
  std::vector<double> e;
  std::vector<double> t;
  for (auto v : events) e.push_back(static_cast<double>(v));
  for (auto v : busy_ns) t.push_back(static_cast<double>(v) / 1e9);
  Fairness f;
  std::tie(f.events_avg, f.events_stddev) = mean_stddev(e);
  std::tie(f.exec_time_s_avg, f.exec_time_s_stddev) = mean_stddev(t);
  return f;
}

std::vector<std::pair<double, std::uint64_t>> sysbench_histogram_ms(const Histogram& h) {
  constexpr double kMinMs = 0.001;
  constexpr double kMaxMs = 100000;
  constexpr int kBuckets = 1024;
  const double step = std::log(kMaxMs / kMinMs) / (kBuckets - 1);  // as sysbench: ends included
  std::map<int, std::uint64_t> grouped;
  for (std::size_t i = 0; i < Histogram::kBuckets; ++i) {
    const std::uint64_t c = h.bucket_count(i);
    if (c == 0) continue;
    const double lo = static_cast<double>(Histogram::bucket_lower(i));
    const double mid_ms =
        (lo + static_cast<double>(Histogram::bucket_upper(i) - Histogram::bucket_lower(i)) / 2) /
        1e6;
    int idx =
        mid_ms <= kMinMs ? 0 : static_cast<int>(std::floor(std::log(mid_ms / kMinMs) / step + 0.5));
    idx = std::min(idx, kBuckets - 1);
    grouped[idx] += c;
  }
  std::vector<std::pair<double, std::uint64_t>> out;
  for (const auto& [idx, c] : grouped) out.emplace_back(kMinMs * std::exp(step * idx), c);
  return out;
}

}  // namespace hostmark
