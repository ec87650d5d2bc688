#pragma once
// One sample of what `hostmark record` keeps: the raw counters (not rates) of the block
// devices and CPUs, memory and load, with the wall time and the boot it belongs to. Rates are
// computed later from two consecutive samples of the same boot (monitor/history.h).
#include <cstdint>
#include <string>
#include <vector>

#include "monitor/cpu_times.h"
#include "monitor/disk_sample.h"
#include "monitor/memory_load.h"
#include "monitor/top_io.h"

namespace hostmark::monitor {

struct HostSample {
  std::int64_t time_ns = 0;  // CLOCK_REALTIME, ns since the epoch
  std::string boot_id;       // /proc/sys/kernel/random/boot_id: counters restart with a boot
  DiskSnapshot disks;        // whole devices (uptime_ms is the interval base)
  // Names among disks.disks with no device behind them (no /sys/block/NAME/device: loop, dm,
  // md, ram, zram), which sar -b leaves out of its totals.
  std::vector<std::string> virtual_disks;
  CpuTimes cpu;  // the "cpu" line of /proc/stat
  MemoryLoad mem;
  // The processes with the most I/O since the previous sample, most first (`hostmark record
  // --top-processes`; empty for the first sample and for databases of schema version 1).
  std::vector<ProcessIoRate> top_processes;

  bool is_virtual(const std::string& disk) const {
    for (const auto& v : virtual_disks)
      if (v == disk) return true;
    return false;
  }
};

// Reads a sample under `root` ("/" normally; a fixture directory in tests). Throws Failure
// naming the file when /proc/stat cannot be read.
HostSample collect_host_sample(const std::string& root, std::int64_t time_ns);

}  // namespace hostmark::monitor
