#pragma once
// The measured values that stats computes and every workload reports: plain structs in SI units
// (ns, bytes, counts), below the Result model (results/result.h) that gathers them into phases.
// Nothing here computes or prints.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hostmark {

// One named number with its unit: {"events_per_s", 4040.2, "events/s"}. Units are spelled out
// ("MiB/s" binary, "MB/s" decimal, "GB/s" decimal, "ns", "bytes", "%").
struct Metric {
  std::string name;
  double value = 0;
  std::string unit;
};

// Latency distribution of the events of a phase, in ns.
struct LatencyStats {
  std::uint64_t count = 0;
  std::uint64_t min_ns = 0;
  std::uint64_t max_ns = 0;
  double mean_ns = 0;
  double stddev_ns = 0;
  std::uint64_t sum_ns = 0;
  std::vector<std::pair<double, std::uint64_t>> percentiles_ns;  // (percent, value)
};

// How evenly the work spread over threads (sysbench's "Threads fairness").
struct Fairness {
  double events_avg = 0;
  double events_stddev = 0;
  double exec_time_s_avg = 0;
  double exec_time_s_stddev = 0;
};

// One intermediate report ("[ 1s ] thds: 2 eps: ...").
struct IntervalSample {
  double time_s = 0;  // end of the interval, since the measured start
  int threads = 0;
  double events_per_s = 0;
  std::uint64_t latency_pct_ns = 0;  // the --percentile of the interval's latencies
};

// A curve, e.g. load latency (ns) by working-set size (bytes).
struct Series {
  std::string name;
  std::string x_unit;
  std::string y_unit;
  std::vector<std::pair<double, double>> points;
};

// The work a phase completed in each interval of its measured time, for charts over time.
// Sample i covers (end_ms[i-1], end_ms[i]] (from 0 for the first): intervals are nominally
// interval_ms long, the last one (and one a late sampler took) may differ. Every vector that is
// filled has one entry per sample. I/O phases fill read/write ios and bytes (trims are left
// out); other phases fill `events` (transactions for OLTP, events for sysbench tests). Summed
// over the samples, the counts are the phase's totals. At most ~600 samples: long runs get a
// coarser interval (a power-of-2 multiple of the first).
struct TimeSeries {
  std::uint64_t interval_ms = 0;
  std::vector<double> end_ms;  // since the phase's measured start
  std::vector<std::uint64_t> read_ios, write_ios, read_bytes, write_bytes;
  std::vector<std::uint64_t> events;
  bool io() const { return !read_ios.empty(); }
  std::size_t size() const { return end_ms.size(); }
};

// One bucket of a latency histogram: `count` values in [lower_ns, upper_ns] (both inclusive).
struct LatencyBucket {
  std::uint64_t lower_ns = 0;
  std::uint64_t upper_ns = 0;
  std::uint64_t count = 0;
};

}  // namespace hostmark
