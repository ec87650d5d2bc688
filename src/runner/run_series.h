#pragma once
// The time series of a runner-driven run: the control thread samples running totals once per
// interval (the workers' event counts, or an I/O workload's reads and writes) into a
// TimeSeriesRecorder. Workers pay nothing for it.
#include <cstdint>
#include <optional>

#include "runner/workload.h"
#include "stats/time_series.h"

namespace hostmark {

class RunSeries {
 public:
  explicit RunSeries(const Workload& workload) : workload_(workload) {}

  // The measured start: totals count from here on.
  void start(std::uint64_t now_ns);
  bool started() const { return started_; }
  // Wake-up time for the control loop (UINT64_MAX before start()).
  std::uint64_t next_due_ns() const { return started_ ? recorder_.next_due_ns() : UINT64_MAX; }
  // Samples when due. `events`: the workers' measured events so far.
  void tick(std::uint64_t now_ns, std::uint64_t events);
  // After the workers are done: `events` the final measured count.
  TimeSeries finish(std::uint64_t now_ns, std::uint64_t events) const;

 private:
  TimeTotals totals(std::uint64_t events) const;

  const Workload& workload_;
  std::optional<TimeTotals> io_start_;  // an I/O workload's totals at the measured start
  bool started_ = false;
  TimeSeriesRecorder recorder_{workload_.io_totals().has_value()};
};

}  // namespace hostmark
