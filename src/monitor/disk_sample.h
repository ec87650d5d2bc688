#pragma once
// Block device counters (Documentation/admin-guide/iostats.rst) and the rates iostat -x
// prints from two samples. Collecting reads /sys/block/*/stat (whole devices) or
// /proc/diskstats (with partitions); computing is a pure function of two samples.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostmark::monitor {

// One device's counters. Sectors are 512 bytes whatever the device's sector size. Fields
// the kernel does not print (discard since 4.18, flush since 5.5) are 0 and `fields` says
// how many were read (11, 15 or 17 after the device numbers and name in /proc/diskstats).
struct DiskSample {
  std::string name;  // "vda", "vda1", "nvme0n1p2", "dm-0"
  unsigned major = 0, minor = 0;
  bool partition = false;
  int fields = 0;
  std::uint64_t rd_ios = 0, rd_merges = 0, rd_sectors = 0, rd_ticks_ms = 0;
  std::uint64_t wr_ios = 0, wr_merges = 0, wr_sectors = 0, wr_ticks_ms = 0;
  std::uint64_t ios_in_progress = 0, io_ticks_ms = 0, time_in_queue_ms = 0;
  std::uint64_t dc_ios = 0, dc_merges = 0, dc_sectors = 0, dc_ticks_ms = 0;
  std::uint64_t fl_ios = 0, fl_ticks_ms = 0;
};

struct DiskSnapshot {
  std::uint64_t uptime_ms = 0;  // from /proc/uptime (iostat's interval base), monotonic
  std::vector<DiskSample> disks;
};

// One line of /proc/diskstats ("major minor name" and 4, 11, 15, 17 or more numbers; 4 is the
// partition format of kernels before 2.6.25: reads, read sectors, writes, written sectors).
// std::nullopt when the line is not of that form. `partition` is left false (the line does
// not say; collect_disks() decides from /sys/block).
std::optional<DiskSample> parse_diskstats_line(std::string_view line);
// Every line of /proc/diskstats text; throws Failure naming the line on a malformed one.
std::vector<DiskSample> parse_proc_diskstats(std::string_view text);
// One /sys/block/NAME/stat file's text (no name or numbers in it): 11, 15 or 17 numbers (4 for
// an old kernel's partition). std::nullopt when the text is not of that form.
std::optional<DiskSample> parse_sys_block_stat(std::string_view name, std::string_view text);

// Reads the counters under `root` ("/" normally; a fixture directory in tests):
// whole devices from root/sys/block/*/stat in name order, and root/proc/uptime. Their
// major/minor stay 0 there: the rates do not need them and reading root/sys/block/NAME/dev
// would double the files opened every interval (/proc/diskstats, read with `partitions`,
// has them). With `partitions`, every line of
// root/proc/diskstats instead, in its order, a name without root/sys/block/NAME marked as a
// partition (how iostat -p tells them apart). Files that vanish while being read (a device
// removed) are skipped; an unreadable root/proc/uptime is a run error naming it.
DiskSnapshot collect_disks(const std::string& root, bool partitions);

// iostat -x's quantities for one device over `interval_s` seconds, computed as sysstat
// computes them. Counter deltas: the *_ticks_ms fields are 32-bit in the kernel and wrap
// modulo 2^32 (as in sysstat); another counter smaller than before wraps modulo 2^32 when
// the old value fit in 32 bits (a 32-bit kernel), and otherwise counts as 0. A device whose
// I/O count and sectors all went back (removed and added again, sysstat's test) is computed
// against zero, like sysstat's first report; pass a zero `before` for a device that appeared.
struct DiskRates {
  double r_s = 0, w_s = 0, d_s = 0, f_s = 0;        // requests per second
  double rkb_s = 0, wkb_s = 0, dkb_s = 0;           // KiB per second (kB in iostat)
  double rrqm_s = 0, wrqm_s = 0, drqm_s = 0;        // merges per second
  double rrqm_pct = 0, wrqm_pct = 0, drqm_pct = 0;  // merges among requests
  double r_await_ms = 0, w_await_ms = 0, d_await_ms = 0, f_await_ms = 0;
  double rareq_kb = 0, wareq_kb = 0, dareq_kb = 0;               // mean request size, KiB
  double aqu_sz = 0;                                             // time_in_queue / interval
  double util_pct = 0;                                           // io_ticks / interval
  double tps = 0;                                                // r+w+d (sysstat's tps)
  std::uint64_t rd_sectors = 0, wr_sectors = 0, dc_sectors = 0;  // in the interval, 512 B
  std::uint64_t ios = 0;  // rd+wr+dc+fl requests completed in the interval (iostat -z)
};
DiskRates disk_rates(const DiskSample& before, const DiskSample& after, double interval_s);

}  // namespace hostmark::monitor
