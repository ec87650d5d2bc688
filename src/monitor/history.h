#pragma once
// `hostmark history`'s rows: rates between consecutive recorded samples, computed as iostat
// and sar compute them (monitor/disk_sample.h, monitor/cpu_times.h). Pure: samples in, rows out.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "monitor/host_sample.h"
#include "monitor/stat_report.h"

namespace hostmark::monitor {

struct HistoryRow {
  std::int64_t time_ns = 0;  // the later sample's wall time
  double interval_s = 0;     // between the two samples (by uptime, as iostat)
  CpuPercent cpu;
  SarSummary io;  // sar -b over the non-virtual devices (HostSample::virtual_disks left out)
  std::optional<DiskRates> device;       // the chosen device's rates, when one was chosen
  MemoryLoad mem;                        // at the later sample
  std::vector<ProcessIoRate> processes;  // the later sample's top I/O processes, most first
  std::vector<DeviceRow> devices;        // the non-virtual devices' rates (the summary's terms)
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
