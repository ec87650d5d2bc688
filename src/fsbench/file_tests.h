#pragma once
// bonnie++'s file tests (-n), with mdtest's per-operation rates and threads: N x 1024 files,
// each of a random size in [file_min, file_max] (0: empty), spread over `dirs` sub-directories,
// handled by `threads` threads that split the list. Two rounds, each with its own files:
//   seq_*  files in name order;  ran_*  the same operations in a random order (unless
//          random_round is false)
// and four operations per round, each a phase of its own:
//   create  open(O_CREAT|O_EXCL), write the file's data, close
//   stat    stat()
//   read    open, read all the data, close (mdtest's "File read"; open+close of empty files)
//   delete  unlink
// Rates are files/s over the wall time of the phase; latency is per file.
// Throws Failure naming the file on an error (ENOSPC...), Interrupted on SIGINT/SIGTERM.
#include <ostream>
#include <vector>

#include "fsbench/fs_options.h"
#include "fsbench/work_dir.h"
#include "results/result.h"

namespace hostmark::fsbench {

// Appends the finished phases to `phases` one by one.
void run_file_tests(const FsOptions& o, const WorkDir& work, std::ostream& progress,
                    std::vector<Phase>& phases);

}  // namespace hostmark::fsbench
