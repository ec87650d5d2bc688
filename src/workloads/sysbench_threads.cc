#include "workloads/sysbench_threads.h"

#include <sched.h>

namespace hostmark {
namespace {

class ThreadsWorker final : public EventWorker {
 public:
  ThreadsWorker(std::vector<SysbenchThreadsWorkload::PaddedMutex>& locks, std::uint64_t yields,
                std::atomic<std::uint64_t>& events_started)
      : locks_(locks), yields_(yields), events_started_(events_started) {}

  bool execute() override {
    auto& m = locks_[events_started_.fetch_add(1, std::memory_order_relaxed) % locks_.size()].mutex;
    for (std::uint64_t i = 0; i < yields_; ++i) {
      std::lock_guard lock(m);
      sched_yield();
    }
    return true;
  }

 private:
  std::vector<SysbenchThreadsWorkload::PaddedMutex>& locks_;
  std::uint64_t yields_;
  std::atomic<std::uint64_t>& events_started_;
};

}  // namespace

SysbenchThreadsWorkload::SysbenchThreadsWorkload(std::uint64_t yields, std::uint64_t locks)
    : yields_(yields), locks_(locks == 0 ? 1 : locks) {}

std::unique_ptr<EventWorker> SysbenchThreadsWorkload::make_worker(int /*thread_index*/,
                                                                  int /*thread_count*/) {
  return std::make_unique<ThreadsWorker>(locks_, yields_, events_started_);
}

}  // namespace hostmark
