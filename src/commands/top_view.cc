// build_top_view: deltas -> sorted, filtered rows and header totals (pure).
#include "commands/top_view.h"

#include <algorithm>

namespace hostmark::top {
namespace {

using monitor::delay_percent;
using monitor::per_second;

Row make_row(const monitor::TaskDelta& d, const monitor::TaskDelta& total, double interval_s,
             bool threads, const monitor::UserNames& users) {
  const monitor::TaskSample& t = *d.task;
  Row r;
  r.id = threads ? t.tid : t.pid;
  r.pid = t.pid;
  r.user = users.name(t.uid);
  r.state = t.state;
  r.io_readable = d.has_io;
  r.read_bytes_per_s = per_second(d.io.read_bytes, interval_s);
  r.write_bytes_per_s = per_second(d.io.write_bytes, interval_s);
  r.read_ops_per_s = per_second(d.io.syscr, interval_s);
  r.write_ops_per_s = per_second(d.io.syscw, interval_s);
  r.read_bytes_total = total.io.read_bytes;
  r.write_bytes_total = total.io.write_bytes;
  r.read_ops_total = total.io.syscr;
  r.write_ops_total = total.io.syscw;
  if (d.has_delays) {
    r.io_pct = delay_percent(d.delays.blkio_delay_ns, interval_s);
    r.swapin_pct = delay_percent(d.delays.swapin_delay_ns, interval_s);
  }
  r.command = t.cmdline.empty() ? "[" + t.comm + "]" : t.cmdline;
  return r;
}

// The number a row is sorted by in `state` (text columns are compared separately).
double sort_value(const Row& r, Column c, bool accumulated) {
  switch (c) {
    case Column::kRead:
      return accumulated ? static_cast<double>(r.read_bytes_total) : r.read_bytes_per_s;
    case Column::kWrite:
      return accumulated ? static_cast<double>(r.write_bytes_total) : r.write_bytes_per_s;
    case Column::kReadOps:
      return accumulated ? static_cast<double>(r.read_ops_total) : r.read_ops_per_s;
    case Column::kWriteOps:
      return accumulated ? static_cast<double>(r.write_ops_total) : r.write_ops_per_s;
    case Column::kIo: return r.io_pct.value_or(-1);
    case Column::kSwapin: return r.swapin_pct.value_or(-1);
    default: return 0;
  }
}

double bytes_moved(const Row& r, bool accumulated) {
  return accumulated ? static_cast<double>(r.read_bytes_total + r.write_bytes_total)
                     : r.read_bytes_per_s + r.write_bytes_per_s;
}

bool is_active(const Row& r, bool accumulated) {
  const bool moved =
      accumulated
          ? r.read_bytes_total + r.write_bytes_total + r.read_ops_total + r.write_ops_total > 0
          : r.read_bytes_per_s + r.write_bytes_per_s + r.read_ops_per_s + r.write_ops_per_s > 0;
  return moved || r.io_pct.value_or(0) > 0 || r.swapin_pct.value_or(0) > 0;
}

// Strict weak order: the sort column (numbers largest first, text A-Z, reversed by r), then
// bytes moved (largest first), then id.
bool row_before(const Row& a, const Row& b, const DisplayState& s) {
  int cmp = 0;  // < 0: a first
  if (s.sort == Column::kId) {
    cmp = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  } else if (s.sort == Column::kUser || s.sort == Column::kCommand) {
    cmp = s.sort == Column::kUser ? a.user.compare(b.user) : a.command.compare(b.command);
  } else {
    const double va = sort_value(a, s.sort, s.accumulated);
    const double vb = sort_value(b, s.sort, s.accumulated);
    cmp = va > vb ? -1 : va < vb ? 1 : 0;
  }
  if (s.reverse) cmp = -cmp;
  if (cmp != 0) return cmp < 0;
  const double ma = bytes_moved(a, s.accumulated), mb = bytes_moved(b, s.accumulated);
  if (ma != mb) return ma > mb;
  return a.id < b.id;
}

}  // namespace

Column step_column(Column c, int step) {
  const auto n = static_cast<int>(kColumns.size());
  const int i = static_cast<int>(std::find(kColumns.begin(), kColumns.end(), c) - kColumns.begin());
  return kColumns[static_cast<std::size_t>(((i + step) % n + n) % n)];
}

std::string_view column_key(Column c) {
  switch (c) {
    case Column::kId: return "pid";
    case Column::kUser: return "user";
    case Column::kRead: return "read";
    case Column::kWrite: return "write";
    case Column::kReadOps: return "read-ops";
    case Column::kWriteOps: return "write-ops";
    case Column::kIo: return "io";
    case Column::kSwapin: return "swapin";
    case Column::kCommand: return "command";
  }
  return "?";
}

View build_top_view(const Frame& frame, const DisplayState& state,
                    const monitor::UserNames& users) {
  View v;
  v.state = state;
  Header& h = v.header;
  h.interval_s = frame.interval.interval_s;
  h.system = frame.system;
  h.delays = frame.delays;
  h.tasks = frame.interval.tasks.size();
  h.unreadable = frame.interval.unreadable;
  h.root = frame.root;
  h.unix_time_s = frame.unix_time_s;
  const bool same_tasks = frame.since_start.tasks.size() == frame.interval.tasks.size();
  v.rows.reserve(frame.interval.tasks.size());
  for (std::size_t i = 0; i < frame.interval.tasks.size(); ++i) {
    const auto& d = frame.interval.tasks[i];
    const auto& total = same_tasks ? frame.since_start.tasks[i] : d;
    Row r = make_row(d, total, h.interval_s, state.threads, users);
    h.total_read_bytes_per_s += r.read_bytes_per_s;
    h.total_write_bytes_per_s += r.write_bytes_per_s;
    if (!state.only_active || is_active(r, state.accumulated)) v.rows.push_back(std::move(r));
  }
  std::sort(v.rows.begin(), v.rows.end(),
            [&state](const Row& a, const Row& b) { return row_before(a, b, state); });
  return v;
}

View build_replay_view(const monitor::HistoryRow& row, const DisplayState& state,
                       const std::string& label) {
  View v;
  v.state = state;
  v.state.accumulated = false;  // only rates were recorded
  v.state.threads = false;
  Header& h = v.header;
  h.interval_s = row.interval_s;
  h.delays = DelayStatus::kNoTaskstats;
  h.tasks = row.processes.size();
  h.root = true;
  h.unix_time_s = static_cast<double>(row.time_ns) / 1e9;
  h.replay = label;
  SystemRates system;
  system.read_bytes_per_s = row.io.bread_s * 512;  // sar -b's blocks are 512-byte sectors
  system.write_bytes_per_s = row.io.bwrtn_s * 512;
  system.cpu_iowait_pct = row.cpu.iowait;
  for (const auto& d : row.devices)
    system.devices.push_back({d.name, d.rates.rkb_s * 1024, d.rates.wkb_s * 1024});
  h.system = std::move(system);
  for (const auto& p : row.processes) {
    Row r;
    r.id = p.pid;
    r.pid = p.pid;
    r.user = p.user;
    r.read_bytes_per_s = p.read_bytes_per_s;
    r.write_bytes_per_s = p.write_bytes_per_s;
    r.read_ops_per_s = p.read_ops_per_s;
    r.write_ops_per_s = p.write_ops_per_s;
    r.command = p.comm;
    h.total_read_bytes_per_s += r.read_bytes_per_s;
    h.total_write_bytes_per_s += r.write_bytes_per_s;
    if (!v.state.only_active || is_active(r, false)) v.rows.push_back(std::move(r));
  }
  std::sort(v.rows.begin(), v.rows.end(),
            [&v](const Row& a, const Row& b) { return row_before(a, b, v.state); });
  return v;
}

}  // namespace hostmark::top
