#pragma once
// sysbench fileio's prepare and cleanup steps: create (or extend) test_file.0..N-1 in a
// directory, and remove them. Both print what sysbench 1.0.20 prints.
#include <ostream>

#include "workloads/sysbench_fileio.h"

namespace hostmark {

// Creates each file with --file-total-size/--file-num bytes of checksummed blocks (the layout
// --validate checks), opened with the extra flags, and fsyncs it. An existing file as large is
// reused; a smaller one is extended. Prints
//   "4 files, 4096Kb each, 16Mb total" ... "Creating file test_file.0" ...
//   "16777216 bytes written in 0.08 seconds (189.25 MiB/sec)."
// Throws Failure (run error naming the file) when a file cannot be created or written:
//   "test_file.2: write at offset 65536: No space left on device".
// Writes and fsyncs go through `syscalls` (EINTR, EAGAIN retried; short writes continued).
void prepare_fileio_files(const FileioSpec& spec, const std::string& flags_text, std::ostream& out,
                          platform::Syscalls& syscalls = platform::real_syscalls());

// Removes test_file.0..N-1 (missing ones are fine). Prints "Removing test files...".
// Throws Failure when an existing file cannot be removed.
void cleanup_fileio_files(const FileioSpec& spec, std::ostream& out);

}  // namespace hostmark
