#include "monitor/memory_load.h"

#include <cstdio>
#include <cstdlib>

#include "monitor/proc_file.h"
#include "sysinfo/text.h"

namespace hostmark::monitor {
namespace {

// "24683548 kB" -> bytes; 0 when absent.
std::uint64_t kib_field(std::string_view meminfo, std::string_view key) {
  const std::string v = sysinfo::first_field(meminfo, key);
  return std::strtoull(v.c_str(), nullptr, 10) * 1024;
}

}  // namespace

MemoryUsage parse_memory_usage(std::string_view meminfo) {
  MemoryUsage m;
  m.total_bytes = kib_field(meminfo, "MemTotal");
  m.free_bytes = kib_field(meminfo, "MemFree");
  m.shared_bytes = kib_field(meminfo, "Shmem");
  m.buff_cache_bytes = kib_field(meminfo, "Buffers") + kib_field(meminfo, "Cached") +
                       kib_field(meminfo, "SReclaimable");
  const bool has_available = !sysinfo::first_field(meminfo, "MemAvailable").empty();
  m.available_bytes = has_available ? kib_field(meminfo, "MemAvailable") : m.free_bytes;
  m.used_bytes = m.total_bytes > m.available_bytes ? m.total_bytes - m.available_bytes : 0;
  m.swap_total_bytes = kib_field(meminfo, "SwapTotal");
  m.swap_free_bytes = kib_field(meminfo, "SwapFree");
  m.swap_used_bytes =
      m.swap_total_bytes > m.swap_free_bytes ? m.swap_total_bytes - m.swap_free_bytes : 0;
  return m;
}

LoadInfo parse_load(std::string_view loadavg, std::string_view uptime) {
  LoadInfo l;
  const std::string la(loadavg), up(uptime);
  unsigned long long running = 0, threads = 0;
  if (std::sscanf(la.c_str(), "%lf %lf %lf %llu/%llu", &l.load1, &l.load5, &l.load15, &running,
                  &threads) == 5) {
    l.running = running;
    l.threads = threads;
  }
  l.uptime_s = std::strtod(up.c_str(), nullptr);
  return l;
}

MemoryLoad collect_memory_load(const std::string& root) {
  MemoryLoad m;
  m.memory = parse_memory_usage(read_proc_file(root + "/proc/meminfo"));
  m.load =
      parse_load(read_proc_file(root + "/proc/loadavg"), read_proc_file(root + "/proc/uptime"));
  return m;
}

}  // namespace hostmark::monitor
