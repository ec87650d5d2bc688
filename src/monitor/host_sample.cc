#include "monitor/host_sample.h"

#include <charconv>
#include <filesystem>
#include <string_view>

#include "core/error.h"
#include "sysinfo/basic.h"
#include "sysinfo/text.h"

namespace hostmark::monitor {
namespace {

// "MemTotal:       24683548 kB" -> 24683548; 0 when absent.
std::uint64_t kib_field(std::string_view meminfo, std::string_view key) {
  const std::string value = sysinfo::first_field(meminfo, key);
  std::uint64_t v = 0;
  std::from_chars(value.data(), value.data() + value.size(), v);
  return v;
}

}  // namespace

MemLoad parse_mem_load(std::string_view meminfo, std::string_view loadavg) {
  MemLoad m;
  m.mem_total_kib = kib_field(meminfo, "MemTotal");
  m.mem_available_kib = kib_field(meminfo, "MemAvailable");
  m.swap_total_kib = kib_field(meminfo, "SwapTotal");
  m.swap_free_kib = kib_field(meminfo, "SwapFree");
  // "0.52 0.58 0.59 1/467 12345"
  double* out[] = {&m.load1, &m.load5, &m.load15};
  std::size_t at = 0;
  for (double* d : out) {
    while (at < loadavg.size() && loadavg[at] == ' ') ++at;
    const auto r = std::from_chars(loadavg.data() + at, loadavg.data() + loadavg.size(), *d);
    if (r.ec != std::errc()) break;
    at = static_cast<std::size_t>(r.ptr - loadavg.data());
  }
  return m;
}

HostSample collect_host_sample(const std::string& root, std::int64_t time_ns) {
  const std::string base = root == "/" ? "" : root;
  HostSample s;
  s.time_ns = time_ns;
  s.boot_id = sysinfo::read_trimmed_file(base + "/proc/sys/kernel/random/boot_id");
  const std::string stat = sysinfo::read_text_file(base + "/proc/stat");
  if (stat.empty()) throw Failure(run_error(base + "/proc/stat", "cannot be read"));
  s.cpu = parse_proc_stat(stat).all;
  s.disks = collect_disks(root, false);
  for (const DiskSample& d : s.disks.disks) {
    std::error_code ec;
    if (!std::filesystem::exists(base + "/sys/block/" + d.name + "/device", ec))
      s.virtual_disks.push_back(d.name);
  }
  s.mem = parse_mem_load(sysinfo::read_text_file(base + "/proc/meminfo"),
                         sysinfo::read_text_file(base + "/proc/loadavg"));
  return s;
}

}  // namespace hostmark::monitor
