#pragma once
// CPU topology and clock: how many sockets, physical cores and hardware threads are online, and
// the frequencies cpufreq reports. Read without root from /sys/devices/system/cpu and
// /proc/cpuinfo; the parsing is done by pure functions so tests can feed fixed text.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostmark::sysinfo {

// Where one logical CPU sits. -1 means the kernel did not say.
struct CpuPlace {
  int cpu = -1;         // logical CPU number
  int package_id = -1;  // physical_package_id / "physical id" (the socket)
  int die_id = -1;      // die_id (0 on single-die parts; -1 when not exposed)
  int core_id = -1;     // core_id / "core id" (unique within a package and die)
};

struct TopologyCounts {
  int sockets = 0;  // distinct packages
  int cores = 0;    // distinct (package, die, core) triples: physical cores
  int threads = 0;  // logical CPUs
};

struct CpuTopology {
  std::string model;       // cpu_model_from_cpuinfo(): "model name", "Cortex-A72" ("" when unknown)
  std::string vendor;      // cpu_vendor_from_cpuinfo(): "GenuineIntel", "ARM" ("" when unknown)
  int sockets = 0;         // 0 when unknown
  int cores = 0;           // physical cores over all sockets; 0 when unknown
  int threads = 0;         // logical CPUs online
  double max_mhz = 0;      // cpufreq cpuinfo_max_freq; 0 when there is no cpufreq
  double base_mhz = 0;     // cpufreq base_frequency (intel_pstate, amd-pstate); 0 when absent
  double current_mhz = 0;  // "cpu MHz" of the first CPU in /proc/cpuinfo; 0 when absent
  std::string topology_source;  // "sysfs", "cpuinfo" or "" (counts then from sysconf only)
};

// "0-3,8,10-11" -> {0,1,2,3,8,10,11} (in the order written). Whitespace and a trailing newline
// are ignored; "" gives {}. Returns std::nullopt when any part is malformed ("3-1", "a"), names
// a CPU above kMaxCpuNumber or lists more than kMaxCpuNumber + 1 CPUs in all (a corrupt file
// must not make a list of two billion numbers: fuzz/corpus/proc_sys/cpu_list_huge_range).
inline constexpr int kMaxCpuNumber = 65535;  // Linux's NR_CPUS is at most 8192
std::optional<std::vector<int>> parse_cpu_list(std::string_view text);

// The places of every "processor" block of /proc/cpuinfo text. Blocks without "physical id" or
// "core id" (ARM, some VMs) get -1 in those fields.
std::vector<CpuPlace> parse_cpuinfo_places(std::string_view cpuinfo_text);

// Counts sockets, cores and threads. A place whose package or core is -1 counts as its own core
// (and package 0), so a machine that hides its topology is reported as all cores, no SMT.
TopologyCounts count_topology(const std::vector<CpuPlace>& places);

// A cpufreq file value in kHz ("3500000\n") -> MHz; 0 when empty or not a number.
double parse_khz_as_mhz(std::string_view text);

// Reads the topology of the online CPUs of this host: sysfs topology first, /proc/cpuinfo when
// sysfs has none, sysconf(_SC_NPROCESSORS_ONLN) for threads as the last resort. Never fails.
CpuTopology cpu_topology();

}  // namespace hostmark::sysinfo
