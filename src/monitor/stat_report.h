#pragma once
// What one `hostmark stat` report holds, computed from two samples (pure): the CPU line and
// one row per shown device, chosen as iostat chooses them. Views (output/stat_*) only print it.
#include <cstdint>
#include <string>
#include <vector>

#include "monitor/cpu_times.h"
#include "monitor/disk_sample.h"

namespace hostmark::monitor {

struct StatSample {
  std::uint64_t uptime_ms = 0;   // /proc/uptime, the interval base (as iostat)
  std::int64_t wall_time_s = 0;  // when it was taken (seconds since the epoch), for -t
  CpuTimes cpu;                  // the "cpu" line of /proc/stat
  std::vector<DiskSample> disks;
};

// Which devices a report shows (iostat's rules).
struct DeviceFilter {
  std::vector<std::string> names;            // named on the command line; empty = every device
  std::vector<std::string> with_partitions;  // -p DEV: DEV and its partitions
  bool all_partitions = false;               // -p ALL: every device and partition, file order
  bool show_unused = false;    // also devices that never did I/O (names given, -p, ALL)
  bool omit_inactive = false;  // -z: leave out devices with no request in the interval
};

struct DeviceRow {
  std::string name;
  bool partition = false;
  DiskRates rates;
};

struct StatReport {
  double interval_s = 0;  // uptime difference; since boot: the uptime
  bool since_boot = false;
  std::int64_t wall_time_s = 0;
  CpuPercent cpu;
  std::vector<DeviceRow> devices;  // names in order (strcmp), or file order with -p ALL
};

// The report from `before` to `after`; `before` == nullptr means since boot (every counter
// against zero). A device missing from `before` (it appeared) is computed against zero over
// the interval, as iostat does; one missing from `after` (it vanished) is not shown.
StatReport make_report(const StatSample* before, const StatSample& after,
                       const DeviceFilter& filter);

// sar -b's line: sums over the rows given (the caller passes the non-virtual whole devices).
// Rates per second; blocks are 512-byte sectors, as sar counts them.
struct SarSummary {
  double tps = 0, rtps = 0, wtps = 0, dtps = 0;
  double bread_s = 0, bwrtn_s = 0, bdscd_s = 0;
};
SarSummary sar_summary(const std::vector<DeviceRow>& rows);

}  // namespace hostmark::monitor

namespace hostmark::monitor {

// Reads one sample under `root` ("/" normally): root/proc/stat's cpu line, the disks as
// collect_disks(root, partitions) reads them, and the wall clock. Throws Failure (run error)
// when root/proc/stat or root/proc/uptime cannot be read.
StatSample collect_stat_sample(const std::string& root, bool partitions);

}  // namespace hostmark::monitor
