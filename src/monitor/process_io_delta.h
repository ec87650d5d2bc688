#pragma once
// What each task did between two ProcessSnapshots: pure functions, no I/O. A task is the same
// task in both snapshots when its tid and its start time agree; a tid whose start time changed
// is a reused pid, counted (like a task that appeared) from zero, since it began after the
// first snapshot. Tasks that vanished are only counted.
#include <cstdint>
#include <vector>

#include "monitor/process_io.h"

namespace hostmark::monitor {

struct TaskDelta {
  const TaskSample* task = nullptr;  // in the `after` snapshot
  bool is_new = false;               // not in `before` (appeared, or its pid was reused)
  bool has_io = false;               // io counters readable in `after`
  IoCounters io;                     // increase over the interval (a counter going back: 0)
  bool has_delays = false;           // delay accounting known in `after` (and `before`)
  DelayCounters delays;              // increase over the interval
};

struct SnapshotDelta {
  double interval_s = 0;         // between the two snapshots' monotonic times
  std::vector<TaskDelta> tasks;  // in the order of after.tasks (by tid)
  std::size_t vanished = 0;      // tasks of `before` that are not in `after`
  std::size_t unreadable = 0;    // tasks of `after` whose io counters could not be read
};

// The increase of every counter of `after`'s tasks since `before`. `after` must outlive the
// result (TaskDelta::task points into it). Both snapshots must be sorted by tid.
SnapshotDelta delta_between(const ProcessSnapshot& before, const ProcessSnapshot& after);

// Per-second rate of `count` over `interval_s` (0 for an empty interval).
inline double per_second(std::uint64_t count, double interval_s) {
  return interval_s > 0 ? static_cast<double>(count) / interval_s : 0.0;
}

// Share of the interval spent waiting, in percent, capped at 100 (a thread group's delays
// can add up to more than the wall time).
inline double delay_percent(std::uint64_t delay_ns, double interval_s) {
  if (interval_s <= 0) return 0;
  const double pct = static_cast<double>(delay_ns) / (interval_s * 1e9) * 100.0;
  return pct > 100.0 ? 100.0 : pct;
}

}  // namespace hostmark::monitor
