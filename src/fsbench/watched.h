#pragma once
// One fs test run under --monitor: the phase it returns carries what the disk under the
// directory and the CPUs did while it ran (monitor/phase_monitor.h). Without --monitor, just
// the test. With a gate (a distributed run), every rank starts and ends the test together.
#include <utility>

#include "fsbench/fs_options.h"
#include "monitor/phase_monitor.h"
#include "results/result.h"

namespace hostmark::fsbench {

template <class Test>
Phase watched(const FsOptions& o, Test&& test) {
  if (o.gate != nullptr) o.gate->before_phase();
  Phase p;
  if (!o.monitor) {
    p = std::forward<Test>(test)();
  } else {
    const monitor::PhaseMonitor watch(o.monitor_disk);
    p = std::forward<Test>(test)();
    p.activity = watch.finish();
  }
  if (o.gate != nullptr) o.gate->after_phase();
  return p;
}

}  // namespace hostmark::fsbench
