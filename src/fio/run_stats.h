#pragma once
// What a `hostmark fio` run measured, per job and per group, for the fio formatters
// (output/fio_*.cc) to print. Plain data: the job runner (io/) fills it, stats/ computes the
// summaries, output/ only formats. Units are in the names: ns, bytes, KiB (binary).
//
// group_reporting: when a group's jobs have group_reporting=1, the runner merges them before
// handing the FioRun over: FioRun::jobs then holds ONE JobStats for the whole group (histograms
// merged, counts and bytes summed, runtime the longest, `members` = how many jobs were merged,
// name and options those of the group's first job), exactly as fio's sum_thread_stats() does.
// The formatters never merge; they print one block (normal), one object (json) or one line
// (terse) per JobStats.
//
// Spreads (SampleStats::stddev, and the latency stddev the formatters derive from a Histogram)
// are sample standard deviations (divide by n - 1), like fio's.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fio/job_options.h"
#include "results/result.h"
#include "stats/histogram.h"

namespace hostmark::fio {

// Periodic samples of one quantity (bandwidth in KiB/s or IOPS), every bwavgtime/iopsavgtime.
struct SampleStats {
  std::uint64_t min = 0;
  std::uint64_t max = 0;
  double mean = 0;
  double stddev = 0;
  std::uint64_t samples = 0;
  double agg_percent = 0;  // bw only: this job's share of its group's bandwidth, in percent
                           // (fio's "per=" and "bw_agg"; capped at 100)
};

struct DirStats {
  std::uint64_t io_bytes = 0;  // transferred (after ramp)
  std::uint64_t total_ios = 0;
  std::uint64_t short_ios = 0;
  std::uint64_t drop_ios = 0;
  std::uint64_t runtime_ns = 0;  // time this direction was active (fio: runtime, printed in ms)
  bool has_slat = false;         // asynchronous engines only, like fio
  Histogram slat;                // issue -> reached the kernel
  Histogram clat;                // reached the kernel -> completed
  Histogram lat;                 // issue -> completed
  SampleStats bw_kib_s;
  SampleStats iops;
  // io_bytes / runtime, from runtime_ns (fio divides by whole milliseconds; hostmark keeps the
  // nanoseconds, so a 2.6 ms run is not reported as 3 ms' worth). 0 when runtime_ns is 0.
  std::uint64_t bw_bytes_per_s() const;
  double iops_mean() const;  // total_ios / runtime, per second; 0 when runtime_ns is 0
  // runtime in whole ms as fio prints it: rounded up, so any activity shows as >= 1 ms.
  std::uint64_t runtime_ms() const;
};

// fio's "IO depths" and "lat (usec)" tables, as percentages.
struct DepthStats {
  std::array<double, 7> level{};              // 1, 2, 4, 8, 16, 32, >=64
  std::array<double, 7> submit{};             // 0, 4, 8, 16, 32, 64, >=64
  std::array<double, 7> complete{};           // 0, 4, 8, 16, 32, 64, >=64
  std::array<std::uint64_t, kDirs> issued{};  // ios issued per direction ("issued rwts")
  std::array<std::uint64_t, kDirs> short_ios{};
  std::array<std::uint64_t, kDirs> dropped{};
};

struct JobStats {
  JobOptions options;
  int jobnum = 0;  // 0..numjobs-1
  int groupid = 0;
  int members = 1;       // jobs merged into this one (group_reporting): fio's "jobs="
  std::int64_t tid = 0;  // thread id of the job (fio prints a pid there); 0 unknown
  std::array<DirStats, kDirs> dirs;
  // unified_rw_reporting=mixed|both: the directions as one (fio's "mixed"); the formatters
  // print it instead of (mixed) or after (both) the directions.
  std::optional<DirStats> mixed;
  Histogram sync_lat;            // fsync/fdatasync latencies
  std::uint64_t sync_total = 0;  // fsync/fdatasync calls (4th "issued rwts" count)
  double usr_cpu_percent = 0;
  double sys_cpu_percent = 0;
  std::uint64_t ctx = 0;  // voluntary + involuntary context switches
  std::uint64_t majf = 0;
  std::uint64_t minf = 0;
  DepthStats depths;
  std::uint64_t elapsed_ns = 0;   // whole job including ramp (JSON "elapsed")
  std::uint64_t measured_ns = 0;  // after ramp_time, to the end of I/O (JSON "job_runtime")
  std::int64_t job_start_unix_ms = 0;
  int error = 0;                 // errno of the I/O that ended the job, 0 = none
  std::string error_text;        // "testfile: write at offset 4096: No space left on device"
  std::uint64_t failed_ios = 0;  // I/Os and syncs that failed (fio's total_err); never in io_bytes
  int first_error = 0;           // errno of the first of them (continue_on_error: job.error is 0)
  std::string first_error_text;  // its message, as error_text
  bool interrupted = false;
  std::vector<std::string> notes;  // "invalidate=1: page cache of testfile dropped"
  // hostmark only (never in fio's output formats): reads and writes per interval from the
  // measured start (stats/time_series.h); for a merged group, its jobs' series added.
  TimeSeries series;
};

// The I/O errors continue_on_error passed over in a job that did not end on an error (a run
// that is not clean though it exits 0), as one warning: "job NAME: 3 I/O error(s) continued
// past (continue_on_error), the first: <first_error_text>". Empty when there were none (or the
// job ended on an error, which is reported as such).
std::string continued_errors_warning(const JobStats& job);

struct GroupStats {
  int groupid = 0;
  std::array<std::uint64_t, kDirs> io_bytes{};
  std::array<std::uint64_t, kDirs> agg_bytes_per_s{};
  std::array<std::uint64_t, kDirs> min_bytes_per_s{};
  std::array<std::uint64_t, kDirs> max_bytes_per_s{};
  std::array<std::uint64_t, kDirs> min_runtime_ns{};
  std::array<std::uint64_t, kDirs> max_runtime_ns{};
  unsigned kb_base = 1024;
};

// /proc/diskstats deltas of one device under the targets, over the run.
struct DiskUtil {
  std::string name;  // "vda", "loop0"
  std::uint64_t read_ios = 0, write_ios = 0;
  std::uint64_t read_merges = 0, write_merges = 0;
  std::uint64_t read_ticks_ms = 0, write_ticks_ms = 0;
  std::uint64_t in_queue_ms = 0;
  double util_percent = 0;
};

// ns -> whole ms as fio reports runtimes: rounded up (fio adds 999 us before dividing).
inline std::uint64_t ceil_ms(std::uint64_t ns) {
  return ns / 1'000'000 + (ns % 1'000'000 != 0 ? 1 : 0);
}

struct FioRun {
  RunOptions run;
  std::vector<JobStats> jobs;  // one per thread (numjobs expanded), in start order
  std::vector<GroupStats> groups;
  // The "MIXED" totals of the groups whose jobs have unified_rw_reporting (in index 0 of each).
  std::vector<GroupStats> mixed_groups;
  std::vector<DiskUtil> disks;
  Context context;                                                  // host, kernel, CPU, version
  std::vector<std::pair<std::string, std::string>> global_options;  // [global] as given
  std::int64_t timestamp_unix_s = 0;
  std::int64_t timestamp_unix_ms = 0;
  bool interrupted = false;
  std::vector<std::string> warnings;   // also printed to stderr, never into JSON/terse stdout
  std::vector<StorageTarget> storage;  // what the targets are on, with typed warnings (JSON)
  // --monitor: the first target's disk and the CPUs from the first job's start to the last's
  // end (after the layout), in the "hostmark" JSON object and a block after the normal text.
  std::optional<PhaseActivity> activity;
};

}  // namespace hostmark::fio
