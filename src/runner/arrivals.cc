#include "runner/arrivals.h"

namespace hostmark {

ArrivalSchedule::ArrivalSchedule(double rate_per_s, std::uint64_t seed, std::uint64_t start_ns)
    : rng_(seed), gap_ns_(rate_per_s / 1e9), next_ns_(static_cast<double>(start_ns)) {}

std::uint64_t ArrivalSchedule::take() {
  std::lock_guard lock(mutex_);
  next_ns_ += gap_ns_(rng_);
  return static_cast<std::uint64_t>(next_ns_);
}

}  // namespace hostmark
