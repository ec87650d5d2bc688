#pragma once
// bonnie++'s data tests on one file in the work directory, in bonnie++'s order:
//   putc      per-char write of char_bytes to a new file (stdio putc, or write() of 1 byte)
//   put_block block write of size_bytes in chunk_bytes writes to a new file, then fsync
//   rewrite   read a chunk, dirty it, lseek back, write it; then fsync
//   getc      per-char read of the first char_bytes (stdio getc, or read() of 1 byte)
//   get_block block read of the whole file
//   seeks     `seekers` threads do `seeks` in all: lseek to a random chunk and read it; one in
//             ten is dirtied and written back (skipped when seeks is 0)
// Every write phase ends with fsync inside the timing. With drop_cache the file's page cache is
// dropped before each read phase (drop_file_cache, else drop_all_caches).
// Throws Failure naming the file on an I/O error (ENOSPC...), Interrupted on SIGINT/SIGTERM.
#include <ostream>
#include <vector>

#include "fsbench/fs_options.h"
#include "fsbench/work_dir.h"
#include "results/result.h"

namespace hostmark::fsbench {

struct DataRun {
  std::vector<Phase> phases;   // the finished tests, appended one by one
  bool cache_dropped = true;   // false: a wanted drop was refused
  double block_read_mb_s = 0;  // decimal MB/s of get_block (for the storage warnings)
};

// `progress` gets bonnie++'s "Writing a byte at a time...done" lines.
void run_data_tests(const FsOptions& o, const WorkDir& work, std::ostream& progress, DataRun& run);

}  // namespace hostmark::fsbench
