#pragma once
// CPU caches as the kernel describes them in /sys/devices/system/cpu/cpu0/cache/index*/, or, when
// /sys lists none (some VMs, e.g. Firecracker), as x86 CPUID reports them for the running CPU.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hostmark::sysinfo {

struct CacheLevel {
  int level = 0;     // 1, 2, 3
  std::string type;  // "Data", "Instruction", "Unified"
  std::uint64_t size_bytes = 0;
  std::uint64_t line_bytes = 0;
  int ways = 0;
  int shared_by_cpus = 0;  // CPUs listed in shared_cpu_list; from CPUID, the logical CPUs
                           // it says share the cache, at most the online count; 0 unknown
  std::string source;      // "sysfs" or "cpuid"
};

// The caches of cpu0, ordered by level then type: from /sys, else from CPUID (leaf 4 on Intel
// and others, 0x8000001D on AMD/Hygon, else AMD's legacy 0x80000005/6). Empty when neither
// describes them (non-x86 without /sys cache entries).
std::vector<CacheLevel> cpu_caches();

// Decodes one deterministic cache parameters subleaf (CPUID leaf 4, or AMD 0x8000001D, which
// share a layout). std::nullopt for the "no more caches" entry (type 0). source = "cpuid";
// shared_by_cpus is CPUID's raw count (EAX[25:14] + 1), not yet limited to online CPUs.
std::optional<CacheLevel> decode_cpuid_cache_leaf(std::uint32_t eax, std::uint32_t ebx,
                                                  std::uint32_t ecx);

// Decodes AMD's legacy cache leaves: 0x80000005 ECX (L1d) and EDX (L1i), 0x80000006 ECX (L2)
// and EDX (L3). Caches reported with size 0 are left out; ways 0 when the encoding gives none
// (fully associative or "see 0x8000001D"). shared_by_cpus is 0 (the leaves do not say).
std::vector<CacheLevel> decode_amd_legacy_caches(std::uint32_t l1d_ecx, std::uint32_t l1i_edx,
                                                 std::uint32_t l2_ecx, std::uint32_t l3_edx);

// Size of the largest data/unified cache (the last level), or `fallback` when unknown.
std::uint64_t last_level_cache_bytes(std::uint64_t fallback = 32ull << 20);

}  // namespace hostmark::sysinfo
