#pragma once
// The native CPU score, shared by `hostmark cpu` and the suite: sysbench's prime work (same
// events, so events/s compare with `sysbench cpu run` tables) on one thread and on all threads.
#include <cstdint>
#include <ostream>
#include <vector>

#include "commands/command.h"
#include "results/result.h"

namespace hostmark {

struct CpuOptions {
  std::uint64_t time_per_phase_ns = 5'000'000'000;
  int threads = 0;  // the all-thread phase; 0: every online CPU
  std::uint64_t max_prime = 10000;
};

struct CpuRun {
  std::vector<Phase> phases;
  bool interrupted = false;  // SIGINT/SIGTERM: the phases hold what was measured until then
};

// Runs both phases ("single-thread", "all-threads") and a "scaling" phase holding the scaling
// efficiency (all-thread events/s divided by threads x single-thread events/s, in %). On
// SIGINT/SIGTERM the interrupted phase keeps what it measured and the later ones are skipped.
// Progress goes to io.err when it is a terminal.
CpuRun measure_cpu(const CpuOptions& options, const CommandIo& io);

// The text table of `hostmark cpu`.
void write_cpu_text(const Result& result, std::ostream& out);

}  // namespace hostmark
