#pragma once
// What the fio formatters (normal, json, terse) look up the same way. Internal to output/.
#include <string>
#include <vector>

#include "fio/report_stats.h"
#include "fio/run_stats.h"

namespace hostmark::fio_common {

inline constexpr const char* kDirNames[] = {"read", "write", "trim"};

// The GroupStats of `groupid`, or a default one (kb_base from the run) when the runner gave none.
fio::GroupStats group_of(const fio::FioRun& run, int groupid);

// fio's "power of two" kb_base: binary prefixes (KiB, MiB) first, decimal in parentheses.
inline bool binary_units(unsigned kb_base) {
  return kb_base != 0 && (kb_base & (kb_base - 1)) == 0;
}

// slat only where the engine has a submission stage (DirStats::has_slat); empty otherwise.
fio::LatSummary slat_summary(const fio::DirStats& d);

// The job's latency table, from the clat of every direction over read + write + trim I/Os.
fio::LatencyBuckets job_latency_buckets(const fio::JobStats& job);

// Decimals for the percentile labels: from percentile_list as the job (or [global]) wrote it.
int job_percentile_precision(const fio::FioRun& run, const fio::JobStats& job);

// "hostmark-<version>" ("hostmark-unknown" when the context has none).
std::string version_string(const fio::FioRun& run);

// I/Os per second in whole numbers, as fio prints them (it divides integers): exact, from ns.
std::uint64_t whole_iops(const fio::DirStats& d);

// A job with neither bytes nor I/Os: fio prints no normal block for it.
bool job_did_nothing(const fio::JobStats& job);

}  // namespace hostmark::fio_common
