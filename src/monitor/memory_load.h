#pragma once
// Memory use as `free` (procps-ng 4) shows it and load as `uptime` shows it, for
// `hostmark stat --mem`. Parsing is pure; collect_memory_load() reads the files under root.
#include <cstdint>
#include <string>
#include <string_view>

namespace hostmark::monitor {

struct MemoryUsage {
  std::uint64_t total_bytes = 0, used_bytes = 0, free_bytes = 0, shared_bytes = 0;
  std::uint64_t buff_cache_bytes = 0, available_bytes = 0;
  std::uint64_t swap_total_bytes = 0, swap_used_bytes = 0, swap_free_bytes = 0;
};

// From /proc/meminfo text, as free computes it: used = MemTotal - MemAvailable (MemFree when
// MemAvailable is absent), buff/cache = Buffers + Cached + SReclaimable, shared = Shmem.
MemoryUsage parse_memory_usage(std::string_view meminfo);

struct LoadInfo {
  double load1 = 0, load5 = 0, load15 = 0;  // /proc/loadavg
  std::uint64_t running = 0, threads = 0;   // "3/109": runnable and total scheduling entities
  double uptime_s = 0;                      // /proc/uptime
};

// From /proc/loadavg and /proc/uptime text; fields that do not parse stay 0.
LoadInfo parse_load(std::string_view loadavg, std::string_view uptime);

// Reads root/proc/meminfo, root/proc/loadavg and root/proc/uptime. Never fails (zeros).
struct MemoryLoad {
  MemoryUsage memory;
  LoadInfo load;
};
MemoryLoad collect_memory_load(const std::string& root);

}  // namespace hostmark::monitor
