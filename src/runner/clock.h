#pragma once
// The runner's one clock: CLOCK_MONOTONIC in ns (vDSO, ~20 ns a read).
#include <time.h>

#include <cstdint>

namespace hostmark {

inline std::uint64_t monotonic_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

// Sleeps until the monotonic time `deadline_ns` (returns at once if it has passed).
void sleep_until_ns(std::uint64_t deadline_ns);

}  // namespace hostmark
