#pragma once
// A rank's measured fio jobs as bytes, for gathering them on rank 0: every field of
// fio::JobStats (counts, byte totals, runtimes, CPU shares, latency histograms in their exact
// state so rank 0's merge is exact, errors, continue_on_error's failed I/Os and first error,
// notes, the time series) except the options, which are not sent: every rank runs the same jobs
// (checked by hash before the run).
#include <string>
#include <vector>

#include "fio/run_stats.h"
#include "stats/histogram.h"

namespace hostmark::mpi {

std::string encode_job_stats(const std::vector<fio::JobStats>& jobs);

// The jobs of another rank; each takes the options of the job at its index in `shape` (rank 0's
// own jobs). Run error naming `what` ("rank 3") when the bytes are malformed or the number of
// jobs differs from `shape`'s.
std::vector<fio::JobStats> decode_job_stats(const std::string& bytes,
                                            const std::vector<fio::JobStats>& shape,
                                            const std::string& what);

// One histogram alone (used by the codec; exposed for tests).
std::string encode_histogram(const Histogram& h);
Histogram decode_histogram(const std::string& bytes);

}  // namespace hostmark::mpi
