#pragma once
// What the HTML report charts, shaped from a Result: pure functions that pick and arrange the
// numbers a result already holds (no measuring, no printing), so that output/ only draws.
#include <optional>
#include <string>
#include <vector>

#include "results/figures.h"
#include "results/references.h"
#include "results/result.h"

namespace hostmark {

// A time unit to show nanosecond values in: {"ms", 1e6} means value_ns / 1e6 ms.
struct DisplayTimeUnit {
  const char* name = "ns";
  double ns = 1;
};
// The largest of ns, µs, ms, s in which `max_ns` is at least 1 (ns for values below 1 ns).
DisplayTimeUnit time_unit_for(double max_ns);

// "Nines" of a percentile, the x of a latency percentile curve: -log10(1 - percent/100), so
// 90 -> 1, 99 -> 2, 99.9 -> 3. Only for 0 <= percent < 100.
double percentile_nines(double percent);

struct PercentilePoint {
  double percent = 0;
  double value_ns = 0;
};
// The percentiles of `latency` in increasing percent order, duplicates of a percent once,
// percents outside [0, 100) left out.
std::vector<PercentilePoint> percentile_curve(const LatencyStats& latency);

// One and all threads of the same CPU test: the phases "single-thread" and "all-threads"
// (`hostmark cpu`), or "<step>.single-thread" and "<step>.all-threads" (suite).
struct CpuScaling {
  std::string step;  // "" for `hostmark cpu`, "cpu" for the suite's step
  double single_events_per_s = 0;
  double all_events_per_s = 0;
  int all_threads = 0;            // the all-threads phase's "threads" metric (0 when absent)
  double ideal_events_per_s = 0;  // single x all_threads: perfect scaling (0 when unknown)
};
std::vector<CpuScaling> cpu_scalings(const Result& result);

// One metric of several phases, or several metrics of one phase, in the same unit.
struct ValueGroup {
  std::string title;  // "mb_per_s by phase" (across phases) or "bandwidth" (a phase's metrics)
  std::string unit;
  std::vector<std::pair<std::string, double>> values;  // (phase or metric name, value)
};
// A unit that is a rate ("events/s", "MB/s", "IO/s", "tps"...), worth a bar chart.
bool is_rate_unit(const std::string& unit);
// Every rate metric that 2 or more phases have (same name and unit), one group per metric with
// the phases in order; then every phase with 2 or more rate metrics of one unit, one group each.
std::vector<ValueGroup> rate_groups(const Result& result);

// What the machine did in each phase that has an activity record (`--monitor`).
struct ActivityRow {
  std::string phase;
  bool has_device = false;
  double device_util_pct = 0;
  double device_requests_per_s = 0;  // r/s + w/s + d/s
  double device_await_ms = 0;        // mean of r_await and w_await weighted by their requests
  double cpu_busy_pct = 0;           // 100 - idle
  double cpu_iowait_pct = 0;
};
std::vector<ActivityRow> activity_rows(const Result& result);

// One figure of the measured result beside the same figure of reference machines.
struct ReferenceBars {
  Figure figure;
  std::vector<std::pair<std::string, double>> references;  // (reference label, value)
};
// For each figure of `figures` that one of `references` also has, in the order of `figures`.
std::vector<ReferenceBars> reference_bars(const std::vector<Figure>& figures,
                                          const std::vector<const ReferenceMachine*>& references);

// The figures of several results side by side: one row per figure key (in order of first
// appearance), a value per result (nullopt where it lacks the figure), and the difference of each
// value from the first result's in % (nullopt where either is missing or the first is 0).
struct FigureRow {
  std::string key;
  std::string label;
  std::string unit;
  bool higher_is_better = true;
  std::vector<std::optional<double>> values;
  std::vector<std::optional<double>> diff_pct;
};
std::vector<FigureRow> figures_side_by_side(const std::vector<std::vector<Figure>>& results);

}  // namespace hostmark
