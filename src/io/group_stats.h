#pragma once
// Pure functions over measured jobs: fio's "Run status group" totals and group_reporting's
// merge of a group's jobs into one. No I/O.
#include <vector>

#include "fio/run_stats.h"

namespace hostmark::io {

// One GroupStats per groupid present in `jobs`, ascending: bytes summed, aggregate bandwidth =
// bytes / longest runtime, min/max of the jobs' bandwidths and runtimes (fio's definitions).
std::vector<fio::GroupStats> group_totals(const std::vector<fio::JobStats>& jobs, unsigned kb_base);

// Merges each group's jobs into one JobStats (group_reporting=1): histograms added bucket by
// bucket (exact), bytes/ios/ctx summed, runtimes the longest, CPU and depth shares averaged
// (depths weighted by I/Os), bandwidth/IOPS samples summed (mean, min, max) with variances
// added. The first job's name and options stand for the group; the first error is kept.
std::vector<fio::JobStats> merge_groups(std::vector<fio::JobStats> jobs);

// unified_rw_reporting: sets JobStats::mixed (the directions merged as add_dir merges jobs) for
// the jobs that ask for it, and returns those jobs' groups' totals with "mixed" in index 0.
std::vector<fio::GroupStats> add_mixed(std::vector<fio::JobStats>& jobs, unsigned kb_base);

// Sets each job's bw agg_percent: its share of its group's aggregate bandwidth.
void set_bandwidth_shares(std::vector<fio::JobStats>& jobs,
                          const std::vector<fio::GroupStats>& groups);

}  // namespace hostmark::io
