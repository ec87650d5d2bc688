#pragma once
// sysbench 1.0.20's text layout, so existing parsers and published tables keep working.
// Only formats: every number comes from the Result (or the header values) it is given.
#include <ostream>
#include <string>
#include <vector>

#include "results/result.h"

namespace hostmark {

struct SysbenchHeader {
  int threads = 1;
  double rate_per_s = 0;
  std::uint64_t report_interval_s = 0;
  std::uint64_t seed = 0;  // 0: "from current time"
  std::uint64_t warmup_s = 0;
  std::vector<std::string> test_lines;  // e.g. "Prime numbers limit: 10000", then a blank line
  bool validate = false;                // --validate: "Validation checks: on." and a blank line
  std::vector<std::uint64_t> checkpoints_s;  // "Report checkpoint(s) at 1, 2 seconds"
  bool threads_started = true;  // false: "Threads started!" is the caller's, once they have
};

// The first line sysbench prints (its version, there): "sysbench 1.0.20 compatible (hostmark X)".
std::string sysbench_banner();

// The lines sysbench prints after its banner and blank line, up to "Threads started!" inclusive.
void write_sysbench_header(const SysbenchHeader& header, std::ostream& out);

// "[ 1s ] thds: 2 eps: 6340.41 lat (ms,95%): 0.28"
std::string format_sysbench_interval(const IntervalSample& sample, double percentile);

// The final report: the test's own section (from the phase's metrics), "General statistics",
// "Latency (ms)" (percentile line as --percentile says; 0 disables it), "Threads fairness",
// and the latency histogram when `histogram` holds buckets (value ms, count).
struct SysbenchReportOptions {
  double percentile = 95;
  std::vector<std::pair<double, std::uint64_t>> histogram;  // empty: no histogram
};
void write_sysbench_report(const Result& result, const SysbenchReportOptions& options,
                           std::ostream& out);

}  // namespace hostmark
