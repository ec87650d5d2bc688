#pragma once
// CPU caches as the kernel describes them in /sys/devices/system/cpu/cpu0/cache/index*/.
#include <cstdint>
#include <string>
#include <vector>

namespace hostmark::sysinfo {

struct CacheLevel {
  int level = 0;              // 1, 2, 3
  std::string type;           // "Data", "Instruction", "Unified"
  std::uint64_t size_bytes = 0;
  std::uint64_t line_bytes = 0;
  int ways = 0;
  int shared_by_cpus = 0;     // CPUs listed in shared_cpu_list
};

// The caches of cpu0, ordered by level then type. Empty when /sys does not describe them.
std::vector<CacheLevel> cpu_caches();

// Size of the largest data/unified cache (the last level), or `fallback` when unknown.
std::uint64_t last_level_cache_bytes(std::uint64_t fallback = 32ull << 20);

}  // namespace hostmark::sysinfo
