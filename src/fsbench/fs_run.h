#pragma once
// One whole `hostmark fs` measurement: the data tests then the file tests in a WorkDir under
// o.dir, SIGINT/SIGTERM turned into a clean stop (the phases done so far are kept), every file
// removed at the end, also on errors (a Failure naming the file propagates after cleanup).
#include <ostream>

#include "fsbench/fs_options.h"
#include "results/result.h"

namespace hostmark::fsbench {

// The options of `suite`'s fs step in `dir`: `data_bytes` of block I/O data, `char_bytes` of it
// per character, files_k x 1024 files; the page cache dropped where the data fits twice in RAM;
// the disk monitored.
FsOptions suite_fs_options(const std::string& dir, std::uint64_t data_bytes,
                           std::uint64_t char_bytes, std::uint64_t files_k,
                           std::uint64_t ram_bytes);

// Fills r.phases, r.storage (describe_storage(o.dir) with its warnings), r.options (what the
// bonnie++ formats read), r.interrupted and the notes. r.context must be filled already.
void measure_fs(const FsOptions& o, std::ostream& progress, Result& r);

}  // namespace hostmark::fsbench
