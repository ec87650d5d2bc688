#pragma once
// sysbench's threads event: --thread-yields times, lock one of --thread-locks mutexes, yield
// the CPU, unlock. The mutex used rotates with each event and thread, so threads collide on
// locks as in sysbench 1.0.20: it measures the scheduler under lock contention.
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
};

}  // namespace hostmark
