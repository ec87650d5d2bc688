#include "workloads/sysbench_threads.h"

#include <sched.h>

namespace hostmark {
namespace {

class ThreadsWorker final : public EventWorker {
 public:
  ThreadsWorker(std::vector<SysbenchThreadsWorkload::PaddedMutex>& locks, std::uint64_t yields,
                std::uint64_t first_lock)
      : locks_(locks), yields_(yields), next_lock_(first_lock) {}

  bool execute() override {
    auto& m = locks_[next_lock_ % locks_.size()].mutex;
    ++next_lock_;
    for (std::uint64_t i = 0; i < yields_; ++i) {
      std::lock_guard lock(m);
      sched_yield();
    }
    return true;
  }

 private:
  std::vector<SysbenchThreadsWorkload::PaddedMutex>& locks_;
  std::uint64_t yields_;
  std::uint64_t next_lock_;
};

}  // namespace

SysbenchThreadsWorkload::SysbenchThreadsWorkload(std::uint64_t yields, std::uint64_t locks)
    : yields_(yields), locks_(locks == 0 ? 1 : locks) {}

std::unique_ptr<EventWorker> SysbenchThreadsWorkload::make_worker(int thread_index, int /*thread_count*/) {
  return std::make_unique<ThreadsWorker>(locks_, yields_, static_cast<std::uint64_t>(thread_index));
}

}  // namespace hostmark
