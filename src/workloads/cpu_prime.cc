#include "workloads/cpu_prime.h"

#include <cmath>

namespace hostmark {

std::uint64_t count_primes_trial_division(std::uint64_t max_prime) {
  std::uint64_t primes = 0;
  for (std::uint64_t candidate = 3; candidate < max_prime; ++candidate) {
    const double root = std::sqrt(static_cast<double>(candidate));
    std::uint64_t divisor = 2;
    for (; static_cast<double>(divisor) <= root; ++divisor) {
      if (candidate % divisor == 0) break;
    }
    if (static_cast<double>(divisor) > root) ++primes;
  }
  return primes;
}

namespace {

class CpuPrimeWorker final : public EventWorker {
 public:
  explicit CpuPrimeWorker(std::uint64_t max_prime) : max_prime_(max_prime) {}
  bool execute() override {
    // Accumulated and published through a volatile store so no compiler can drop the work.
    found_ += count_primes_trial_division(max_prime_);
    sink_ = found_;
    return true;
  }

 private:
  std::uint64_t max_prime_;
  std::uint64_t found_ = 0;
  volatile std::uint64_t sink_ = 0;
};

}  // namespace

std::unique_ptr<EventWorker> CpuPrimeWorkload::make_worker(int /*thread_index*/,
                                                           int /*thread_count*/) {
  return std::make_unique<CpuPrimeWorker>(max_prime_);
}

}  // namespace hostmark
