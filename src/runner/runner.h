#pragma once
// The runner: N worker threads run a Workload's events until the time limit, the event limit
// (split evenly over threads, so --events=100 --threads=2 is 50 events each), the workload's
// own end, or SIGINT/SIGTERM, whichever comes first. Warm-up events are run but not counted.
// Each thread records its latencies in its own Histogram (no locks, no allocation in the event
// loop); the control thread (the caller's) reads them for intermediate reports and merges them
// at the end. With EventAccounting::kSysbench each event also pays sysbench's own bookkeeping
// (runner/event_accounting.h), whose shared histogram comes back in the outcome.
#include "core/error.h"
#include "runner/run_spec.h"
#include "runner/workload.h"

namespace hostmark {

// Runs `workload` as `spec` says. On success: the measured outcome (interrupted=true when a
// signal stopped it; the numbers cover what ran). An exception thrown by the workload on any
// thread stops every thread and is rethrown here. When outcome.forced_shutdown is true some
// workers are still running: the caller must report and leave the process with std::_Exit
// without destroying `workload`.
RunOutcome run_workload(Workload& workload, const RunSpec& spec, RunObserver* observer);

// Thrown by run_workload when, with --rate, more than spec.max_backlog events waited for a
// thread: the workers could not keep up with the arrival rate (a drop-in face words it as its
// peer tool does).
class RateBacklogFull : public Failure {
 public:
  using Failure::Failure;
};

}  // namespace hostmark
