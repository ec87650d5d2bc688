#pragma once
// Pure functions over the jobs every rank measured: the aggregate (job i of every rank merged
// into one: bytes and I/Os summed, latency histograms added bucket by bucket, so percentiles
// are exact; runtime the longest rank's, so bandwidth = total bytes / longest runtime; failed
// I/Os summed and the first error the lowest failing rank's, its message naming the rank; time
// series added sample by sample), and the per-rank and per-host rows of the detail tables.
// No I/O, no MPI.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fio/run_stats.h"

namespace hostmark::mpi {

struct RankRun {
  int rank = 0;
  std::string host;
  std::vector<fio::JobStats> jobs;  // that rank's FioRun::jobs, in the same order on every rank
  std::uint64_t stonewall_ios = 0;  // --mpi-stonewall: I/Os done when the first rank finished
  std::uint64_t wearout_ios = 0;    // --mpi-stonewall: I/Os done after, to catch up
};

// `base`: rank 0's own FioRun (context, options, warnings); its jobs and groups are replaced by
// the aggregate of `ranks` (every rank, rank 0 included, with as many jobs each). Groups
// (fio's "Run status group") are computed over every rank's jobs: min/max are per rank-job.
fio::FioRun aggregate_fio_runs(fio::FioRun base, const std::vector<RankRun>& ranks);

// One rank's totals over its jobs.
struct RankRow {
  int rank = 0;
  std::string host;
  std::array<std::uint64_t, fio::kDirs> io_bytes{};
  std::array<std::uint64_t, fio::kDirs> ios{};
  std::uint64_t runtime_ns = 0;    // the longest direction runtime of its jobs
  std::uint64_t bytes_per_s = 0;   // all directions' bytes / runtime_ns
  std::uint64_t clat_mean_ns = 0;  // completion latency mean over all its I/Os
  std::uint64_t clat_p99_ns = 0;
  int errors = 0;                // jobs that ended on an I/O error
  std::uint64_t failed_ios = 0;  // I/Os that failed, continue_on_error's included
  std::uint64_t stonewall_ios = 0;
  std::uint64_t wearout_ios = 0;
};

// One host's totals over its ranks.
struct HostRow {
  std::string host;
  std::vector<int> ranks;
  std::array<std::uint64_t, fio::kDirs> io_bytes{};
  std::uint64_t runtime_ns = 0;   // the longest of its ranks
  std::uint64_t bytes_per_s = 0;  // its bytes / runtime_ns
};

struct DistSummary {
  int ranks = 1;
  int nodes = 1;
  std::string placement;  // "file per process", "shared file"
  bool reorder_tasks = false;
  bool stonewall = false;
  std::vector<RankRow> rank_rows;  // by rank
  std::vector<HostRow> host_rows;  // in order of their first rank
};

DistSummary summarize_ranks(const std::vector<RankRun>& ranks);

// Adds a later pass of the same job (the wear-out after a stonewall) to `into`: bytes, I/Os,
// failed I/Os and runtimes summed, histograms merged, the first error kept (else the later
// pass's), the later pass's time series appended after the first's.
void append_pass(fio::JobStats& into, const fio::JobStats& later);

// Total I/Os of a job over its directions.
std::uint64_t job_ios(const fio::JobStats& job);

}  // namespace hostmark::mpi
