#include "runner/arrivals.h"

namespace hostmark {

ArrivalSchedule::ArrivalSchedule(double rate_per_s, std::uint64_t seed, std::uint64_t start_ns)
    : rng_(seed),
      rate_per_ns_(rate_per_s / 1e9),
      gap_ns_(rate_per_s / 1e9),
      next_ns_(static_cast<double>(start_ns)) {}

std::uint64_t ArrivalSchedule::take() {
  std::lock_guard lock(mutex_);
  next_ns_ += gap_ns_(rng_);
  return static_cast<std::uint64_t>(next_ns_);
}

double ArrivalSchedule::backlog(std::uint64_t now_ns) {
  std::lock_guard lock(mutex_);
  const double behind_ns = static_cast<double>(now_ns) - next_ns_;
  return behind_ns > 0 ? behind_ns * rate_per_ns_ : 0;
}

}  // namespace hostmark
