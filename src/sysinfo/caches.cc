#include "sysinfo/caches.h"

#include <algorithm>
#include <string>

#include "sysinfo/basic.h"

namespace hostmark::sysinfo {
namespace {

std::string first_line(const std::string& path) {
  std::string s = read_text_file(path);
  const auto nl = s.find('\n');
  if (nl != std::string::npos) s.resize(nl);
  return s;
}

// "32K" / "1024K" / "32M" as the kernel writes cache sizes.
std::uint64_t parse_kernel_size(const std::string& s) {
  if (s.empty()) return 0;
  std::uint64_t v = 0;
  std::size_t i = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') v = v * 10 + static_cast<std::uint64_t>(s[i++] - '0');
  if (i < s.size() && (s[i] == 'K' || s[i] == 'k')) v <<= 10;
  else if (i < s.size() && (s[i] == 'M' || s[i] == 'm')) v <<= 20;
  else if (i < s.size() && (s[i] == 'G' || s[i] == 'g')) v <<= 30;
  return v;
}

// Number of CPUs in a list such as "0-3,8,10-11".
int count_cpu_list(const std::string& list) {
  int n = 0;
  std::size_t pos = 0;
  while (pos < list.size()) {
    auto comma = list.find(',', pos);
    if (comma == std::string::npos) comma = list.size();
    const std::string part = list.substr(pos, comma - pos);
    const auto dash = part.find('-');
    try {
      if (dash == std::string::npos) {
        if (!part.empty()) n += 1;
      } else {
        n += std::stoi(part.substr(dash + 1)) - std::stoi(part.substr(0, dash)) + 1;
      }
    } catch (const std::exception&) {
      return n;
    }
    pos = comma + 1;
  }
  return n;
}

}  // namespace

std::vector<CacheLevel> cpu_caches() {
  std::vector<CacheLevel> out;
  for (int i = 0; i < 16; ++i) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(i) + "/";
    const std::string level = first_line(dir + "level");
    if (level.empty()) break;
    CacheLevel c;
    c.level = std::atoi(level.c_str());
    c.type = first_line(dir + "type");
    c.size_bytes = parse_kernel_size(first_line(dir + "size"));
    c.line_bytes = parse_kernel_size(first_line(dir + "coherency_line_size"));
    c.ways = std::atoi(first_line(dir + "ways_of_associativity").c_str());
    c.shared_by_cpus = count_cpu_list(first_line(dir + "shared_cpu_list"));
    out.push_back(c);
  }
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
