#pragma once
// sysbench's cpu event: count the primes below max_prime by trial division of every candidate
// c in [3, max_prime) by every l in [2, sqrt(c)], with 64-bit unsigned modulo. Same work per
// event as sysbench 1.0.20, so events/s compare with published sysbench tables.
#include <cstdint>

#include "runner/workload.h"

namespace hostmark {

// One event's work; returns how many primes lie in [3, max_prime) (1228 for 10000).
std::uint64_t count_primes_trial_division(std::uint64_t max_prime);

class CpuPrimeWorkload final : public Workload {
 public:
  explicit CpuPrimeWorkload(std::uint64_t max_prime) : max_prime_(max_prime) {}
  std::unique_ptr<EventWorker> make_worker(int thread_index, int thread_count) override;

 private:
  std::uint64_t max_prime_;
};

}  // namespace hostmark
