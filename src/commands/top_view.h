#pragma once
// `hostmark top`'s view model: what one refresh shows, built from collected deltas by pure
// functions (build_top_view), then drawn as plain lines (render_top_lines: the same text for
// the curses screen and batch mode) or as one JSON object (top_view_to_json). Nothing here
// reads /proc or touches a terminal (btop's collect()/draw() split).
#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "monitor/history.h"
#include "monitor/process_io_delta.h"
#include "monitor/user_names.h"

namespace hostmark::top {

enum class Column { kId, kUser, kRead, kWrite, kReadOps, kWriteOps, kIo, kSwapin, kCommand };
inline constexpr std::array kColumns = {Column::kId,    Column::kUser,    Column::kRead,
                                        Column::kWrite, Column::kReadOps, Column::kWriteOps,
                                        Column::kIo,    Column::kSwapin,  Column::kCommand};

// The column `step` places right (+1) or left (-1) of `c`, wrapping around.
Column step_column(Column c, int step);
// "pid", "user", "read", "write", "read-ops", "write-ops", "io", "swapin", "command".
std::string_view column_key(Column c);

// What the keys change; the same for every refresh until a key changes it.
struct DisplayState {
  Column sort = Column::kIo;  // iotop's default; ties are broken by bytes moved, then id
  bool reverse = false;       // r: smallest first for numbers (largest first for text)
  bool only_active = false;   // o: only tasks whose shown numbers are not all zero
  bool accumulated = false;   // a: bytes and ops since top started instead of per second
  bool threads = false;       // p (or -t): one row per thread
};

// Why IO% and SWAPIN% are (not) shown.
enum class DelayStatus { kAvailable, kKernelOff, kNoPrivilege, kNoTaskstats };

// Block-layer numbers for the header (monitor/disk_sample, monitor/cpu_times), when known.
struct DeviceRate {
  std::string name;
  double read_bytes_per_s = 0, write_bytes_per_s = 0;
};
struct SystemRates {
  double read_bytes_per_s = 0, write_bytes_per_s = 0;  // sum over whole devices ("actual")
  std::vector<DeviceRate> devices;
  double cpu_iowait_pct = 0;
};

// What one refresh collected. `interval` and `since_start` point into `after`.
struct Frame {
  std::shared_ptr<const monitor::ProcessSnapshot> after;
  monitor::SnapshotDelta interval;     // since the previous refresh
  monitor::SnapshotDelta since_start;  // since top started (or since the last p)
  std::optional<SystemRates> system;   // empty when the block-layer side is not available
  DelayStatus delays = DelayStatus::kNoTaskstats;
  bool root = false;       // collected by root: unreadable io files are not for lack of rights
  double unix_time_s = 0;  // wall clock of the refresh, for JSON
};

struct Row {
  int id = 0;  // pid, or tid with threads
  int pid = 0;
  std::string user;
  char state = '?';
  bool io_readable = true;  // false: its /proc/PID/io was not readable
  double read_bytes_per_s = 0, write_bytes_per_s = 0;
  double read_ops_per_s = 0, write_ops_per_s = 0;             // syscr, syscw
  std::uint64_t read_bytes_total = 0, write_bytes_total = 0;  // since top started
  std::uint64_t read_ops_total = 0, write_ops_total = 0;
  std::optional<double> io_pct, swapin_pct;  // empty without delay accounting
  std::string command;                       // cmdline, or [comm] for kernel threads
};

struct Header {
  double interval_s = 0;
  double total_read_bytes_per_s = 0, total_write_bytes_per_s = 0;  // sum over all tasks
  std::optional<SystemRates> system;
  DelayStatus delays = DelayStatus::kNoTaskstats;
  std::size_t tasks = 0, unreadable = 0;
  bool root = false;
  double unix_time_s = 0;
  std::string replay;  // top --replay: "replay of DB at TIME (sample I of N)"; "" when live
};

struct View {
  Header header;
  DisplayState state;
  std::vector<Row> rows;  // filtered and sorted as `state` says
};

View build_top_view(const Frame& frame, const DisplayState& state, const monitor::UserNames& users);

// `hostmark top --replay`: the view of one recorded interval (monitor/history.h): its top I/O
// processes as rows (per-second numbers only: totals, IO% and SWAPIN% were not recorded), the
// devices and CPU iowait as the header's block-layer part. `label` becomes Header::replay.
View build_replay_view(const monitor::HistoryRow& row, const DisplayState& state,
                       const std::string& label);

// The screen as lines: header, column titles (the sort column marked > or <), one line per
// row. Lines are cut to `width` characters (0: not cut). The curses screen shows the first
// lines that fit; batch mode prints them all.
std::vector<std::string> render_top_lines(const View& view, std::size_t width);

// "1.50 MiB/s"-style human numbers (binary units, as iotop), also used by tests.
std::string format_bytes(double bytes);

}  // namespace hostmark::top
