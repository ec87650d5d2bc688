#pragma once
// Runs the jobs of a `hostmark fio` invocation: expands numjobs into threads, assigns groups
// (stonewall/new_group), prepares targets, runs each stonewall wave of threads, reports its live
// status to a StatusSink (io/status_sink.h), stops every thread on SIGINT/SIGTERM (partial results
// marked), removes the files of unlink=1 jobs (RunIo::created_files), and returns what was
// measured (merged per group when group_reporting).
#include <functional>
#include <ostream>
#include <vector>

#include "core/error.h"
#include "fio/job_options.h"
#include "fio/run_stats.h"
#include "io/status_sink.h"
#include "io/targets.h"
#include "platform/syscalls.h"

namespace hostmark::io {

struct RunIo {
  std::ostream& log;  // layout messages, warnings: standard error
  // Where the live status goes while a wave runs (the command's status line on a terminal);
  // nullptr: not sampled. Not owned. Skipped with --eta=never.
  StatusSink* status = nullptr;
  // The syscall seam every job thread's engine goes through (tests inject faults). Not owned.
  platform::Syscalls* syscalls = &platform::real_syscalls();
  // `hostmark fio` keeps the files it lays out unless a job says unlink=1, as fio; hostmark's
  // own commands that run the engine on scratch files they create pass kRemove.
  CreatedFiles created_files = CreatedFiles::kKeep;
};

// Where a distributed run (commands/fio_distributed.cc) synchronises its ranks; every hook is
// optional and called on the thread that called run_fio_jobs. before_run may throw Failure: the
// run then ends (the wave's threads not started; created files removed) and the Failure
// propagates. after_run and poll must not throw (poll runs while threads do).
struct WaveHooks {
  std::function<void(int wave)> before_run;  // the wave's files are ready; its threads start next
  std::function<void(int wave)> after_run;   // the wave's threads have all ended
  // Called every poll period (20 ms) while a wave runs, with whether all of this process's
  // threads of the wave are done. When set, the wave ends only when it returns true; threads
  // still running then stop (a stonewall, not an interruption: their jobs are not marked
  // interrupted).
  std::function<bool(bool all_done)> poll;
};

// The group of each job definition: a new group at every stonewall or new_group after the first.
std::vector<int> job_groupids(const std::vector<fio::JobOptions>& jobs);

// Usage errors for jobs that cannot run as given (unknown engine, writes with --readonly);
// run errors for targets that cannot be prepared. I/O errors during the run end the job, are
// reported in its JobStats, and do not make this fail.
Expected<fio::FioRun> run_fio_jobs(const fio::ParsedJobs& parsed, const RunIo& io,
                                   const WaveHooks& hooks = {});

}  // namespace hostmark::io
