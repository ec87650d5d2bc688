#pragma once
// One sample of what `hostmark record` keeps: the raw counters (not rates) of the block
// devices and CPUs, memory and load, with the wall time and the boot it belongs to. Rates are
// computed later from two consecutive samples of the same boot (monitor/history.h).
#include <cstdint>
#include <string>
#include <vector>

#include "monitor/cpu_times.h"
#include "monitor/disk_sample.h"

namespace hostmark::monitor {

struct MemLoad {
  std::uint64_t mem_total_kib = 0, mem_available_kib = 0;  // /proc/meminfo MemTotal, MemAvailable
  std::uint64_t swap_total_kib = 0, swap_free_kib = 0;
  double load1 = 0, load5 = 0, load15 = 0;  // /proc/loadavg
};

struct HostSample {
  std::int64_t time_ns = 0;  // CLOCK_REALTIME, ns since the epoch
  std::string boot_id;       // /proc/sys/kernel/random/boot_id: counters restart with a boot
  DiskSnapshot disks;        // whole devices (uptime_ms is the interval base)
  // Names among disks.disks with no device behind them (no /sys/block/NAME/device: loop, dm,
  // md, ram, zram), which sar -b leaves out of its totals.
  std::vector<std::string> virtual_disks;
  CpuTimes cpu;  // the "cpu" line of /proc/stat
  MemLoad mem;
};

// Parses /proc/meminfo and /proc/loadavg text (fields absent stay 0).
MemLoad parse_mem_load(std::string_view meminfo, std::string_view loadavg);

// Reads a sample under `root` ("/" normally; a fixture directory in tests). Throws Failure
// naming the file when /proc/stat cannot be read.
HostSample collect_host_sample(const std::string& root, std::int64_t time_ns);

}  // namespace hostmark::monitor
