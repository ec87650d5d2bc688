#pragma once
// sysbench's mutex event: each thread runs exactly one event of --mutex-locks iterations: pick
// one of --mutex-num mutexes at random, spin --mutex-loops empty iterations, lock it, increment
// a counter, unlock. It measures mutex acquisition under contention plus the spin work.
#include <cstdint>
#include <mutex>
#include <vector>

#include "runner/workload.h"

namespace hostmark {

struct SysbenchMutexSpec {
  std::uint64_t mutexes = 4096;
  std::uint64_t locks = 50000;
  std::uint64_t loops = 10000;
  std::uint64_t seed = 1;
};

class SysbenchMutexWorkload final : public Workload {
 public:
  explicit SysbenchMutexWorkload(const SysbenchMutexSpec& spec);
  std::unique_ptr<EventWorker> make_worker(int thread_index, int thread_count) override;
  // Sum of every mutex's counter: locks x events run, when every event completed.
  std::uint64_t total_increments() const;

  struct alignas(64) Slot {
    std::mutex mutex;
    std::uint64_t counter = 0;  // guarded by mutex
  };

 private:
  SysbenchMutexSpec spec_;
  std::vector<Slot> slots_;
};

}  // namespace hostmark
