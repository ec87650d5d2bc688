#pragma once
// The phases of a distributed fs run (every rank ran the same tests in step, each on its own
// directory) as one, mdtest's way: the aggregate rate of a phase = the work of every rank / the
// longest rank's time of that phase (no clock sync needed), latency histograms merged by bucket
// sums (exact when every rank kept all its buckets: FsOptions::latency_buckets). Pure.
#include <string>
#include <vector>

#include "results/result.h"
#include "stats/histogram.h"

namespace hostmark::fsbench {

// The phase's latencies rebuilt from its buckets (each must be one Histogram bucket, unjoined)
// and its exact count, sum, min and max (the sum of squares from its mean and stddev).
Histogram histogram_of(const Phase& p);

// One phase of every rank (index = rank, same name) as one. Metrics: "rate" (files/s or KiB/s
// over the longest time), "mb_per_s" for byte phases, "work" (the sum), "cpu_pct" (the ranks'
// mean), "threads" (the sum), "ranks", and each rank's "rank<R>.rate" and "rank<R>.time_s".
// duration_s is the longest rank's; the activity (--monitor) is rank 0's.
Phase aggregate_rank_phases(const std::vector<Phase>& ranks);

// Every phase of every rank (ranks[r][i]) as one phase per test. Run error naming the rank
// whose phases differ from rank 0's (count or names).
std::vector<Phase> aggregate_ranks(const std::vector<std::vector<Phase>>& ranks);

}  // namespace hostmark::fsbench
