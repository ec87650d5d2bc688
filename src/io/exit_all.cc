#include "io/exit_all.h"

namespace hostmark::io {

ExitAll::ExitAll(const std::vector<fio::JobOptions>& jobs, std::size_t threads)
    : seen_(threads, 0) {
  for (const auto& j : jobs) {
    any_exitall_ = any_exitall_ || j.exitall;
    any_on_error_ = any_on_error_ || j.exitall_on_error;
  }
}

void ExitAll::check(const std::vector<ThreadSetup>& setups,
                    const std::vector<std::unique_ptr<LiveCounters>>& live,
                    const std::vector<fio::JobStats>& results,
                    const std::vector<std::unique_ptr<std::atomic<bool>>>& stops,
                    std::vector<std::uint8_t>& ended_by_exitall) {
  if (!any_exitall_ && !any_on_error_) return;
  for (std::size_t i = 0; i < setups.size(); ++i) {
    if (seen_[i] || !live[i]->done.load()) continue;
    seen_[i] = 1;
    const bool failed = results[i].error != 0 && setups[i].job->exitall_on_error;
    if (!any_exitall_ && !failed) continue;
    for (std::size_t k = 0; k < setups.size(); ++k) {
      if (k == i || setups[k].groupid != setups[i].groupid || live[k]->done.load()) continue;
      if (!stops[k]->exchange(true)) ended_by_exitall[k] = 1;
    }
  }
}

}  // namespace hostmark::io
