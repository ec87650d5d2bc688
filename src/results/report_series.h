#pragma once
// What the HTML report draws from a phase's time series and latency histogram: rates over time,
// histogram bins on a log scale, a dense percentile curve. Pure (like results/report_data.h).
#include <utility>
#include <vector>

#include "results/report_data.h"
#include "results/result.h"

namespace hostmark {

// Rates per sample of a TimeSeries as (end of the sample in s, rate) points. A sample shorter
// than a quarter of interval_ms (the run's short tail) is left out: its rate is mostly noise.
struct RatesOverTime {
  std::vector<std::pair<double, double>> read_iops, write_iops;          // IO/s
  std::vector<std::pair<double, double>> read_mb_per_s, write_mb_per_s;  // decimal MB/s
  std::vector<std::pair<double, double>> events_per_s;
};
RatesOverTime rates_over_time(const TimeSeries& series);

// Bins of equal width on a log scale (`per_decade` bins per power of ten, edges at 10^(k /
// per_decade) ns) from the first non-empty one to the last, with the share of the values in
// each in % (empty bins in between kept, with 0). A bucket counts in the bin of its midpoint.
struct LatencyBin {
  double lower_ns = 0;
  double upper_ns = 0;
  double percent = 0;
};
std::vector<LatencyBin> latency_bins(const std::vector<LatencyBucket>& buckets,
                                     int per_decade = 10);

// The percentile curve of the histogram: percentiles 0 (the min) to the last one the count can
// tell apart from the max (a tail of at least one value), in steps of 0.05 in "nines"
// (percentile_nines), then the max.
std::vector<PercentilePoint> histogram_percentile_curve(const std::vector<LatencyBucket>& buckets);

}  // namespace hostmark
