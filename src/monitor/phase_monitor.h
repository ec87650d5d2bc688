#pragma once
// Watches one benchmark phase (--monitor): a sample of the target's disk counters, the CPU
// counters and this process's CPU time when constructed, another in finish(), and the rates
// between them as iostat -x computes them. Two reads of /proc and /sys per phase: nothing runs
// during the phase, so it costs the benchmark nothing.
#include <sys/resource.h>

#include <optional>
#include <string>

#include "monitor/cpu_times.h"
#include "monitor/disk_sample.h"
#include "monitor/phase_activity.h"

namespace hostmark::monitor {

class PhaseMonitor {
 public:
  // `disk`: the whole disk under the target ("vda"; "" when there is none: tmpfs, network).
  // `root`: "/" (a fixture directory in tests).
  explicit PhaseMonitor(std::string disk, std::string root = "/");
  // What happened since construction.
  PhaseActivity finish() const;

 private:
  struct Sample {
    DiskSnapshot disks;
    CpuTimes cpu;
    double process_cpu_s = 0;
  };
  Sample take() const;

  std::string disk_;
  std::string root_;
  Sample start_;
};

}  // namespace hostmark::monitor
