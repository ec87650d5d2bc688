#include "monitor/stat_report.h"

#include <algorithm>

#include "monitor/device_traits.h"

namespace hostmark::monitor {
namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

bool selected(const DiskSample& d, const DeviceFilter& f) {
  if (f.all_partitions) return true;
  if (contains(f.names, d.name) || contains(f.with_partitions, d.name)) return true;
  if (d.partition && contains(f.with_partitions, disk_of_partition(d.name))) return true;
  // No device named: every whole device.
  return f.names.empty() && f.with_partitions.empty() && !d.partition;
}

bool ever_used(const DiskSample& d) { return d.rd_ios + d.wr_ios + d.dc_ios + d.fl_ios != 0; }

const DiskSample* find_disk_by_name(const std::vector<DiskSample>& disks, const std::string& name) {
  for (const auto& d : disks)
    if (d.name == name) return &d;
  return nullptr;
}

}  // namespace

StatReport make_report(const StatSample* before, const StatSample& after,
                       const DeviceFilter& filter) {
  const StatSample zero;
  const StatSample& b = before != nullptr ? *before : zero;
  StatReport r;
  r.since_boot = before == nullptr;
  r.wall_time_s = after.wall_time_s;
  const std::uint64_t cs_before = b.uptime_ms / 10, cs_after = after.uptime_ms / 10;
  // iostat's get_interval(): centiseconds, never 0.
  r.interval_s = static_cast<double>(cs_after > cs_before ? cs_after - cs_before : 1) / 100.0;
  r.cpu = cpu_percent(b.cpu, after.cpu);

  const DiskSample none;
  for (const auto& d : after.disks) {
    if (!selected(d, filter)) continue;
    if (!filter.show_unused && !ever_used(d)) continue;
    const DiskSample* old = find_disk_by_name(b.disks, d.name);
    DeviceRow row;
    row.name = d.name;
    row.partition = d.partition;
    row.rates = disk_rates(old != nullptr ? *old : none, d, r.interval_s);
    if (filter.omit_inactive && row.rates.ios == 0) continue;
    r.devices.push_back(std::move(row));
  }
  if (!filter.all_partitions) {
    std::stable_sort(r.devices.begin(), r.devices.end(),
                     [](const DeviceRow& x, const DeviceRow& y) { return x.name < y.name; });
  }
  return r;
}

SarSummary sar_summary(const std::vector<DeviceRow>& rows) {
  SarSummary s;
  for (const auto& row : rows) {
    const DiskRates& x = row.rates;
    s.rtps += x.r_s;
    s.wtps += x.w_s;
    s.dtps += x.d_s;
    s.bread_s += x.rkb_s * 2;
    s.bwrtn_s += x.wkb_s * 2;
    s.bdscd_s += x.dkb_s * 2;
  }
  s.tps = s.rtps + s.wtps + s.dtps;
  return s;
}

}  // namespace hostmark::monitor
