#include "monitor/process_io_delta.h"

#include <algorithm>

namespace hostmark::monitor {
namespace {

std::uint64_t increase(std::uint64_t before, std::uint64_t after) {
  return after >= before ? after - before : 0;
}

IoCounters io_increase(const IoCounters& b, const IoCounters& a) {
  return IoCounters{increase(b.rchar, a.rchar),
                    increase(b.wchar, a.wchar),
                    increase(b.syscr, a.syscr),
                    increase(b.syscw, a.syscw),
                    increase(b.read_bytes, a.read_bytes),
                    increase(b.write_bytes, a.write_bytes),
                    increase(b.cancelled_write_bytes, a.cancelled_write_bytes)};
}

const TaskSample* find_same_task(const ProcessSnapshot& snap, const TaskSample& t) {
  const auto it = std::lower_bound(snap.tasks.begin(), snap.tasks.end(), t.tid,
                                   [](const TaskSample& s, int tid) { return s.tid < tid; });
  if (it == snap.tasks.end() || it->tid != t.tid) return nullptr;
  if (it->start_time_ticks != t.start_time_ticks) return nullptr;  // pid reused
  return &*it;
}

}  // namespace

SnapshotDelta delta_between(const ProcessSnapshot& before, const ProcessSnapshot& after) {
  SnapshotDelta d;
  if (after.monotonic_ns > before.monotonic_ns) {
    d.interval_s = static_cast<double>(after.monotonic_ns - before.monotonic_ns) / 1e9;
  }
  d.tasks.reserve(after.tasks.size());
  std::size_t kept = 0;
  for (const TaskSample& t : after.tasks) {
    TaskDelta td;
    td.task = &t;
    const TaskSample* old = find_same_task(before, t);
    td.is_new = old == nullptr;
    if (old != nullptr) ++kept;
    td.has_io = t.io.has_value();
    if (!td.has_io) ++d.unreadable;
    // A task first readable now (it was not before) starts from its current counters.
    if (td.has_io && old == nullptr) td.io = *t.io;
    if (td.has_io && old != nullptr && old->io) td.io = io_increase(*old->io, *t.io);
    if (t.delays && (old == nullptr || old->delays)) {
      td.has_delays = true;
      const DelayCounters zero;
      const DelayCounters& b = old != nullptr ? *old->delays : zero;
      td.delays = DelayCounters{increase(b.blkio_delay_ns, t.delays->blkio_delay_ns),
                                increase(b.swapin_delay_ns, t.delays->swapin_delay_ns)};
    }
    d.tasks.push_back(td);
  }
  d.vanished = before.tasks.size() - kept;
  return d;
}

}  // namespace hostmark::monitor
