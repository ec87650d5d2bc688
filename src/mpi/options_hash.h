#pragma once
// A hash of the options a rank parsed, so rank 0 can tell that every rank will run the same
// jobs before any starts (a job file or ${VAR} that differs between nodes would otherwise mix
// different workloads into one aggregate).
#include <cstdint>

#include "fio/job_options.h"

namespace hostmark::mpi {

// XXH3 of the run options and of every job's name and options as written after ${VAR},
// $ncpus and arithmetic expansion (JobOptions::given, ParsedJobs::global_given), in order.
std::uint64_t hash_parsed_jobs(const fio::ParsedJobs& parsed);

}  // namespace hostmark::mpi
