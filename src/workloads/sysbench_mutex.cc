#include "workloads/sysbench_mutex.h"

#include "workloads/sysbench_random.h"

namespace hostmark {
namespace {

class MutexWorker final : public EventWorker {
 public:
  MutexWorker(std::vector<SysbenchMutexWorkload::Slot>& slots, const SysbenchMutexSpec& spec,
              std::uint64_t seed)
      : slots_(slots), spec_(spec), rng_(RandSpec{RandType::kUniform}, seed) {}

  bool execute() override {
    if (done_) return false;
    done_ = true;
    const std::uint64_t last = slots_.size() - 1;
    for (std::uint64_t n = 0; n < spec_.locks; ++n) {
      auto& slot = slots_[rng_.uniform(0, last)];
      for (std::uint64_t spin = 0; spin < spec_.loops; ++spin) asm volatile("");  // kept empty loop
      std::lock_guard lock(slot.mutex);
      ++slot.counter;
    }
    return true;
  }

 private:
  std::vector<SysbenchMutexWorkload::Slot>& slots_;
  const SysbenchMutexSpec& spec_;
  SysbenchRandom rng_;
  bool done_ = false;
};

}  // namespace

SysbenchMutexWorkload::SysbenchMutexWorkload(const SysbenchMutexSpec& spec)
    : spec_(spec), slots_(spec.mutexes == 0 ? 1 : spec.mutexes) {}

std::unique_ptr<EventWorker> SysbenchMutexWorkload::make_worker(int thread_index,
                                                                int /*thread_count*/) {
  return std::make_unique<MutexWorker>(slots_, spec_,
                                       spec_.seed + static_cast<std::uint64_t>(thread_index));
}

std::uint64_t SysbenchMutexWorkload::total_increments() const {
  std::uint64_t sum = 0;
  for (const auto& s : slots_) sum += s.counter;
  return sum;
}

}  // namespace hostmark
