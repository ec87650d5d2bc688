#include "monitor/history.h"

#include <utility>

namespace hostmark::monitor {
namespace {

const DiskSample* find_disk(const HostSample& s, const std::string& name) {
  for (const DiskSample& d : s.disks.disks)
    if (d.name == name) return &d;
  return nullptr;
}

}  // namespace

std::optional<HistoryRow> HistoryBuilder::add(const HostSample& sample) {
  std::optional<HostSample> before = std::exchange(previous_, sample);
  if (!before || before->boot_id != sample.boot_id ||
      sample.disks.uptime_ms <= before->disks.uptime_ms) {
    return std::nullopt;
  }
  HistoryRow row;
  row.time_ns = sample.time_ns;
  row.interval_s = static_cast<double>(sample.disks.uptime_ms - before->disks.uptime_ms) / 1000.0;
  row.cpu = cpu_percent(before->cpu, sample.cpu);
  row.mem = sample.mem;
  row.processes = sample.top_processes;
  std::vector<DeviceRow> physical;
  for (const DiskSample& now : sample.disks.disks) {
    const DiskSample* then = find_disk(*before, now.name);
    if (then == nullptr) continue;
    const DiskRates r = disk_rates(*then, now, row.interval_s);
    if (now.name == device_) row.device = r;
    if (!sample.is_virtual(now.name)) physical.push_back({now.name, false, r});
  }
  row.io = sar_summary(physical);
  row.devices = std::move(physical);
  if (!device_.empty() && !row.device) return std::nullopt;
  return row;
}

}  // namespace hostmark::monitor
