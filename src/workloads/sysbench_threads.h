#pragma once
// sysbench's threads event: --thread-yields times, lock one of --thread-locks mutexes, yield
// the CPU, unlock. Each event takes the next mutex in turn from a counter shared by all
// threads (an atomic increment, as sysbench 1.0.20 does), so events running at the same time
// use different mutexes unless --threads exceeds --thread-locks: it measures the scheduler,
// and lock contention only when threads outnumber locks.
#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

#include "runner/workload.h"

namespace hostmark {

class SysbenchThreadsWorkload final : public Workload {
 public:
  SysbenchThreadsWorkload(std::uint64_t yields, std::uint64_t locks);
  std::unique_ptr<EventWorker> make_worker(int thread_index, int thread_count) override;

  struct alignas(64) PaddedMutex {
    std::mutex mutex;
  };

 private:
  std::uint64_t yields_;
  std::vector<PaddedMutex> locks_;
  alignas(64) std::atomic<std::uint64_t> events_started_{0};  // picks each event's mutex
};

}  // namespace hostmark
