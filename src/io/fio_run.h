#pragma once
// Runs the jobs of a `hostmark fio` invocation: expands numjobs into threads, assigns groups
// (stonewall/new_group), prepares targets, runs each stonewall wave of threads, shows a status
// line on a terminal, stops every thread on SIGINT/SIGTERM (partial results marked), removes the
// files it created, and returns what was measured (merged per group when group_reporting).
#include <ostream>
#include <vector>

#include "core/error.h"
#include "fio/job_options.h"
#include "fio/run_stats.h"
#include "platform/syscalls.h"

namespace hostmark::io {

struct RunIo {
  std::ostream& log;  // layout messages, warnings, status line: standard error
  bool log_is_tty = false;
  // The syscall seam every job thread's engine goes through (tests inject faults). Not owned.
  platform::Syscalls* syscalls = &platform::real_syscalls();
};

// The group of each job definition: a new group at every stonewall or new_group after the first.
std::vector<int> job_groupids(const std::vector<fio::JobOptions>& jobs);

// Usage errors for jobs that cannot run as given (unknown engine, writes with --readonly);
// run errors for targets that cannot be prepared. I/O errors during the run end the job, are
// reported in its JobStats, and do not make this fail.
Expected<fio::FioRun> run_fio_jobs(const fio::ParsedJobs& parsed, const RunIo& io);

}  // namespace hostmark::io
