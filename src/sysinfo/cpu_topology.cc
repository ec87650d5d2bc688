#include "sysinfo/cpu_topology.h"

#include <algorithm>
#include <charconv>
#include <set>
#include <tuple>

#include "sysinfo/arm_cpu.h"
#include "sysinfo/basic.h"
#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

std::optional<int> to_int(std::string_view s) {
  s = trim(s);
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

int int_file(const std::string& path) { return to_int(read_text_file(path)).value_or(-1); }

}  // namespace

std::optional<std::vector<int>> parse_cpu_list(std::string_view text) {
  std::vector<int> cpus;
  text = trim(text);
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto comma = text.find(',', pos);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view part = trim(text.substr(pos, comma - pos));
    const auto dash = part.find('-');
    if (dash == std::string_view::npos) {
      const auto one = to_int(part);
      if (!one || *one < 0 || *one > kMaxCpuNumber) return std::nullopt;
      cpus.push_back(*one);
    } else {
      const auto first = to_int(part.substr(0, dash));
      const auto last = to_int(part.substr(dash + 1));
      if (!first || !last || *first < 0 || *last < *first || *last > kMaxCpuNumber)
        return std::nullopt;
      for (int c = *first; c <= *last; ++c) cpus.push_back(c);
    }
    if (cpus.size() > static_cast<std::size_t>(kMaxCpuNumber) + 1) return std::nullopt;
    pos = comma + 1;
  }
  return cpus;
}

std::vector<CpuPlace> parse_cpuinfo_places(std::string_view text) {
  std::vector<CpuPlace> places;
  for (const std::string_view line : split_lines(text)) {
    std::string_view key, value;
    if (!split_key_value(line, ':', key, value)) continue;
    if (key == "processor") {
      places.push_back(CpuPlace{to_int(value).value_or(-1), -1, -1, -1});
    } else if (!places.empty() && key == "physical id") {
      places.back().package_id = to_int(value).value_or(-1);
    } else if (!places.empty() && key == "core id") {
      places.back().core_id = to_int(value).value_or(-1);
    }
  }
  return places;
}

TopologyCounts count_topology(const std::vector<CpuPlace>& places) {
  std::set<int> packages;
  std::set<std::tuple<int, int, int, int>> cores;  // (package, die, core, cpu if unknown)
  for (const auto& p : places) {
    const int package = std::max(p.package_id, 0);
    packages.insert(package);
    const bool known = p.core_id >= 0 && p.package_id >= 0;
    cores.insert({package, p.die_id, known ? p.core_id : -1, known ? -1 : p.cpu});
  }
  return TopologyCounts{static_cast<int>(packages.size()), static_cast<int>(cores.size()),
                        static_cast<int>(places.size())};
}

double parse_khz_as_mhz(std::string_view text) {
  text = trim(text);
  long long khz = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), khz);
  if (ec != std::errc() || end == text.data() || khz <= 0) return 0;
  return static_cast<double>(khz) / 1000.0;
}

CpuTopology cpu_topology() {
  CpuTopology t;
  const std::string cpuinfo = read_text_file("/proc/cpuinfo");
  t.model = cpu_model();
  t.vendor = cpu_vendor_from_cpuinfo(cpuinfo);
  const std::string mhz = first_field(cpuinfo, "cpu MHz");
  if (!mhz.empty()) t.current_mhz = std::atof(mhz.c_str());

  const std::string cpu_dir = "/sys/devices/system/cpu/";
  const auto online = parse_cpu_list(read_text_file(cpu_dir + "online"));
  std::vector<CpuPlace> places;
  if (online && !online->empty()) {
    for (const int cpu : *online) {
      const std::string topo = cpu_dir + "cpu" + std::to_string(cpu) + "/topology/";
      const int package = int_file(topo + "physical_package_id");
      if (package < 0) {  // no sysfs topology: fall back to /proc/cpuinfo as a whole
        places.clear();
        break;
      }
      places.push_back(
          CpuPlace{cpu, package, int_file(topo + "die_id"), int_file(topo + "core_id")});
    }
  }
  if (!places.empty()) {
    t.topology_source = "sysfs";
  } else {
    places = parse_cpuinfo_places(cpuinfo);
    if (online && !online->empty()) {  // keep only online CPUs
      std::erase_if(places, [&](const CpuPlace& p) {
        return std::find(online->begin(), online->end(), p.cpu) == online->end();
      });
    }
    if (!places.empty()) t.topology_source = "cpuinfo";
  }
  if (!places.empty()) {
    const TopologyCounts counts = count_topology(places);
    t.sockets = counts.sockets;
    t.cores = counts.cores;
    t.threads = counts.threads;
  } else {
    t.threads = online_cpus();
  }

  // cpufreq: the highest max over online CPUs (hybrid parts differ per core), the first base.
  for (const int cpu : online.value_or(std::vector<int>{})) {
    const std::string freq = cpu_dir + "cpu" + std::to_string(cpu) + "/cpufreq/";
    t.max_mhz = std::max(t.max_mhz, parse_khz_as_mhz(read_text_file(freq + "cpuinfo_max_freq")));
    if (t.base_mhz == 0) t.base_mhz = parse_khz_as_mhz(read_text_file(freq + "base_frequency"));
  }
  return t;
}

}  // namespace hostmark::sysinfo
