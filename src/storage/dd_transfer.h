#pragma once
// dd-style sequential transfers (issue 4 section 4): `count` blocks of `bs` bytes written to a
// file or read from a file or block device with plain write()/read() in one thread, as dd does
// (not the fio job loop: dd has no queue depth, offsets or per-I/O latency). Times include the
// final fdatasync/fsync when asked (conv=fdatasync), like `dd conv=fdatasync`.
#include <cstdint>
#include <string>

#include "core/error.h"
#include "core/stop_requested.h"
#include "platform/syscalls.h"
#include "storage/dd_format.h"

namespace hostmark::storage {

enum class DdData { kRandom, kZero };

struct DdWriteSpec {
  std::string path;  // a regular file; created (O_EXCL: an existing path is refused)
  std::uint64_t block_bytes = 1 << 20;
  std::uint64_t count = 1024;
  DdFlags oflag;                     // direct, dsync, sync
  DdConv conv = DdConv::kFdatasync;  // sync at the end, counted in the time
  DdData data = DdData::kRandom;     // random: incompressible, every 512 bytes different
  StopRequested stop;                // polled between blocks (SIGINT): stop with what was done
  // Every write and the final sync go through this seam (tests inject faults). Not owned.
  platform::Syscalls* syscalls = &platform::real_syscalls();
};

struct DdReadSpec {
  std::string path;  // a regular file or a block device; only read
  std::uint64_t block_bytes = 1 << 20;
  std::uint64_t count = 0;  // 0: to the end, like dd without count=
  DdFlags iflag;            // direct only
  bool drop_cache = true;   // drop the cached pages of the file/device before reading
  StopRequested stop;       // polled between blocks (SIGINT): stop with what was read
  // Every read goes through this seam (tests inject faults). Not owned.
  platform::Syscalls* syscalls = &platform::real_syscalls();
};

struct DdTransfer {
  std::uint64_t bytes = 0;
  std::uint64_t full_records = 0;     // "N+0 records": whole blocks
  std::uint64_t partial_records = 0;  // "0+M records": short reads at the end
  double seconds = 0;                 // open to the end of the final sync, as dd measures
  bool interrupted = false;           // stopped by `stop` before count/the end
  bool cache_dropped = true;          // reads: false when a drop was wanted and refused
  double cached_fraction = 0;         // reads: share of the bytes to read in the page cache just
                               // before reading (after any drop), from mincore(); 0 for direct
};

// Writes spec.count blocks. An existing path: usage_error(path, "exists ..."). I/O errors
// (ENOSPC, EIO, EINVAL for O_DIRECT with an unaligned bs): run_error(path, why); the partly
// written file is left for the caller to remove.
Expected<DdTransfer> dd_write(const DdWriteSpec& spec);

// Reads blocks until count or the end. Errors like dd_write.
Expected<DdTransfer> dd_read(const DdReadSpec& spec);

// The share (0..1) of [0, bytes) of an open file or device resident in the page cache
// (mmap + mincore); 0 when it cannot be told.
double resident_fraction(int fd, std::uint64_t bytes);

}  // namespace hostmark::storage
