#pragma once
// bonnie++'s per-char tests: one putc()/getc() through stdio per byte (CharIo::kStdio), or one
// write()/read() system call per byte (kSyscall, what bonnie++ 2.00a does), over char_bytes.
// putc writes a new file at `path`, then fflush + fsync inside the timing; getc reads the first
// char_bytes of an existing file. Throw Failure naming the file, or Interrupted.
#include <string>

#include "fsbench/fs_options.h"
#include "results/result.h"

namespace hostmark::fsbench {

Phase putc_test(const FsOptions& o, const std::string& path);
Phase getc_test(const FsOptions& o, const std::string& path);

}  // namespace hostmark::fsbench
