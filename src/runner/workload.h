#pragma once
// What the runner runs: a Workload makes one EventWorker per thread; a worker executes events.
// A workload never knows which front end (sysbench, native) or how many events are wanted.
#include <memory>
#include <optional>

#include "runner/run_spec.h"
#include "stats/time_series.h"

namespace hostmark {

class EventWorker {
 public:
  virtual ~EventWorker() = default;
  // Executes one event. Returns false, having done no work, when this thread has no more
  // events to give (e.g. its share of --memory-total-size is done); the thread then stops.
  virtual bool execute() = 0;
};

class Workload {
 public:
  virtual ~Workload() = default;
  // Called on the worker thread itself (so its memory is first touched there), once per thread,
  // before the clock starts. thread_index in [0, thread_count).
  virtual std::unique_ptr<EventWorker> make_worker(int thread_index, int thread_count) = 0;
  // I/O workloads: reads and writes (and their bytes) done so far, from the start of the run,
  // readable from any thread at any time (relaxed; exact once the run is over). The runner's
  // time series then counts those instead of events. nullopt (the default): not I/O.
  virtual std::optional<TimeTotals> io_totals() const { return std::nullopt; }
  // "Counters restart here": what the workload's own counters (those not per event) counted
  // since the previous call, or since the run began; from now on they count from zero. The
  // runner calls it on its control thread when warm-up ends, at each checkpoint (right after
  // taking its own snapshot, while the workers run) and once when the run is over (workers
  // joined); the parts a run's calls return add up exactly to what the counters counted.
  // nullptr (the default): the workload keeps no counters of its own.
  virtual std::shared_ptr<const OwnCounts> restart_counters() { return nullptr; }
};

}  // namespace hostmark
