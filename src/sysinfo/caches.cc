#include "sysinfo/caches.h"

#include <algorithm>
#include <array>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define HOSTMARK_HAVE_CPUID 1
#endif

#include "sysinfo/basic.h"
#include "sysinfo/cpu_topology.h"
#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

// "32K" / "1024K" / "32M" as the kernel writes cache sizes.
std::uint64_t parse_kernel_size(const std::string& s) {
  if (s.empty()) return 0;
  std::uint64_t v = 0;
  std::size_t i = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    v = v * 10 + static_cast<std::uint64_t>(s[i++] - '0');
  }
  if (i < s.size() && (s[i] == 'K' || s[i] == 'k')) v <<= 10;
  else if (i < s.size() && (s[i] == 'M' || s[i] == 'm')) v <<= 20;
  else if (i < s.size() && (s[i] == 'G' || s[i] == 'g')) v <<= 30;
  return v;
}

std::vector<CacheLevel> sysfs_caches() {
  std::vector<CacheLevel> out;
  for (int i = 0; i < 16; ++i) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    const auto read = [&dir](const char* name) { return first_line(read_text_file(dir + name)); };
    const std::string level = read("level");
    if (level.empty()) break;
    CacheLevel c;
    c.level = std::atoi(level.c_str());
    c.type = read("type");
    c.size_bytes = parse_kernel_size(read("size"));
    c.line_bytes = parse_kernel_size(read("coherency_line_size"));
    c.ways = std::atoi(read("ways_of_associativity").c_str());
    const auto shared = parse_cpu_list(read("shared_cpu_list"));
    c.shared_by_cpus = shared ? static_cast<int>(shared->size()) : 0;
    c.source = "sysfs";
    out.push_back(c);
  }
  return out;
}

std::uint32_t bits(std::uint32_t v, int hi, int lo) {
  return (v >> lo) & ((hi - lo >= 31) ? 0xFFFFFFFFu : ((1u << (hi - lo + 1)) - 1));
}

// Ways of AMD's 4-bit L2/L3 associativity encoding (0 = none given).
int amd_ways(std::uint32_t code) {
  static constexpr std::array<int, 16> kWays = {0,  1, 2,  3,  4,  6,  8,   0,
                                                16, 0, 32, 48, 64, 96, 128, 0};
  return kWays[code & 0xF];
}

#ifdef HOSTMARK_HAVE_CPUID
std::vector<CacheLevel> cpuid_caches() {
  std::vector<CacheLevel> out;
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (__get_cpuid(0, &a, &b, &c, &d) == 0) return out;
  const unsigned max_basic = a;
  const bool amd = (b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163) ||  // AuthenticAMD
                   (b == 0x6f677948 && d == 0x6e65476e && c == 0x656e6975);    // HygonGenuine
  const unsigned max_ext = __get_cpuid_max(0x80000000, nullptr);
  const unsigned leaf = amd ? 0x8000001Du : 4u;
  if ((amd && max_ext >= leaf) || (!amd && max_basic >= leaf)) {
    for (unsigned sub = 0; sub < 16; ++sub) {
      __cpuid_count(leaf, sub, a, b, c, d);
      const auto cache = decode_cpuid_cache_leaf(a, b, c);
      if (!cache) break;
      out.push_back(*cache);
    }
  }
  if (out.empty() && amd && max_ext >= 0x80000006u) {  // VMs may zero 0x8000001D
    unsigned l1c = 0, l1d = 0, l2c = 0, l3d = 0;
    __cpuid(0x80000005u, a, b, l1c, l1d);
    __cpuid(0x80000006u, a, b, l2c, l3d);
    out = decode_amd_legacy_caches(l1c, l1d, l2c, l3d);
  }
  const int online = online_cpus();
  for (auto& cache : out) {
    if (online > 0 && cache.shared_by_cpus > online) cache.shared_by_cpus = online;
  }
  return out;
}
#else
std::vector<CacheLevel> cpuid_caches() { return {}; }
#endif

}  // namespace

std::optional<CacheLevel> decode_cpuid_cache_leaf(std::uint32_t eax, std::uint32_t ebx,
                                                  std::uint32_t ecx) {
  static constexpr std::array<const char*, 4> kTypes = {"", "Data", "Instruction", "Unified"};
  const std::uint32_t type = bits(eax, 4, 0);
  if (type == 0 || type > 3) return std::nullopt;
  CacheLevel c;
  c.level = static_cast<int>(bits(eax, 7, 5));
  c.type = kTypes[type];
  c.line_bytes = bits(ebx, 11, 0) + 1;
  const std::uint64_t partitions = bits(ebx, 21, 12) + 1;
  c.ways = static_cast<int>(bits(ebx, 31, 22) + 1);
  const std::uint64_t sets = static_cast<std::uint64_t>(ecx) + 1;
  c.size_bytes = c.line_bytes * partitions * static_cast<std::uint64_t>(c.ways) * sets;
  c.shared_by_cpus = static_cast<int>(bits(eax, 25, 14) + 1);
  c.source = "cpuid";
  return c;
}

std::vector<CacheLevel> decode_amd_legacy_caches(std::uint32_t l1d_ecx, std::uint32_t l1i_edx,
                                                 std::uint32_t l2_ecx, std::uint32_t l3_edx) {
  std::vector<CacheLevel> out;
  const auto add = [&out](int level, const char* type, std::uint64_t size_bytes,
                          std::uint32_t line_bytes, int ways) {
    if (size_bytes == 0) return;
    out.push_back(CacheLevel{level, type, size_bytes, line_bytes, ways, 0, "cpuid"});
  };
  for (const auto& [reg, type] : {std::pair{l1d_ecx, "Data"}, std::pair{l1i_edx, "Instruction"}}) {
    const std::uint32_t assoc = bits(reg, 23, 16);  // 0xFF: fully associative
    add(1, type, std::uint64_t{bits(reg, 31, 24)} << 10, bits(reg, 7, 0),
        assoc == 0xFF ? 0 : static_cast<int>(assoc));
  }
  add(2, "Unified", std::uint64_t{bits(l2_ecx, 31, 16)} << 10, bits(l2_ecx, 7, 0),
      amd_ways(bits(l2_ecx, 15, 12)));
  add(3, "Unified", std::uint64_t{bits(l3_edx, 31, 18)} * (512u << 10), bits(l3_edx, 7, 0),
      amd_ways(bits(l3_edx, 15, 12)));
  return out;
}

std::vector<CacheLevel> cpu_caches() {
  std::vector<CacheLevel> out = sysfs_caches();
  if (out.empty()) out = cpuid_caches();
  std::sort(out.begin(), out.end(), [](const CacheLevel& a, const CacheLevel& b) {
    return a.level != b.level ? a.level < b.level : a.type < b.type;
  });
  return out;
}

std::uint64_t last_level_cache_bytes(std::uint64_t fallback) {
  std::uint64_t best = 0;
  int best_level = 0;
  for (const auto& c : cpu_caches()) {
    if (c.type == "Instruction") continue;
    if (c.level > best_level || (c.level == best_level && c.size_bytes > best)) {
      best_level = c.level;
      best = c.size_bytes;
    }
  }
  return best ? best : fallback;
}

}  // namespace hostmark::sysinfo
