#pragma once
// What to run (RunSpec), what to tell while running (RunObserver), what came out (RunOutcome).
#include <cstdint>
#include <memory>
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
  // With a rate: stop with an error when this many arrived events wait for a worker (sysbench's
  // event queue of 131072); 0: no limit, queued events only add to the latency.
  std::uint64_t max_backlog = 0;
  std::uint64_t report_interval_ns = 0;  // 0: no intermediate reports
  // sysbench's --report-checkpoints: times from the measured start, ascending. At each one the
  // observer gets what was measured since the previous one, and the counters start again: the
  // outcome then covers only what came after the last checkpoint reached.
  std::vector<std::uint64_t> checkpoints_ns;
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

// What a workload's own counters (those not per event: fileio's requests and bytes, OLTP's
// queries) counted over one part of a run; each workload derives its own
// (Workload::restart_counters).
class OwnCounts {
 public:
  virtual ~OwnCounts() = default;
};

struct RunOutcome {
  std::uint64_t wall_ns = 0;  // measured start to the end of the last event
  Histogram latency;          // all threads merged
  std::vector<ThreadTotals> threads;
  std::vector<IntervalSample> intervals;
  // Events (or, for I/O workloads, reads and writes) per interval from the measured start,
  // sampled by the control thread (runner/run_series.h).
  TimeSeries time_series;
  // With checkpoints: the measured time before the last checkpoint reached (the outcome's
  // latency, threads and wall_ns cover only what came after it). 0 without one.
  std::uint64_t before_checkpoint_ns = 0;
  // The workload's own counters over the same part (after warm-up; from the last checkpoint
  // reached, or for a checkpoint since the previous one); nullptr when it keeps none.
  std::shared_ptr<const OwnCounts> own_counts;
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
  // Once, when every worker thread has made its worker (Workload::make_worker), right before
  // the clock starts: sysbench's "Threads started!" comes after the threads' initialization.
  virtual void on_threads_ready() {}
  // At a checkpoint (RunSpec::checkpoints_ns): `elapsed_ns` since the measured start, and what
  // was measured since the previous checkpoint (wall_ns: the time since it; before_checkpoint_ns:
  // the measured time up to it). No intervals, time series or sysbench histogram in it.
  virtual void on_checkpoint(std::uint64_t /*elapsed_ns*/, const RunOutcome& /*since_previous*/) {}
};

}  // namespace hostmark
