#pragma once
// The parts of a Phase every runner-driven benchmark reports the same way: duration, total
// events, latency statistics with the given percentiles, thread fairness, intermediate reports.
#include <string>
#include <vector>

#include "results/result.h"
#include "runner/run_spec.h"

namespace hostmark {

// events_per_s over the measured wall time (0 when nothing was measured).
double events_per_second(const RunOutcome& outcome);

// A Phase named `name` holding: duration_s, metric "total_events", latency (with
// `percentiles`, in that order), fairness over the threads, the intervals, the time series and
// the latency histogram.
Phase phase_from_outcome(std::string name, const RunOutcome& outcome,
                         const std::vector<double>& percentiles);

}  // namespace hostmark
