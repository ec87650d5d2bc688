#pragma once
// hostmark's own options of a distributed `hostmark fio` run (docs/MPI.md), taken out of the
// argument list before fio's parser sees the rest. Named so as not to collide with fio's
// options: fio's `stonewall` is a job option (wait for the jobs before), hence --mpi-stonewall.
#include <string>
#include <vector>

#include "core/error.h"

namespace hostmark::mpi {

struct DistOptions {
  bool shared_file = false;    // --shared-file: one file, a segment per rank (IOR without -F)
  bool reorder_tasks = false;  // --reorder-tasks: read another node's data (IOR -C)
  bool stonewall = false;      // --mpi-stonewall: all ranks stop when the first finishes, then
                               // wear out to the most I/Os any rank did (IOR -D with -O
                               // stoneWallingWearOut=1)
  int fail_rank = -1;          // --mpi-fail-rank=N (hidden, for tests): rank N fails after
                               // preparing its files, as an I/O setup error would
  // Whether a run of one process must take the distributed path anyway (the options only it
  // implements). --results-db and --no-save are fio-parser options of every run (fio_result.h):
  // rank 0 saves with them.
  bool any() const { return shared_file || reorder_tasks || stonewall || fail_rank >= 0; }
};

struct SplitArgs {
  DistOptions dist;
  std::vector<std::string> fio_args;  // everything else, in order, for fio's parser
};

// Usage error naming the option for a bad value (--mpi-fail-rank=x).
Expected<SplitArgs> split_dist_options(const std::vector<std::string>& args);

}  // namespace hostmark::mpi
