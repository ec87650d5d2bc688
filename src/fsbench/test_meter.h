#pragma once
// Measures one bonnie++-style test: wall time, CPU time of the whole process (all threads,
// getrusage), and the latency of every operation in a Histogram. Produces the test's Phase.
#include <sys/resource.h>

#include <chrono>
#include <cstdint>
#include <string>

#include "results/result.h"
#include "stats/histogram.h"
#include "stats/histogram_buckets.h"

namespace hostmark::fsbench {

using Clock = std::chrono::steady_clock;

inline std::uint64_t ns_between(Clock::time_point a, Clock::time_point b) {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count());
}

class TestMeter {
 public:
  TestMeter();  // starts the clocks
  // Stops the clocks (call once, after the last operation and any fsync).
  void stop();
  double elapsed_s() const { return elapsed_s_; }
  double cpu_pct() const { return cpu_pct_; }

 private:
  Clock::time_point start_;
  rusage usage_{};
  double elapsed_s_ = 0;
  double cpu_pct_ = 0;
};

// The Phase of a finished test: {"rate", work / elapsed, rate_unit}, {"cpu_pct"}, the work done
// ({"work", work, work_unit}), extra metrics added by the caller, latency p50/p99/max and the
// latency histogram (at most `max_buckets` buckets, histogram_buckets()).
Phase make_phase(const std::string& name, const TestMeter& meter, double work,
                 const std::string& work_unit, double rate, const std::string& rate_unit,
                 const Histogram& latency, std::size_t max_buckets = kMaxLatencyBuckets);

// The Phase of a test that moved `bytes`: rate in KiB/s, plus {"mb_per_s", decimal MB/s}.
Phase byte_phase(const std::string& name, const TestMeter& m, std::uint64_t bytes,
                 const Histogram& h, std::size_t max_buckets = kMaxLatencyBuckets);

// A phase's latency summary: count, min, max, mean, stddev, sum, p50 and p99.
LatencyStats latency_stats(const Histogram& latency);

}  // namespace hostmark::fsbench
