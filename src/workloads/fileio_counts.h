#pragma once
// One fileio thread's request counts (internal to workloads/sysbench_fileio.cc). Its worker
// changes them in steps (a read and its bytes, a write and its bytes, an fsync, an error);
// read() on any other thread copies all of them as they were between two steps, so a
// checkpoint never counts a request in one part and its bytes in the next. A sequence lock:
// the worker never waits (a few plain stores on x86), a reader retries while a step is half
// done (nanoseconds).
#include <array>
#include <atomic>
#include <cstdint>
#include <thread>

#include "workloads/sysbench_fileio.h"

namespace hostmark::fileio_detail {

enum class Count { kReads, kWrites, kFsyncs, kReadBytes, kWrittenBytes, kErrors };

class FileioCounts {
 public:
  // The owning worker only: adds `n` to `a` and `m` to `b` in one step.
  void add(Count a, std::uint64_t n, Count b, std::uint64_t m) {
    const std::uint64_t seq = seq_.load(std::memory_order_relaxed);
    seq_.store(seq + 1, std::memory_order_relaxed);  // odd: a step is under way
    std::atomic_thread_fence(std::memory_order_release);
    bump(a, n);
    bump(b, m);
    seq_.store(seq + 2, std::memory_order_release);
  }
  void add(Count a, std::uint64_t n) { add(a, n, a, 0); }

  // Any thread: the counts between two steps.
  FileioCounters read() const {
    for (;;) {
      const std::uint64_t before = seq_.load(std::memory_order_acquire);
      std::array<std::uint64_t, kCounts> v{};
      for (std::size_t i = 0; i < kCounts; ++i) v[i] = v_[i].load(std::memory_order_relaxed);
      std::atomic_thread_fence(std::memory_order_acquire);
      if ((before & 1) == 0 && seq_.load(std::memory_order_relaxed) == before) {
        return FileioCounters{v[0], v[1], v[2], v[3], v[4], v[5]};
      }
      std::this_thread::yield();
    }
  }

 private:
  static constexpr std::size_t kCounts = 6;
  void bump(Count c, std::uint64_t n) {
    auto& x = v_[static_cast<std::size_t>(c)];
    x.store(x.load(std::memory_order_relaxed) + n, std::memory_order_relaxed);
  }

  std::atomic<std::uint64_t> seq_{0};
  std::array<std::atomic<std::uint64_t>, kCounts> v_{};
};

}  // namespace hostmark::fileio_detail
