#pragma once
// fio's exitall and exitall_on_error, for the threads of one wave: once a thread has ended (any
// job's exitall, which fio applies to every job) or has ended with an error (exitall_on_error of
// its job), the threads of its group still running are asked to stop (fio's exit_what=group).
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "fio/job_options.h"
#include "fio/run_stats.h"
#include "io/job_accounting.h"
#include "io/job_thread.h"

namespace hostmark::io {

class ExitAll {
 public:
  ExitAll(const std::vector<fio::JobOptions>& jobs, std::size_t threads);

  // Called by the orchestrator while the wave runs: for each thread newly ended, stops the
  // others of its group if it should and marks them in `ended_by_exitall`. results[i] is read
  // only once live[i]->done is set (the thread wrote it before).
  void check(const std::vector<ThreadSetup>& setups,
             const std::vector<std::unique_ptr<LiveCounters>>& live,
             const std::vector<fio::JobStats>& results,
             const std::vector<std::unique_ptr<std::atomic<bool>>>& stops,
             std::vector<std::uint8_t>& ended_by_exitall);

 private:
  bool any_exitall_ = false;
  bool any_on_error_ = false;
  std::vector<std::uint8_t> seen_;  // per thread: its end has been looked at
};

}  // namespace hostmark::io
