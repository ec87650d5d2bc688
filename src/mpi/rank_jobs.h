#pragma once
// What one rank of a distributed `hostmark fio` run does with the jobs every rank parsed alike:
// its own files (file per process: the rank appended to every file name, like fio's $jobnum or
// IOR -F) or its own segment of one shared file (--shared-file: offset = rank x the job's
// size per rank), and, with --reorder-tasks, read-only jobs aimed at the data of the rank
// `ranks_per_node` further on (IOR -C: with ranks placed node by node, the next node's data,
// which this node's page cache cannot hold). Pure functions: no I/O, no MPI.
#include <cstdint>
#include <vector>

#include "core/error.h"
#include "fio/job_options.h"
#include "mpi/dist_options.h"

namespace hostmark::mpi {

struct RankPlace {
  int rank = 0;
  int size = 1;
  int ranks_per_node = 1;
};

// The jobs as rank `place.rank` runs them. Usage errors: file per process over a device
// (/dev/...: give --shared-file); --shared-file without one filename=, with nrfiles > 1 or
// without an absolute size=; --mpi-stonewall with numjobs > 1 or more than one wave of jobs
// (stonewall=1 after the first).
Expected<std::vector<fio::JobOptions>> jobs_for_rank(const std::vector<fio::JobOptions>& jobs,
                                                     const DistOptions& options,
                                                     const RankPlace& place);

// For --shared-file: the job that lays out the whole shared file of `job` (every rank's
// segment), prepared once by rank 0 before the others start: offset and size span all segments.
// Rank 0 keeps the TargetSet that created it until every rank is done, then removes it.
fio::JobOptions shared_file_layout_job(const fio::JobOptions& job, int size);

// The bytes one rank's segment of a shared file spans (every thread's region).
std::uint64_t shared_segment_bytes(const fio::JobOptions& job);

}  // namespace hostmark::mpi
