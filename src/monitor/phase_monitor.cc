#include "monitor/phase_monitor.h"

#include "monitor/device_traits.h"
#include "sysinfo/basic.h"

namespace hostmark::monitor {
namespace {

double process_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  const auto s = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return s(u.ru_utime) + s(u.ru_stime);
}

const DiskSample* find(const DiskSnapshot& s, const std::string& name) {
  for (const DiskSample& d : s.disks)
    if (d.name == name) return &d;
  return nullptr;
}

}  // namespace

PhaseMonitor::PhaseMonitor(std::string disk, std::string root)
    : disk_(std::move(disk)), root_(std::move(root)), start_(take()) {}

PhaseMonitor::Sample PhaseMonitor::take() const {
  Sample s;
  s.disks = collect_disks(root_, false);
  const std::string base = root_ == "/" ? "" : root_;
  s.cpu = parse_proc_stat(sysinfo::read_text_file(base + "/proc/stat")).all;
  s.process_cpu_s = process_cpu_seconds();
  return s;
}

PhaseActivity PhaseMonitor::finish() const {
  const Sample end = take();
  PhaseActivity a;
  a.disk = disk_;
  a.interval_s = static_cast<double>(end.disks.uptime_ms - start_.disks.uptime_ms) / 1000.0;
  a.cpu = cpu_percent(start_.cpu, end.cpu);
  a.process_cpu_s = end.process_cpu_s - start_.process_cpu_s;
  if (!disk_.empty() && a.interval_s > 0) {
    const DiskSample* before = find(start_.disks, disk_);
    const DiskSample* after = find(end.disks, disk_);
    if (before != nullptr && after != nullptr) a.device = disk_rates(*before, *after, a.interval_s);
    a.util_note = device_traits(root_, disk_).parallel_reason;
  }
  return a;
}

}  // namespace hostmark::monitor
