#pragma once
// `hostmark history`'s rows: rates between consecutive recorded samples, computed as iostat
// and sar compute them (monitor/disk_sample.h, monitor/cpu_times.h). Pure: samples in, rows out.
#include <cstdint>
#include <optional>
#include <string>

#include "monitor/host_sample.h"

namespace hostmark::monitor {

// sar -b's summary over the non-virtual devices (HostSample::virtual_disks left out). Blocks
// are 512-byte sectors, as sar counts them.
struct IoSummary {
  double tps = 0, rtps = 0, wtps = 0, dtps = 0;
  double bread_s = 0, bwrtn_s = 0, bdscd_s = 0;
};

struct HistoryRow {
  std::int64_t time_ns = 0;  // the later sample's wall time
  double interval_s = 0;     // between the two samples (by uptime, as iostat)
  CpuPercent cpu;
  IoSummary io;
  std::optional<DiskRates> device;  // the chosen device's rates, when one was chosen
  MemoryLoad mem;                   // at the later sample
};

// Feed samples oldest first; each one after the first of a boot yields a row. A sample of
// another boot (counters restarted) or one that is not later starts over without a row. A
// device present in only one of the two samples (plugged in or removed) is left out of that
// interval. With `device` set, intervals where that device is missing yield no row.
class HistoryBuilder {
 public:
  explicit HistoryBuilder(std::string device = "") : device_(std::move(device)) {}
  std::optional<HistoryRow> add(const HostSample& sample);

 private:
  std::string device_;
  std::optional<HostSample> previous_;
};

}  // namespace hostmark::monitor
