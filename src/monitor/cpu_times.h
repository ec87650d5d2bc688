#pragma once
// CPU time counters from /proc/stat and the percentages iostat/sar print from two of them.
// Collecting (reading the file) is separate from computing (pure functions of two snapshots).
#include <cstdint>
#include <string_view>
#include <vector>

namespace hostmark::monitor {

// One "cpu" or "cpuN" line of /proc/stat, in USER_HZ ticks. Fields a kernel does not print
// (old kernels have fewer) are 0.
struct CpuTimes {
  std::uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0,
                steal = 0, guest = 0, guest_nice = 0;
};

struct CpuSnapshot {
  CpuTimes all;                   // the "cpu" line
  std::vector<CpuTimes> per_cpu;  // "cpu0", "cpu1"... in order
  std::uint64_t context_switches = 0, processes_created = 0;
  std::uint64_t procs_running = 0, procs_blocked = 0;
};

// Parses /proc/stat text; throws Failure naming the file on text that has no "cpu" line.
CpuSnapshot parse_proc_stat(std::string_view text);

// What iostat's CPU line prints, in percent, computed as sysstat 12.6's iostat does: user and
// nice as the kernel counts them (guest time included, as in iostat; sar -u ALL subtracts it),
// system includes irq and softirq, and the total is the sum of the deltas of user, nice,
// system, idle, iowait, irq, softirq and steal (1 when it is 0); a counter going backwards
// counts as 0.
struct CpuPercent {
  double user = 0, nice = 0, system = 0, iowait = 0, steal = 0, idle = 0;
};
CpuPercent cpu_percent(const CpuTimes& before, const CpuTimes& after);

}  // namespace hostmark::monitor
