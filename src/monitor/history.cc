#include "monitor/history.h"

#include <algorithm>
#include <utility>

namespace hostmark::monitor {
namespace {

const DiskSample* find_disk(const HostSample& s, const std::string& name) {
  for (const DiskSample& d : s.disks.disks)
    if (d.name == name) return &d;
  return nullptr;
}

bool is_virtual(const HostSample& s, const std::string& name) {
  return std::find(s.virtual_disks.begin(), s.virtual_disks.end(), name) != s.virtual_disks.end();
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
  for (const DiskSample& now : sample.disks.disks) {
    const DiskSample* then = find_disk(*before, now.name);
    if (then == nullptr) continue;
    const DiskRates r = disk_rates(*then, now, row.interval_s);
    if (now.name == device_) row.device = r;
    if (is_virtual(sample, now.name)) continue;
    row.io.rtps += r.r_s;
    row.io.wtps += r.w_s;
    row.io.dtps += r.d_s;
    row.io.bread_s += r.rkb_s * 2;  // KiB/s -> 512-byte blocks/s
    row.io.bwrtn_s += r.wkb_s * 2;
    row.io.bdscd_s += r.dkb_s * 2;
  }
  row.io.tps = row.io.rtps + row.io.wtps + row.io.dtps;
  if (!device_.empty() && !row.device) return std::nullopt;
  return row;
}

}  // namespace hostmark::monitor
