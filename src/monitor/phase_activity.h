#pragma once
// What the machine did while a benchmark phase ran (--monitor), as the monitor measures it; one
// field of a phase of the Result model (results/result.h).
#include <optional>
#include <string>

#include "monitor/cpu_times.h"
#include "monitor/disk_sample.h"

namespace hostmark {

// What the machine did while a phase ran (--monitor): the disk under the target as iostat -x
// sees it and the CPUs, so a report can say whether the device was the bottleneck.
struct PhaseActivity {
  double interval_s = 0;
  std::string disk;                          // whole disk watched ("vda"); "" = none (tmpfs...)
  std::optional<monitor::DiskRates> device;  // its rates over the phase
  monitor::CpuPercent cpu;                   // all CPUs, iostat's percentages
  double process_cpu_s = 0;                  // hostmark's own user+system CPU time in the phase
  std::string util_note;  // why %util misleads for this disk ("NVMe"...); "" when it does not
};

}  // namespace hostmark
