// render_top_lines: the view as plain text lines (curses screen and batch mode alike).
#include <fmt/format.h>

#include "commands/top_view.h"

namespace hostmark::top {
namespace {

struct ColumnLayout {
  Column column;
  const char* title;        // per-second title
  const char* total_title;  // title with accumulated numbers
  int width;                // 0: the rest of the line
  bool left;                // left-aligned text
};

constexpr std::array<ColumnLayout, 9> kLayout = {{
    {Column::kId, "PID", "PID", 7, false},
    {Column::kUser, "USER", "USER", 9, true},
    {Column::kRead, "READ/s", "READ", 12, false},
    {Column::kWrite, "WRITE/s", "WRITE", 12, false},
    {Column::kReadOps, "R-OPS/s", "R-OPS", 9, false},
    {Column::kWriteOps, "W-OPS/s", "W-OPS", 9, false},
    {Column::kIo, "IO%", "IO%", 7, false},
    {Column::kSwapin, "SWAPIN%", "SWAPIN%", 8, false},
    {Column::kCommand, "COMMAND", "COMMAND", 0, true},
}};

std::string ops_text(double ops) { return fmt::format("{:.1f}", ops); }

std::string pct_text(const std::optional<double>& pct) {
  return pct ? fmt::format("{:.2f}", *pct) : "?";
}

std::string cell(const Row& r, Column c, bool accumulated) {
  const bool io = r.io_readable;
  switch (c) {
    case Column::kId: return std::to_string(r.id);
    case Column::kUser: return r.user;
    case Column::kRead:
      if (!io) return "n/a";
      return accumulated ? format_bytes(static_cast<double>(r.read_bytes_total))
                         : format_bytes(r.read_bytes_per_s) + "/s";
    case Column::kWrite:
      if (!io) return "n/a";
      return accumulated ? format_bytes(static_cast<double>(r.write_bytes_total))
                         : format_bytes(r.write_bytes_per_s) + "/s";
    case Column::kReadOps:
      if (!io) return "n/a";
      return accumulated ? std::to_string(r.read_ops_total) : ops_text(r.read_ops_per_s);
    case Column::kWriteOps:
      if (!io) return "n/a";
      return accumulated ? std::to_string(r.write_ops_total) : ops_text(r.write_ops_per_s);
    case Column::kIo: return pct_text(r.io_pct);
    case Column::kSwapin: return pct_text(r.swapin_pct);
    case Column::kCommand: return r.command;
  }
  return "";
}

void append_cell(std::string& line, const std::string& text, const ColumnLayout& col) {
  if (!line.empty()) line += ' ';
  if (col.width == 0) {
    line += text;
  } else if (col.left) {
    line += fmt::format("{:<{}}", text.substr(0, static_cast<std::size_t>(col.width)), col.width);
  } else {
    line += fmt::format("{:>{}}", text, col.width);
  }
}

std::string delay_note(DelayStatus s) {
  switch (s) {
    case DelayStatus::kAvailable: return "IO%/SWAPIN%: taskstats delay accounting";
    case DelayStatus::kKernelOff:
      return "IO%/SWAPIN% off: enable with 'sysctl kernel.task_delayacct=1' or boot with "
             "'delayacct'";
    case DelayStatus::kNoPrivilege: return "IO%/SWAPIN% need root or CAP_NET_ADMIN (taskstats)";
    case DelayStatus::kNoTaskstats: return "IO%/SWAPIN%: this kernel has no taskstats";
  }
  return "";
}

std::vector<std::string> header_lines(const View& v) {
  const Header& h = v.header;
  std::vector<std::string> lines;
  if (!h.replay.empty()) lines.push_back(h.replay);
  lines.push_back(fmt::format("Total DISK READ: {:>12}/s | Total DISK WRITE: {:>12}/s",
                              format_bytes(h.total_read_bytes_per_s),
                              format_bytes(h.total_write_bytes_per_s)));
  if (h.system) {
    lines.push_back(fmt::format(
        "Actual DISK READ: {:>11}/s | Actual DISK WRITE: {:>11}/s | CPU iowait: {:.1f}%",
        format_bytes(h.system->read_bytes_per_s), format_bytes(h.system->write_bytes_per_s),
        h.system->cpu_iowait_pct));
    std::string devices = "Devices:";
    for (const auto& d : h.system->devices) {
      devices += fmt::format(" {} R {}/s W {}/s |", d.name, format_bytes(d.read_bytes_per_s),
                             format_bytes(d.write_bytes_per_s));
    }
    if (h.system->devices.empty()) devices += " none";
    if (devices.ends_with(" |")) devices.resize(devices.size() - 2);
    lines.push_back(devices);
  } else {
    lines.push_back("Actual DISK READ/WRITE, devices, CPU iowait: not available");
  }
  std::string status = fmt::format("{} {}", h.tasks, v.state.threads ? "threads" : "processes");
  if (h.unreadable > 0) {
    status += h.root ? fmt::format(" ({} whose I/O is not readable)", h.unreadable)
                     : fmt::format(
                           " ({} whose I/O is not readable: only root sees every "
                           "process's I/O)",
                           h.unreadable);
  }
  if (!h.replay.empty()) {
    lines.push_back(fmt::format(
        "{} processes: the recorder's top by I/O | IO%/SWAPIN%: not recorded", h.tasks));
    lines.push_back(fmt::format(
        "sort: {} ({}){} | keys: space/right next, left previous, < > sort, r reverse, o active, "
        "q quit",
        column_key(v.state.sort), v.state.reverse ? "reversed" : "normal",
        v.state.only_active ? " | only active" : ""));
    return lines;
  }
  status += " | " + delay_note(h.delays);
  lines.push_back(status);
  lines.push_back(fmt::format(
      "sort: {} ({}){}{} | keys: < > sort, r reverse, o active, "
      "a accumulated, p threads, q quit",
      column_key(v.state.sort), v.state.reverse ? "reversed" : "normal",
      v.state.only_active ? " | only active" : "", v.state.accumulated ? " | accumulated" : ""));
  return lines;
}

}  // namespace

std::string format_bytes(double bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  std::size_t u = 0;
  while (bytes >= 1024.0 && u + 1 < std::size(kUnits)) {
    bytes /= 1024.0;
    ++u;
  }
  return u == 0 ? fmt::format("{:.0f} B", bytes) : fmt::format("{:.2f} {}", bytes, kUnits[u]);
}

std::vector<std::string> render_top_lines(const View& view, std::size_t width) {
  std::vector<std::string> lines = header_lines(view);
  const bool acc = view.state.accumulated;
  std::string titles;
  for (const auto& col : kLayout) {
    std::string title = acc ? col.total_title : col.title;
    if (col.column == Column::kId && view.state.threads) title = "TID";
    // The sort column is marked with the direction rows go in: > largest first.
    const bool text_column =
        col.column == Column::kUser || col.column == Column::kCommand || col.column == Column::kId;
    if (col.column == view.state.sort) title += (text_column != view.state.reverse) ? '<' : '>';
    append_cell(titles, title, col);
  }
  lines.push_back(titles);
  for (const Row& r : view.rows) {
    std::string line;
    for (const auto& col : kLayout) append_cell(line, cell(r, col.column, acc), col);
    lines.push_back(std::move(line));
  }
  if (width > 0) {
    for (auto& l : lines)
      if (l.size() > width) l.resize(width);
  }
  return lines;
}

}  // namespace hostmark::top
