#pragma once
// Pure summaries of measured data: latency statistics of a histogram, fairness over threads,
// and sysbench's coarser histogram layout. No I/O, no clocks.
#include <cstdint>
#include <utility>
#include <vector>

#include "stats/histogram.h"
#include "stats/measures.h"

namespace hostmark {

// count/min/max/mean/stddev/sum of `h` and the given percentiles (percent in [0, 100]).
LatencyStats summarize_latency(const Histogram& h, const std::vector<double>& percentiles);

// Mean and population standard deviation of per-thread event counts and busy seconds.
Fairness thread_fairness(const std::vector<std::uint64_t>& events,
                         const std::vector<std::uint64_t>& busy_ns);

// Regroups `h` into sysbench's 1024 logarithmic buckets from 0.001 ms to 100000 ms and returns
// the non-empty ones as (bucket lower bound in ms, count), ascending.
std::vector<std::pair<double, std::uint64_t>> sysbench_histogram_ms(const Histogram& h);

}  // namespace hostmark
