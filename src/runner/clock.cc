#include "runner/clock.h"

#include <cerrno>

namespace hostmark {

void sleep_until_ns(std::uint64_t deadline_ns) {
  timespec ts{};
  ts.tv_sec = static_cast<time_t>(deadline_ns / 1'000'000'000u);
  ts.tv_nsec = static_cast<long>(deadline_ns % 1'000'000'000u);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR) {
  }
}

}  // namespace hostmark
