#include "exporter/disk_metrics.h"

#include <fmt/format.h>

#include <cctype>
#include <functional>

namespace hostmark::exporter {
namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

// "nvme0n1p2": nvme, digits, n, digits, p, digits.
bool nvme_partition(std::string_view s) {
  if (!starts_with(s, "nvme")) return false;
  s.remove_prefix(4);
  for (char sep : {'n', 'p'}) {
    const auto at = s.find(sep);
    if (at == std::string_view::npos || !all_digits(s.substr(0, at))) return false;
    s.remove_prefix(at + 1);
  }
  return all_digits(s);
}

struct DiskFamily {
  const char* name;
  const char* type;
  const char* help;
  int min_fields;
  std::function<double(const monitor::DiskSample&)> value;
};

}  // namespace

std::string label_value(const std::string& v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

bool excluded_device(const std::string& name) {
  const std::string_view n = name;
  for (std::string_view prefix : {"zram", "ram", "loop", "fd"})
    if (starts_with(n, prefix) && all_digits(n.substr(prefix.size()))) return true;
  for (std::string_view prefix : {"hd", "sd", "vd", "xvd"}) {
    if (!starts_with(n, prefix) || n.size() < prefix.size() + 2) continue;
    const char letter = n[prefix.size()];
    if (letter >= 'a' && letter <= 'z' && all_digits(n.substr(prefix.size() + 1))) return true;
  }
  return nvme_partition(n);
}

std::string disk_metrics_text(const std::vector<monitor::DiskSample>& disks,
                              const monitor::CpuTimes& cpu, double ticks_per_s) {
  using S = monitor::DiskSample;
  const auto d = [](std::uint64_t v) { return static_cast<double>(v); };
  const std::vector<DiskFamily> families = {
      {"node_disk_reads_completed_total", "counter",
       "The total number of reads completed successfully.", 11,
       [&](const S& s) { return d(s.rd_ios); }},
      {"node_disk_reads_merged_total", "counter", "The total number of reads merged.", 11,
       [&](const S& s) { return d(s.rd_merges); }},
      {"node_disk_read_bytes_total", "counter", "The total number of bytes read successfully.", 11,
       [&](const S& s) { return d(s.rd_sectors) * 512; }},
      {"node_disk_read_time_seconds_total", "counter",
       "The total number of seconds spent by all reads.", 11,
       [&](const S& s) { return d(s.rd_ticks_ms) / 1000; }},
      {"node_disk_writes_completed_total", "counter",
       "The total number of writes completed successfully.", 11,
       [&](const S& s) { return d(s.wr_ios); }},
      {"node_disk_writes_merged_total", "counter", "The number of writes merged.", 11,
       [&](const S& s) { return d(s.wr_merges); }},
      {"node_disk_written_bytes_total", "counter",
       "The total number of bytes written successfully.", 11,
       [&](const S& s) { return d(s.wr_sectors) * 512; }},
      {"node_disk_write_time_seconds_total", "counter",
       "This is the total number of seconds spent by all writes.", 11,
       [&](const S& s) { return d(s.wr_ticks_ms) / 1000; }},
      {"node_disk_io_now", "gauge", "The number of I/Os currently in progress.", 11,
       [&](const S& s) { return d(s.ios_in_progress); }},
      {"node_disk_io_time_seconds_total", "counter", "Total seconds spent doing I/Os.", 11,
       [&](const S& s) { return d(s.io_ticks_ms) / 1000; }},
      {"node_disk_io_time_weighted_seconds_total", "counter",
       "The weighted # of seconds spent doing I/Os.", 11,
       [&](const S& s) { return d(s.time_in_queue_ms) / 1000; }},
      {"node_disk_discards_completed_total", "counter",
       "The total number of discards completed successfully.", 15,
       [&](const S& s) { return d(s.dc_ios); }},
      {"node_disk_discards_merged_total", "counter", "The total number of discards merged.", 15,
       [&](const S& s) { return d(s.dc_merges); }},
      {"node_disk_discarded_sectors_total", "counter",
       "The total number of sectors discarded successfully.", 15,
       [&](const S& s) { return d(s.dc_sectors); }},
      {"node_disk_discard_time_seconds_total", "counter",
       "This is the total number of seconds spent by all discards.", 15,
       [&](const S& s) { return d(s.dc_ticks_ms) / 1000; }},
      {"node_disk_flush_requests_total", "counter",
       "The total number of flush requests completed successfully", 17,
       [&](const S& s) { return d(s.fl_ios); }},
      {"node_disk_flush_requests_time_seconds_total", "counter",
       "This is the total number of seconds spent by all flush requests.", 17,
       [&](const S& s) { return d(s.fl_ticks_ms) / 1000; }},
  };
  std::string out;
  for (const auto& f : families) {
    std::string samples;
    for (const auto& s : disks) {
      if (excluded_device(s.name) || s.fields < f.min_fields) continue;
      samples += fmt::format("{}{{device=\"{}\"}} {}\n", f.name, label_value(s.name), f.value(s));
    }
    if (samples.empty()) continue;
    out += fmt::format("# HELP {} {}\n# TYPE {} {}\n", f.name, f.help, f.name, f.type);
    out += samples;
  }
  const double hz = ticks_per_s > 0 ? ticks_per_s : 100;
  out +=
      "# HELP hostmark_cpu_iowait_seconds_total Seconds all CPUs spent idle with I/O outstanding "
      "(/proc/stat iowait).\n"
      "# TYPE hostmark_cpu_iowait_seconds_total counter\n";
  out += fmt::format("hostmark_cpu_iowait_seconds_total {}\n", d(cpu.iowait) / hz);
  out +=
      "# HELP hostmark_cpu_seconds_total Seconds all CPUs spent in each mode (/proc/stat cpu "
      "line).\n"
      "# TYPE hostmark_cpu_seconds_total counter\n";
  const std::pair<const char*, std::uint64_t> modes[] = {
      {"user", cpu.user},     {"nice", cpu.nice}, {"system", cpu.system},   {"idle", cpu.idle},
      {"iowait", cpu.iowait}, {"irq", cpu.irq},   {"softirq", cpu.softirq}, {"steal", cpu.steal}};
  for (const auto& [mode, ticks] : modes)
    out += fmt::format("hostmark_cpu_seconds_total{{mode=\"{}\"}} {}\n", mode, d(ticks) / hz);
  return out;
}

}  // namespace hostmark::exporter
