#pragma once
// What one loop of a `hostmark disk` step measured, and how the loops of a step become the one
// Phase of the result (best loop, or all loops together). Pure functions over fio JobStats.
//
// Phase metrics (decimal MB/s, as CrystalDiskMark): mb_per_s ("MB/s": read + write bytes per
// second), read_mb_per_s and write_mb_per_s (mix steps only), iops ("IO/s": reads + writes),
// lat_mean_us and lat_p99_us ("us": issue to completion, fio's lat, reads and writes merged),
// loops ("count": loops measured), and for the best-of aggregate best_loop ("count", 1-based).
// The phase's time_series and latency_histogram are those of the best loop, or of all loops
// one after the other (average).
#include <cstdint>
#include <vector>

#include "fio/run_stats.h"
#include "results/result.h"
#include "stats/histogram.h"
#include "storage/disk_profile.h"

namespace hostmark::storage {

struct DiskLoop {
  std::uint64_t read_bytes = 0;
  std::uint64_t write_bytes = 0;
  std::uint64_t ios = 0;       // reads + writes
  std::uint64_t read_ns = 0;   // runtime of the read direction (0 when none)
  std::uint64_t write_ns = 0;  // runtime of the write direction
  Histogram lat;               // issue -> completion of every I/O
  TimeSeries series;           // reads and writes per interval of the loop
  bool interrupted = false;
  double mb_per_s() const;  // decimal MB/s, read + write
  double read_mb_per_s() const;
  double write_mb_per_s() const;
  double iops() const;
};

// The loop's numbers from the jobs of one fio run (one per group with group_reporting; several
// are summed, which is what group_reporting would have printed).
DiskLoop disk_loop_from(const std::vector<fio::JobStats>& jobs, bool interrupted);

// The Phase named step.name() from `loops` (at least one).
Phase disk_phase(const DiskStep& step, const std::vector<DiskLoop>& loops, DiskAggregate how);

}  // namespace hostmark::storage
