#pragma once
// sysbench's memory event: one pass over one block of --memory-block-size bytes, word by word
// (size_t words), writing, reading or doing nothing; sequential, or at random word positions
// drawn from --rand-type. With global scope all threads share one block, with local scope each
// has its own. Each thread runs total_bytes / block_bytes / threads events (its quota), as in
// sysbench 1.0.20, so "MiB transferred" is events x block size.
#include <cstdint>

#include "runner/workload.h"
#include "workloads/sysbench_random.h"

namespace hostmark {

enum class MemoryOper { kRead, kWrite, kNone };

struct SysbenchMemorySpec {
  std::uint64_t block_bytes = 1024;
  std::uint64_t total_bytes = 100ull << 30;  // 0: no quota
  bool global_scope = true;
  bool hugetlb = false;
  MemoryOper oper = MemoryOper::kWrite;
  bool random_access = false;
  RandSpec rand;
  std::uint64_t seed = 1;
};

class SysbenchMemoryWorkload final : public Workload {
 public:
  // Allocates the shared block for global scope. Throws Failure (run error naming
  // --memory-block-size or --memory-hugetlb) when the memory cannot be had.
  explicit SysbenchMemoryWorkload(const SysbenchMemorySpec& spec);
  ~SysbenchMemoryWorkload() override;
  SysbenchMemoryWorkload(const SysbenchMemoryWorkload&) = delete;
  SysbenchMemoryWorkload& operator=(const SysbenchMemoryWorkload&) = delete;

  std::unique_ptr<EventWorker> make_worker(int thread_index, int thread_count) override;

 private:
  SysbenchMemorySpec spec_;
  std::size_t* shared_block_ = nullptr;
};

// A block of `bytes` for the memory test: page-aligned, from the HugeTLB pool when asked.
// Throws Failure when it cannot be allocated. Release with free_block(ptr, bytes, hugetlb).
std::size_t* allocate_block(std::uint64_t bytes, bool hugetlb);
void free_block(std::size_t* block, std::uint64_t bytes, bool hugetlb);

}  // namespace hostmark
