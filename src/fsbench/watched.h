#pragma once
// One fs test run under --monitor: the phase it returns carries what the disk under the
// directory and the CPUs did while it ran (monitor/phase_monitor.h). Without --monitor, just
// the test.
#include <utility>

#include "fsbench/fs_options.h"
#include "monitor/phase_monitor.h"
#include "results/result.h"

namespace hostmark::fsbench {

template <class Test>
Phase watched(const FsOptions& o, Test&& test) {
  if (!o.monitor) return std::forward<Test>(test)();
  const monitor::PhaseMonitor watch(o.monitor_disk);
  Phase p = std::forward<Test>(test)();
  p.activity = watch.finish();
  return p;
}

}  // namespace hostmark::fsbench
