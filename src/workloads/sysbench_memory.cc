#include "workloads/sysbench_memory.h"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.h"

namespace hostmark {
namespace {

constexpr std::uint64_t kSysbenchHugePageBytes = 2ull << 20;

std::uint64_t mapped_bytes(std::uint64_t bytes, bool hugetlb) {
  const std::uint64_t unit = hugetlb ? kSysbenchHugePageBytes : 4096;
  return (bytes + unit - 1) / unit * unit;
}

// sysbench's event touches the block one machine word at a time (8-byte loads and stores, as
// its binary does); vectorising these loops would make a different, faster event. (gcc makes
// the measured release build; clang makes only the unoptimised sanitizer builds.)
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC push_options
#pragma GCC optimize("no-tree-vectorize")
#endif
void write_words(std::size_t* block, std::size_t words, std::size_t value) {
  for (std::size_t i = 0; i < words; ++i) block[i] = value + i;
}

std::size_t read_words(const std::size_t* block, std::size_t words) {
  std::size_t x = 0;
  for (std::size_t i = 0; i < words; ++i) x ^= block[i];
  return x;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC pop_options
#endif

class MemoryWorker final : public EventWorker {
 public:
  MemoryWorker(const SysbenchMemorySpec& spec, std::size_t* block, bool owns, std::uint64_t quota,
               std::uint64_t seed)
      : spec_(spec),
        block_(block),
        owns_(owns),
        words_(spec.block_bytes / sizeof(std::size_t)),
        quota_(quota),
        rng_(spec.rand, seed) {}
  ~MemoryWorker() override {
    if (owns_) free_block(block_, spec_.block_bytes, spec_.hugetlb);
    sink_ = acc_;
  }
  MemoryWorker(const MemoryWorker&) = delete;
  MemoryWorker& operator=(const MemoryWorker&) = delete;

  bool execute() override {
    if (done_ >= quota_) return false;
    ++done_;
    if (spec_.random_access) random_pass();
    else sequential_pass();
    return true;
  }

 private:
  void sequential_pass() {
    std::size_t* const b = block_;
    if (spec_.oper == MemoryOper::kWrite) write_words(b, words_, done_);
    else if (spec_.oper == MemoryOper::kRead) acc_ ^= read_words(b, words_);
    // The block must really be written: publish it to the compiler as escaping memory.
    asm volatile("" : : "r"(b) : "memory");
  }

  void random_pass() {
    std::size_t* const b = block_;
    const std::uint64_t last = words_ ? words_ - 1 : 0;
    for (std::size_t i = 0; i < words_; ++i) {
      const std::uint64_t at = rng_.next(0, last);
      if (spec_.oper == MemoryOper::kWrite) b[at] = i;
      else if (spec_.oper == MemoryOper::kRead) acc_ ^= b[at];
    }
    asm volatile("" : : "r"(b) : "memory");
  }

  const SysbenchMemorySpec& spec_;
  std::size_t* block_;
  bool owns_;
  std::size_t words_;
  std::uint64_t quota_;  // events this thread may run; UINT64_MAX: no quota
  std::uint64_t done_ = 0;
  std::size_t acc_ = 0;
  volatile std::size_t sink_ = 0;
  SysbenchRandom rng_;
};

}  // namespace

std::size_t* allocate_block(std::uint64_t bytes, bool hugetlb) {
  const int flags = MAP_PRIVATE | MAP_ANONYMOUS | (hugetlb ? MAP_HUGETLB : 0);
  void* p = mmap(nullptr, mapped_bytes(bytes, hugetlb), PROT_READ | PROT_WRITE, flags, -1, 0);
  if (p == MAP_FAILED) {
    throw Failure(
        run_error(hugetlb ? "--memory-hugetlb" : "--memory-block-size",
                  "cannot allocate " + std::to_string(bytes) + " bytes: " + std::strerror(errno)));
  }
  std::memset(p, 0, bytes);  // touch it now, outside the timed events
  return static_cast<std::size_t*>(p);
}

void free_block(std::size_t* block, std::uint64_t bytes, bool hugetlb) {
  if (block != nullptr) munmap(block, mapped_bytes(bytes, hugetlb));
}

SysbenchMemoryWorkload::SysbenchMemoryWorkload(const SysbenchMemorySpec& spec) : spec_(spec) {
  if (spec_.global_scope) shared_block_ = allocate_block(spec_.block_bytes, spec_.hugetlb);
}

SysbenchMemoryWorkload::~SysbenchMemoryWorkload() {
  free_block(shared_block_, spec_.block_bytes, spec_.hugetlb);
}

std::unique_ptr<EventWorker> SysbenchMemoryWorkload::make_worker(int thread_index,
                                                                 int thread_count) {
  const std::uint64_t per_thread =
      spec_.total_bytes / spec_.block_bytes / static_cast<std::uint64_t>(thread_count);
  const std::uint64_t quota = spec_.total_bytes == 0 ? UINT64_MAX : per_thread;
  std::size_t* block =
      spec_.global_scope ? shared_block_ : allocate_block(spec_.block_bytes, spec_.hugetlb);
  auto w = std::make_unique<MemoryWorker>(spec_, block, !spec_.global_scope, quota,
                                          spec_.seed + static_cast<std::uint64_t>(thread_index));
  return w;
}

}  // namespace hostmark
