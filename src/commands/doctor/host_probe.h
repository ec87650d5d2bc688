#pragma once
// The counters the host checks of `hostmark doctor` read twice, a sample apart: memory and
// load (monitor/memory_load.h), CPU times (monitor/cpu_times.h), swap traffic from
// /proc/vmstat and pressure stall information from /proc/pressure/{memory,io,cpu}. Parsing is
// pure; collect_host_probe() reads the files under a root ("/" normally, a fixture in tests).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "monitor/cpu_times.h"
#include "monitor/memory_load.h"

namespace hostmark::doctor {

// Pages swapped in and out since boot (/proc/vmstat pswpin, pswpout).
struct SwapCounters {
  std::uint64_t pswpin = 0, pswpout = 0;
};
SwapCounters parse_vmstat_swap(std::string_view vmstat);

// One /proc/pressure/* file: cumulative stall time (total=, microseconds) of the "some" line
// (at least one task stalled) and the "full" line (all non-idle tasks stalled; absent for cpu
// on older kernels, then 0).
struct Pressure {
  std::uint64_t some_total_us = 0, full_total_us = 0;
};
// nullopt for text without a "some" line.
std::optional<Pressure> parse_pressure(std::string_view text);

struct HostProbe {
  std::uint64_t monotonic_ns = 0;
  monitor::MemoryLoad memory;
  monitor::CpuTimes cpu;  // the "cpu" line (all CPUs)
  SwapCounters swap;
  std::optional<Pressure> psi_memory, psi_io, psi_cpu;  // nullopt: kernel without PSI
};

// Never fails: files that cannot be read leave zeros (and no PSI).
HostProbe collect_host_probe(const std::string& root);

// Percent of `interval_s` that the stall counter grew by (0..100; 0 when either is unknown).
double stall_percent(std::uint64_t before_us, std::uint64_t after_us, double interval_s);

}  // namespace hostmark::doctor
