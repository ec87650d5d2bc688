#include "runner/event_accounting.h"

namespace hostmark {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

}  // namespace

ThreadTotals SysbenchTimer::totals() {
  lock();
  const ThreadTotals t{events, sum_ns};
  unlock();
  return t;
}

void SysbenchTimer::reset() {
  lock();
  events = 0;
  sum_ns = 0;
  min_ns = UINT64_MAX;
  max_ns = 0;
  unlock();
  counted_events.store(0, std::memory_order_relaxed);
}

SysbenchAccounting::SysbenchAccounting(Histogram& latency, SysbenchTimer& timer,
                                       SysbenchHistogram* histogram, std::uint64_t deadline_ns,
                                       std::uint64_t seed)
    : latency_(latency), timer_(timer), histogram_(histogram), deadline_ns_(deadline_ns) {
  std::uint64_t state = seed;
  rng_[0] = splitmix64(state);
  rng_[1] = splitmix64(state);
}

void SysbenchAccounting::begin_measuring() {
  forget();
  recording_ = histogram_;
}

void SysbenchAccounting::forget() {
  latency_.reset();
  timer_.reset();
}

}  // namespace hostmark
