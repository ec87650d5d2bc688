#pragma once
// What to run (RunSpec), what to tell while running (RunObserver), what came out (RunOutcome).
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "results/result.h"
#include "stats/histogram.h"

namespace hostmark {

// What a worker does around each event besides the work (runner/event_accounting.h).
enum class EventAccounting {
  kLean,      // hostmark's own: a clock read before and after, one Histogram record
  kSysbench,  // also what sysbench 1.0.20 does per event, so events/s mean what sysbench's do
};

struct RunSpec {
  int threads = 1;
  std::uint64_t max_events = 0;                  // 0: no event limit. Split evenly over threads.
  std::uint64_t time_limit_ns = 10'000'000'000;  // 0: no time limit. Counted after warm-up.
  std::uint64_t warmup_ns = 0;                   // events run but are not counted
  double rate_per_s = 0;                         // 0: as fast as possible; else Poisson arrivals
  std::uint64_t report_interval_ns = 0;          // 0: no intermediate reports
  double percentile = 95;  // percentile of intermediate reports; with kSysbench accounting,
                           // 0 also means no sysbench histogram is kept (as in sysbench)
  std::uint64_t seed = 0;  // arrival schedule seed (0: from the clock)
  std::optional<std::uint64_t> forced_shutdown_ns;  // after the time limit, give up waiting
  EventAccounting accounting = EventAccounting::kLean;
};

struct ThreadTotals {
  std::uint64_t events = 0;
  std::uint64_t busy_ns = 0;  // sum of the latencies of this thread's events
};

struct RunOutcome {
  std::uint64_t wall_ns = 0;  // measured start to the end of the last event
  Histogram latency;          // all threads merged
  std::vector<ThreadTotals> threads;
  std::vector<IntervalSample> intervals;
  // Events (or, for I/O workloads, reads and writes) per interval from the measured start,
  // sampled by the control thread (runner/run_series.h).
  TimeSeries time_series;
  bool interrupted = false;      // SIGINT/SIGTERM stopped it early
  bool forced_shutdown = false;  // workers still ran after --forced-shutdown; process must exit
  // EventAccounting::kSysbench with percentile > 0: sysbench's own latency histogram of the
  // measured events as (bucket value in ms, count), non-empty buckets ascending.
  std::optional<std::vector<std::pair<double, std::uint64_t>>> sysbench_histogram_ms;
};

// Called from the runner's control thread (never from workers).
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  virtual void on_interval(const IntervalSample& /*sample*/) {}
  // About every 250 ms: seconds since the measured start, events so far, and the expected total
  // seconds (0 when unknown).
  virtual void on_progress(double /*elapsed_s*/, std::uint64_t /*events*/, double /*expected_s*/) {}
  virtual void on_warmup_done() {}
};

}  // namespace hostmark
