#pragma once
// Describes the storage under a path and says, with typed warnings, when a measurement on it is
// not what it seems (issue 4 section 6). Every storage command (fio, sysbench fileio, disk, fs)
// fills Result::storage from here. Read-only: reads statfs, mountinfo and sysfs, opens no
// device for writing.
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.h"
#include "results/storage.h"

namespace hostmark::storage {

// The stack under `path`: a block device node, a file, or a directory. A path that does not
// exist yet is described by its parent directory (a test file about to be created).
// Fails (usage error naming the path) only when neither the path nor its parent exists.
// Fields the machine does not expose stay empty; warnings are not filled here.
Expected<StorageTarget> describe_storage(const std::string& path);

// What the measurement did, for storage_warnings().
struct MeasureFacts {
  std::uint64_t data_bytes = 0;             // size of the file(s) or device span the test used
  bool reads = false;                       // the test read data
  bool writes = false;                      // the test wrote data
  bool direct = false;                      // O_DIRECT (no page cache in the way)
  bool cache_dropped = true;                // false: the page cache was not dropped before reading
  std::string cache_kept_why = "not root";  // why not, for the warning ("invalidate=0")
  double read_mb_per_s = 0;  // decimal MB/s of buffered reads (0 when none): a rate the
                             // device cannot reach means the page cache served them
};

// The warnings for a measurement on `target` with `facts` on a host with `ram_bytes` of memory
// (`in_vm`: the host is a virtual machine). Each text says what to do:
//   "tmpfs: this measured memory, not a disk; give a path on the disk to test"
std::vector<StorageWarning> storage_warnings(const StorageTarget& target, const MeasureFacts& facts,
                                             std::uint64_t ram_bytes, bool in_vm);

// Drops the page cache of one open file or block device (fdatasync, then
// posix_fadvise(POSIX_FADV_DONTNEED) over the whole file). Works without root for files the
// caller can open; false when the kernel refused.
bool drop_file_cache(int fd);

// Drops every clean page cache of the host (sync, then "3" into /proc/sys/vm/drop_caches):
// only root may. False, doing nothing else, when not permitted.
bool drop_all_caches();

// What a test wants before reading: the file's own pages dropped, else (root) every clean page
// of the host. False when neither was permitted (say so with kPageCacheNotDropped).
bool drop_cache_before_reading(int fd);

}  // namespace hostmark::storage
