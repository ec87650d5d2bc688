#pragma once
// The native memory benchmark, shared by `hostmark memory` and the suite: STREAM-style
// bandwidth on all threads, and load latency by working-set size with the cache levels it
// crosses (workloads/memory_bandwidth.h, workloads/memory_latency.h).
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "commands/command.h"
#include "results/result.h"

namespace hostmark {

struct MemoryOptions {
  int threads = 0;                // bandwidth threads; 0: every online CPU
  std::uint64_t array_bytes = 0;  // each of the 3 bandwidth arrays; 0: 4x the last-level
                                  // cache, at least 64 MiB, at most 512 MiB and memory / 8
  int repetitions = 10;           // bandwidth repetitions (1 to 1000); the best is kept
  bool bandwidth = true;
  bool latency = true;
  std::uint64_t max_working_set_bytes = 0;         // largest latency working set; 0: 4x the
                                                   // last-level cache as a power of two, <= 512 MiB
  bool sysbench_style = true;                      // also the `sysbench memory run` figure
  std::uint64_t sysbench_time_ns = 1'500'000'000;  // per block size
};

// Small arrays and working sets, few repetitions: about a second, for smoke runs.
MemoryOptions quick_memory_options();

// What one memory measurement produced: the options as run (every default filled in from the
// host), the phases, and what the figures mean or may hide.
struct MemoryRun {
  MemoryOptions options;
  std::vector<Phase> phases;
  std::vector<std::string> notes;
  std::vector<std::string> warnings;  // e.g. arrays smaller than 4x the last-level cache
  bool interrupted = false;           // SIGINT/SIGTERM: the phases hold what completed before it
};

// Reads the host's caches and resolves the options once, then runs the phases asked for, in
// this order:
//   "bandwidth": copy_gb_per_s, scale_gb_per_s, add_gb_per_s, triad_gb_per_s (unit "GB/s",
//                decimal), threads, array_bytes, repetitions
//   "latency":   Series "load_latency" (x bytes, y ns); per level present, l1_ns, l2_ns,
//                l3_ns, dram_ns (unit "ns") and l1_max_bytes... (the largest working set of
//                that level, unit "bytes"); max_working_set_bytes
//   "sysbench-style": block_1k_mib_per_s, block_1m_mib_per_s (commands/memory_sysbench_style.h)
// Progress goes to io.err when it is a terminal. SIGINT or SIGTERM ends the run at the next
// repetition (bandwidth), working set (latency) or event (sysbench-style) and skips the phases
// after it; the run is then marked interrupted. Throws Failure: a usage error for options out
// of range, a run error when memory cannot be had or a kernel computed a wrong value.
MemoryRun measure_memory(const MemoryOptions& options, const CommandIo& io);

// The text of `hostmark memory`: a table per phase, then notes and warnings.
void write_memory_text(const Result& result, std::ostream& out);

}  // namespace hostmark
