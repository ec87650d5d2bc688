#pragma once
// The processes that did the most I/O between two process snapshots, as `hostmark record`
// keeps them with each sample: pure, snapshots in, ranked rates out.
#include <cstddef>
#include <string>
#include <vector>

#include "monitor/process_io_delta.h"
#include "monitor/user_names.h"

namespace hostmark::monitor {

// One process's I/O over an interval. Bytes are /proc/[pid]/io's read_bytes/write_bytes (what
// reached the block layer, iotop's DISK READ/WRITE); ops are its read and write system calls
// (syscr/syscw).
struct ProcessIoRate {
  int pid = 0;
  std::string comm;  // "postgres"
  std::string user;  // name of the real uid, or its number
  double read_bytes_per_s = 0;
  double write_bytes_per_s = 0;
  double read_ops_per_s = 0;
  double write_ops_per_s = 0;
};

// At most `n` processes of `delta` with readable counters and any I/O, most bytes (read +
// written) first, then most ops, then lowest pid. Processes that did nothing are left out.
std::vector<ProcessIoRate> top_io_processes(const SnapshotDelta& delta, std::size_t n,
                                            const UserNames& users);

}  // namespace hostmark::monitor
