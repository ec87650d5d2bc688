#pragma once
// The host checks' judgement: pure functions from two probes (or a process delta) to a Finding,
// against the thresholds documented in docs/DOCTOR.md (the constants below are those).
#include <string>
#include <vector>

#include "commands/doctor/finding.h"
#include "commands/doctor/host_probe.h"
#include "monitor/process_io_delta.h"

namespace hostmark::doctor {

// Memory: pages swapped in per second, share of the sample some/all tasks stalled on memory
// (PSI), memory available as a share of the total.
inline constexpr double kSwapInWarnPagesPerS = 1;
inline constexpr double kSwapInBottleneckPagesPerS = 100;
inline constexpr double kMemorySomeWarnPct = 5;
inline constexpr double kMemoryFullBottleneckPct = 10;
inline constexpr double kAvailableWarnPct = 10;

// CPU: busy share (100 - idle - iowait), run queue per CPU (load1 / CPUs), steal and iowait,
// and the share of the sample some task waited for a CPU or for I/O (PSI).
inline constexpr double kBusyWarnPct = 75;
inline constexpr double kBusyBottleneckPct = 90;
inline constexpr double kLoadPerCpuWarn = 1.0;
inline constexpr double kLoadPerCpuBottleneck = 1.5;
inline constexpr double kStealWarnPct = 3;
inline constexpr double kStealBottleneckPct = 10;
inline constexpr double kIowaitWarnPct = 20;
inline constexpr double kIoSomeWarnPct = 20;

// Processes: block-layer bytes per second of one process above which it is named as a load.
inline constexpr double kProcessIoWarnBytesPerS = 50e6;
inline constexpr double kProcessIoNoteBytesPerS = 1e6;

Finding assess_memory(const HostProbe& before, const HostProbe& after);
Finding assess_cpu(const HostProbe& before, const HostProbe& after, int cpus);

// One process's block-layer I/O over the sample (from /proc/PID/io read_bytes/write_bytes).
struct ProcessIoRate {
  int pid = 0;
  std::string comm;
  double read_bytes_per_s = 0;
  double write_bytes_per_s = 0;
  double total() const { return read_bytes_per_s + write_bytes_per_s; }
};

// The `n` processes of `delta` with the most block-layer I/O (read + write bytes), busiest
// first, leaving out `self_pid` (hostmark) and processes that did none.
std::vector<ProcessIoRate> top_io_processes(const monitor::SnapshotDelta& delta, int self_pid,
                                            std::size_t n);
// `unreadable`: processes whose counters could not be read (not root).
Finding assess_processes(const std::vector<ProcessIoRate>& top, double interval_s,
                         std::size_t unreadable);

}  // namespace hostmark::doctor
