#include "db/sqlite_busy.h"

#include <time.h>

#include <algorithm>
#include <chrono>

namespace hostmark::db {
namespace {

std::uint64_t steady_now_ns() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
}

void nanosleep_ns(std::uint64_t ns) {
  const timespec ts{static_cast<time_t>(ns / 1'000'000'000u),
                    static_cast<long>(ns % 1'000'000'000u)};
  nanosleep(&ts, nullptr);  // a signal cutting it short only makes the retry come sooner
}

}  // namespace

SqliteBusyWait::SqliteBusyWait(std::uint64_t limit_ns, NowNs now, SleepNs sleep)
    : limit_ns_(limit_ns),
      now_(now ? std::move(now) : NowNs(steady_now_ns)),
      sleep_(sleep ? std::move(sleep) : SleepNs(nanosleep_ns)) {}

bool SqliteBusyWait::wait(int attempt) {
  if (waited_ns_ >= limit_ns_) return false;
  const std::uint64_t step_ns =
      attempt < 6 ? std::uint64_t{20'000} << std::max(attempt, 0) : std::uint64_t{1'000'000};
  const std::uint64_t start = now_();
  sleep_(std::min(step_ns, limit_ns_ - waited_ns_));
  const std::uint64_t end = now_();
  waited_ns_ += end > start ? end - start : 1;  // a clock that did not move still counts
  return true;
}

int SqliteBusyWait::handler(void* self, int attempt) {
  return static_cast<SqliteBusyWait*>(self)->wait(attempt) ? 1 : 0;
}

}  // namespace hostmark::db
