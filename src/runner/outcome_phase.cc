#include "runner/outcome_phase.h"

#include "stats/histogram_buckets.h"
#include "stats/summary.h"

namespace hostmark {

double events_per_second(const RunOutcome& o) {
  return o.wall_ns ? static_cast<double>(o.latency.count()) * 1e9 / static_cast<double>(o.wall_ns)
                   : 0;
}

Phase phase_from_outcome(std::string name, const RunOutcome& o,
                         const std::vector<double>& percentiles) {
  Phase p;
  p.name = std::move(name);
  p.duration_s = static_cast<double>(o.wall_ns) / 1e9;
  p.metrics.push_back({"total_events", static_cast<double>(o.latency.count()), "events"});
  p.latency = summarize_latency(o.latency, percentiles);
  std::vector<std::uint64_t> events;
  std::vector<std::uint64_t> busy;
  events.reserve(o.threads.size());
  busy.reserve(o.threads.size());
  for (const auto& t : o.threads) {
    events.push_back(t.events);
    busy.push_back(t.busy_ns);
  }
  p.fairness = thread_fairness(events, busy);
  p.intervals = o.intervals;
  if (o.time_series.size() > 0) p.time_series = o.time_series;
  p.latency_histogram = histogram_buckets(o.latency);
  return p;
}

}  // namespace hostmark
