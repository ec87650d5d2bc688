#pragma once
// fio's "Disk stats": /proc/diskstats counters of the disks under the targets, before and after.
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fio/run_stats.h"

namespace hostmark::io {

struct DiskCounters {
  std::string name;
  unsigned major = 0, minor = 0;
  std::uint64_t reads = 0, read_merges = 0, read_ticks_ms = 0;
  std::uint64_t writes = 0, write_merges = 0, write_ticks_ms = 0;
  std::uint64_t io_ticks_ms = 0, time_in_queue_ms = 0;
};

// Every line of /proc/diskstats text (see Documentation/admin-guide/iostats.rst).
std::vector<DiskCounters> parse_diskstats(std::string_view text);

// The whole disk holding `device` (a partition maps to its disk, via /sys/dev/block), as
// "major:minor"; "" when the device has no block device behind it (tmpfs, overlay).
std::string whole_disk_of(dev_t device);

// Deltas between two snapshots for the disks named by "major:minor" in `disks`; util is
// io_ticks over `elapsed_ms`.
std::vector<fio::DiskUtil> disk_util(const std::vector<DiskCounters>& before,
                                     const std::vector<DiskCounters>& after,
                                     const std::vector<std::string>& disks, double elapsed_ms);

}  // namespace hostmark::io
