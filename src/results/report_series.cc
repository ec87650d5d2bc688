#include "results/report_series.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "stats/histogram_buckets.h"

namespace hostmark {

RatesOverTime rates_over_time(const TimeSeries& s) {
  RatesOverTime out;
  const double shortest_ms = static_cast<double>(s.interval_ms) / 4;
  double previous_ms = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const double ms = s.end_ms[i] - previous_ms;
    previous_ms = s.end_ms[i];
    if (!(ms > 0) || ms < shortest_ms) continue;
    const double t_s = s.end_ms[i] / 1e3;
    const auto rate = [ms](std::uint64_t n) { return static_cast<double>(n) * 1e3 / ms; };
    if (s.io()) {
      out.read_iops.emplace_back(t_s, rate(s.read_ios[i]));
      out.write_iops.emplace_back(t_s, rate(s.write_ios[i]));
      out.read_mb_per_s.emplace_back(t_s, rate(s.read_bytes[i]) / 1e6);
      out.write_mb_per_s.emplace_back(t_s, rate(s.write_bytes[i]) / 1e6);
    }
    if (!s.events.empty()) out.events_per_s.emplace_back(t_s, rate(s.events[i]));
  }
  return out;
}

std::vector<LatencyBin> latency_bins(const std::vector<LatencyBucket>& buckets, int per_decade) {
  std::vector<LatencyBin> out;
  if (per_decade < 1) per_decade = 1;
  std::map<long, std::uint64_t> counts;  // bin k: [10^(k/d), 10^((k+1)/d))
  std::uint64_t total = 0;
  for (const auto& b : buckets) {
    const double mid =
        std::max(1.0, (static_cast<double>(b.lower_ns) + static_cast<double>(b.upper_ns)) / 2);
    counts[static_cast<long>(std::floor(std::log10(mid) * per_decade))] += b.count;
    total += b.count;
  }
  if (total == 0) return out;
  const long first = counts.begin()->first;
  const long last = counts.rbegin()->first;
  for (long k = first; k <= last; ++k) {
    const auto it = counts.find(k);
    const double n = it == counts.end() ? 0 : static_cast<double>(it->second);
    out.push_back({std::pow(10.0, static_cast<double>(k) / per_decade),
                   std::pow(10.0, static_cast<double>(k + 1) / per_decade),
                   100.0 * n / static_cast<double>(total)});
  }
  return out;
}

std::vector<PercentilePoint> histogram_percentile_curve(const std::vector<LatencyBucket>& buckets) {
  std::vector<PercentilePoint> out;
  std::uint64_t n = 0;
  for (const auto& b : buckets) n += b.count;
  if (n == 0) return out;
  // A percentile p has a tail of (1 - p/100) n values; below one value it is the max.
  const double max_nines = std::log10(static_cast<double>(n));
  for (int step = 0; step * 0.05 < max_nines; ++step) {
    const double percent = 100 * (1 - std::pow(10.0, -step * 0.05));
    out.push_back({percent, static_cast<double>(bucket_percentile_ns(buckets, percent))});
  }
  const double last = 100 * (1 - 1 / static_cast<double>(n));
  if (out.empty() || last > out.back().percent)
    out.push_back({last, static_cast<double>(buckets.back().upper_ns)});
  return out;
}

}  // namespace hostmark
