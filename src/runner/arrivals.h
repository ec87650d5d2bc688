#pragma once
// Poisson arrivals for a rate-limited run (sysbench --rate): events arrive at exponentially
// distributed intervals with mean 1/rate, shared by all workers. An event's latency is measured
// from its arrival, so time spent queued behind busy workers counts (no coordinated omission).
#include <cstdint>
#include <mutex>
#include <random>

namespace hostmark {

class ArrivalSchedule {
 public:
  // start_ns: monotonic time of the first arrival's origin.
  ArrivalSchedule(double rate_per_s, std::uint64_t seed, std::uint64_t start_ns);
  // The arrival time (monotonic ns) of the next event not yet taken by any worker.
  std::uint64_t take();
  // About how many events have arrived by `now_ns` and wait for a worker (the expected count
  // of arrivals between the next untaken one and now).
  double backlog(std::uint64_t now_ns);

 private:
  std::mutex mutex_;
  std::mt19937_64 rng_;
  double rate_per_ns_;
  std::exponential_distribution<double> gap_ns_;
  double next_ns_;
};

}  // namespace hostmark
