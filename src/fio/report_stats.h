#pragma once
// The numbers fio's reports derive from a latency distribution, computed from hostmark's
// Histogram (stats/histogram.h). Pure functions, no printing: output/fio_*.cc format them.
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "stats/histogram.h"

namespace hostmark::fio {

// fio's min/max/mean/stddev/N of one latency kind, in ns. stddev is the sample standard
// deviation (n - 1), as fio prints it; 0 for fewer than two samples. All 0 when empty.
struct LatSummary {
  std::uint64_t min_ns = 0;
  std::uint64_t max_ns = 0;
  double mean_ns = 0;
  double stddev_ns = 0;
  std::uint64_t samples = 0;
};
LatSummary lat_summary(const Histogram& h);

// fio's latency bucket table ("lat (usec)   : 250=0.01%, 500=..."), in percent of `total_ios`.
// Bucket i of a unit holds the latencies in [lower_i, upper_i) of that unit, the uppers being
// the labels 2, 4, 10, 20, 50, 100, 250, 500, 750, 1000 (and, for msec, 2000 and >=2000):
//   nsec[i]: [0, 2), [2, 4) ... [750, 1000) ns
//   usec[i]: [1, 2) us for i = 0 (below 1 us is nsec), then [2, 4) ... [750, 1000) us
//   msec[i]: [1, 2) ms for i = 0, ..., [1000, 2000) ms for i = 10, >= 2000 ms for i = 11
// A non-zero share below 0.01 % is shown as 0.01 %, as fio does.
// Each histogram bucket is placed by its midpoint clamped to the histogram's exact min and max
// (the value percentile_ns() would report): exact below 4 us, where every fio boundary falls on
// a histogram bucket boundary, and within the histogram's 0.4 % above.
struct LatencyBuckets {
  static constexpr std::array<const char*, 10> kLabels{"2",   "4",   "10",  "20",  "50",
                                                       "100", "250", "500", "750", "1000"};
  static constexpr std::array<const char*, 12> kMsecLabels{
      "2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000", ">=2000"};
  std::array<double, 10> nsec{};  // percent
  std::array<double, 10> usec{};
  std::array<double, 12> msec{};
  std::array<std::uint64_t, 10> nsec_count{};  // I/Os in each bucket
  std::array<std::uint64_t, 10> usec_count{};
  std::array<std::uint64_t, 12> msec_count{};
  std::uint64_t total_ios = 0;  // the denominator
};
// `clat` are the completion-latency histograms of every direction of one job (fio marks the
// table from clat); `total_ios` the job's read + write + trim I/Os (fio's denominator).
LatencyBuckets latency_buckets(const std::vector<const Histogram*>& clat, std::uint64_t total_ios);

// Where a latency (ns) falls in the table: unit 0 = nsec, 1 = usec, 2 = msec, and the index.
std::pair<int, int> latency_bucket_of(std::uint64_t latency_ns);

// fio's percentile list as printed: sorted ascending, at most 20 entries (fio's
// FIO_IO_U_LIST_MAX_LEN), each with the nearest-rank value in ns (Histogram::percentile_ns).
// An empty histogram gives 0 for every entry (fio prints the list with zeros in terse).
std::vector<std::pair<double, std::uint64_t>> percentiles(const Histogram& h,
                                                          const std::vector<double>& list);
inline constexpr std::size_t kMaxPercentiles = 20;

// Decimals fio prints percentiles with ("99.99th" -> 2): the most digits after the point in
// the list as written (`written`, e.g. "99:99.990" -> 3), or, when it was not written, in the
// shortest exact form of each value (the default list gives 2). At most 6.
int percentile_precision(const std::vector<double>& list, const std::string& written);

}  // namespace hostmark::fio
