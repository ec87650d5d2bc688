#pragma once
// The numbers of the monitor's views as (name, value, unit), units in the names: one list for
// every machine-readable output that shows them (`hostmark stat`'s JSON and CSV, the
// --monitor activity of benchmark phases).
#include <vector>

#include "monitor/cpu_times.h"
#include "monitor/disk_sample.h"

namespace hostmark {

struct MonitorMetric {
  const char* name;
  double value;
  const char* unit;
};

// iostat's CPU line: user, nice, system, iowait, steal, idle (%).
std::vector<MonitorMetric> cpu_metrics(const monitor::CpuPercent& c);
// iostat -x's device columns, and the KiB read, written and discarded in the interval.
std::vector<MonitorMetric> device_metrics(const monitor::DiskRates& x);

}  // namespace hostmark
