#include "monitor/top_io.h"

#include <algorithm>
#include <tuple>

namespace hostmark::monitor {

std::vector<ProcessIoRate> top_io_processes(const SnapshotDelta& delta, std::size_t n,
                                            const UserNames& users) {
  std::vector<ProcessIoRate> all;
  for (const TaskDelta& t : delta.tasks) {
    if (!t.has_io || t.task == nullptr) continue;
    const IoCounters& io = t.io;
    if (io.read_bytes + io.write_bytes + io.syscr + io.syscw == 0) continue;
    const double s = delta.interval_s;
    all.push_back({t.task->pid, t.task->comm, users.name(t.task->uid), per_second(io.read_bytes, s),
                   per_second(io.write_bytes, s), per_second(io.syscr, s),
                   per_second(io.syscw, s)});
  }
  const auto key = [](const ProcessIoRate& p) {
    return std::make_tuple(-(p.read_bytes_per_s + p.write_bytes_per_s),
                           -(p.read_ops_per_s + p.write_ops_per_s), p.pid);
  };
  const std::size_t keep = std::min(n, all.size());
  std::partial_sort(
      all.begin(), all.begin() + static_cast<std::ptrdiff_t>(keep), all.end(),
      [&](const ProcessIoRate& a, const ProcessIoRate& b) { return key(a) < key(b); });
  all.resize(keep);
  return all;
}

}  // namespace hostmark::monitor
