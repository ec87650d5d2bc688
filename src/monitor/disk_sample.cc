#include "monitor/disk_sample.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <span>

#include "core/error.h"
#include "monitor/proc_file.h"
#include "sysinfo/text.h"

namespace hostmark::monitor {
namespace {

// Splits `text` at runs of spaces and tabs.
std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  while (true) {
    const auto start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) break;
    text.remove_prefix(start);
    const auto end = std::min(text.find_first_of(" \t\r\n"), text.size());
    out.push_back(text.substr(0, end));
    text.remove_prefix(end);
  }
  return out;
}

template <class T>
bool to_number(std::string_view w, T& v) {
  const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
  return ec == std::errc{} && end == w.data() + w.size();
}

// Fills the counters of `s` from `nums` (the numbers after the name); false when their count
// is not one the kernel prints.
bool fill_counters(std::span<const std::string_view> nums, DiskSample& s) {
  std::uint64_t v[17] = {};
  const std::size_t n = std::min<std::size_t>(nums.size(), 17);
  for (std::size_t i = 0; i < n; ++i)
    if (!to_number(nums[i], v[i])) return false;
  if (nums.size() == 4) {  // old partition line: reads, read sectors, writes, written sectors
    s.rd_ios = v[0];
    s.rd_sectors = v[1];
    s.wr_ios = v[2];
    s.wr_sectors = v[3];
    s.fields = 4;
    return true;
  }
  if (nums.size() < 11) return false;
  s.fields = nums.size() >= 17 ? 17 : nums.size() >= 15 ? 15 : 11;
  s.rd_ios = v[0], s.rd_merges = v[1], s.rd_sectors = v[2], s.rd_ticks_ms = v[3];
  s.wr_ios = v[4], s.wr_merges = v[5], s.wr_sectors = v[6], s.wr_ticks_ms = v[7];
  s.ios_in_progress = v[8], s.io_ticks_ms = v[9], s.time_in_queue_ms = v[10];
  s.dc_ios = v[11], s.dc_merges = v[12], s.dc_sectors = v[13], s.dc_ticks_ms = v[14];
  s.fl_ios = v[15], s.fl_ticks_ms = v[16];
  return true;
}

// /proc/uptime's first number ("12345.67 ...") in milliseconds, at its centisecond resolution.
std::optional<std::uint64_t> parse_uptime_ms(std::string_view text) {
  const auto w = words(text);
  if (w.empty()) return std::nullopt;
  const std::string_view up = w[0];
  const auto dot = up.find('.');
  std::uint64_t seconds = 0, cs = 0;
  if (!to_number(up.substr(0, dot), seconds)) return std::nullopt;
  if (dot != std::string_view::npos) {
    std::string_view frac = up.substr(dot + 1, 2);
    if (!to_number(frac, cs)) return std::nullopt;
    if (frac.size() == 1) cs *= 10;
  }
  return seconds * 1000 + cs * 10;
}

std::optional<DiskSample> read_whole_device(const std::filesystem::path& dir) {
  const std::string name = dir.filename().string();
  auto s = parse_sys_block_stat(name, read_proc_file((dir / "stat").string()));
  if (!s) return std::nullopt;
  return s;
}

}  // namespace

std::optional<DiskSample> parse_diskstats_line(std::string_view line) {
  const auto w = words(line);
  if (w.size() < 3) return std::nullopt;
  DiskSample s;
  if (!to_number(w[0], s.major) || !to_number(w[1], s.minor)) return std::nullopt;
  s.name = std::string(w[2]);
  if (!fill_counters(std::span(w).subspan(3), s)) return std::nullopt;
  return s;
}

std::vector<DiskSample> parse_proc_diskstats(std::string_view text) {
  std::vector<DiskSample> out;
  for (const auto line : sysinfo::split_lines(text)) {
    if (sysinfo::trim(line).empty()) continue;
    auto s = parse_diskstats_line(line);
    if (!s) {
      throw Failure(
          run_error("/proc/diskstats", fmt::format("malformed line \"{}\"", sysinfo::trim(line))));
    }
    out.push_back(std::move(*s));
  }
  return out;
}

std::optional<DiskSample> parse_sys_block_stat(std::string_view name, std::string_view text) {
  const auto w = words(text);
  DiskSample s;
  s.name = std::string(name);
  if (!fill_counters(w, s)) return std::nullopt;
  return s;
}

DiskSnapshot collect_disks(const std::string& root, bool partitions) {
  namespace fs = std::filesystem;
  DiskSnapshot snap;
  const std::string uptime_path = root + "/proc/uptime";
  const auto up = parse_uptime_ms(read_proc_file(uptime_path));
  if (!up) throw Failure(run_error(uptime_path, "cannot read the uptime"));
  snap.uptime_ms = *up;

  const fs::path sys_block = fs::path(root) / "sys/block";
  if (partitions) {
    const std::string text = read_proc_file(root + "/proc/diskstats");
    for (const auto line : sysinfo::split_lines(text)) {
      auto s = parse_diskstats_line(line);
      if (!s) continue;  // a line cut short while the table changed
      std::error_code ec;
      s->partition = !fs::exists(sys_block / s->name, ec);
      snap.disks.push_back(std::move(*s));
    }
    return snap;
  }
  std::error_code ec;
  std::vector<fs::path> dirs;
  for (const auto& entry : fs::directory_iterator(sys_block, ec)) dirs.push_back(entry.path());
  std::sort(dirs.begin(), dirs.end());
  for (const auto& dir : dirs) {
    if (auto s = read_whole_device(dir)) snap.disks.push_back(std::move(*s));
  }
  return snap;
}

}  // namespace hostmark::monitor
