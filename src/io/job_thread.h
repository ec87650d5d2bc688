#pragma once
// One fio job thread: opens its files, makes its engine and buffers, and keeps `iodepth` I/Os in
// flight until its budget, its runtime or a stop request ends it; then drains and reports.
//
// Batching (buffered I/O differs from fio's defaults on purpose): unless iodepth_batch_submit is
// given, buffered I/O fills every free slot before one submit call, while direct I/O is submitted
// as soon as it is queued, as fio does. A reap collects every completion that is ready (at least
// iodepth_batch_complete_min, default 1). fio's one I/O per syscall makes its io_uring at QD32
// slower than psync on cached data; batching direct I/O leaves the device idle meanwhile.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fio/run_stats.h"
#include "io/fio_logs.h"
#include "io/job_accounting.h"
#include "io/job_flows.h"
#include "io/targets.h"
#include "platform/syscalls.h"

namespace hostmark::io {

struct ThreadSetup {
  const fio::JobOptions* job = nullptr;
  int jobnum = 0;
  int groupid = 0;
  std::vector<ThreadFile> files;
  std::uint64_t seed = 0;
  std::vector<std::string> notes;  // what was done for the job before it started (invalidate...)
  int thread_number = 0;           // fio's: 1-based over every thread of the run, in order
};

struct ThreadControl {
  const std::atomic<bool>* stop = nullptr;  // set by the orchestrator on SIGINT/SIGTERM
  std::uint64_t wave_start_ns = 0;          // startdelay counts from here
  LiveCounters* live = nullptr;
  platform::Syscalls* syscalls = &platform::real_syscalls();  // the engine's seam; not owned
  // Where the thread's log samples go (write_*_log); made by the thread, written by the caller
  // after the thread has ended. Not owned; nullptr: no logs.
  std::unique_ptr<JobLogs>* logs = nullptr;
  JobFlows* flows = nullptr;  // the run's flow groups (flow=); not owned; nullptr: none
};

// Runs the thread to its end and returns what it measured. Never throws: a setup failure or an
// I/O error is reported in JobStats::error / error_text ("testfile: offset 4096: ...").
fio::JobStats run_job_thread(const ThreadSetup& setup, const ThreadControl& control);

// The largest block size the job can issue (bs, bsrange, bssplit), for buffer sizing.
std::uint32_t max_block_size(const fio::JobOptions& job);

}  // namespace hostmark::io
