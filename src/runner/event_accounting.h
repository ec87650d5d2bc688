#pragma once
// What a worker does around each event besides the work itself. The runner's event loop is a
// template over one of these policies, chosen once per thread from RunSpec::accounting:
//
//   bool more_events()                  before each event; false stops this thread
//   std::uint64_t event_start()         the event's start time (monotonic ns); not called when
//                                       events have a --rate arrival time instead
//   std::uint64_t event_stop(origin)    after the work: records the latency (now - origin) in
//                                       the thread's Histogram, returns now (monotonic ns)
//   void begin_measuring()              warm-up is over (or there was none): forget what was
//                                       recorded so far; from now on everything counts
//   void forget()                       the run stopped before measuring: drop what was recorded
//
// LeanAccounting is hostmark's own: one clock read before and one after, one Histogram record.
// SysbenchAccounting does what sysbench 1.0.20 does for every event (sb_more_events,
// sb_event_start, sb_event_stop in its binary), so events/s mean the same as sysbench's when
// the event itself is short (1 KiB memory blocks: ~80 ns of work, ~80 ns of this):
//   - a clock read to check the time limit, in the worker itself, before every event;
//   - the thread's timer taken with a spin lock (an atomic exchange in, a store out) around
//     the start clock read and again around the stop clock read and the timer's
//     events/sum/min/max;
//   - the latency in ms (a division) into the shared SysbenchHistogram: a random slot from a
//     xoroshiro128+ step, log(), floor() and an atomic increment (only when a percentile is
//     asked, as sysbench skips it for --percentile=0);
//   - the thread's event counter (a relaxed load and store).
// Its figures are real: the histogram gives `--histogram` sysbench's own buckets, the timer
// agrees with the Histogram's count, sum, min and max; the reported latency statistics and
// percentiles still come from the Histogram (exact, unclamped).
// Not reproduced: the shared event counter sysbench increments atomically when --events is
// set (hostmark splits --events over threads; it only matters for events of a few ns, and the
// memory test, the only test with such events, runs without it in sysbench too).
#include <atomic>
#include <cstdint>

#include "runner/clock.h"
#include "runner/run_spec.h"
#include "stats/histogram.h"
#include "stats/sysbench_histogram.h"

namespace hostmark {

class LeanAccounting {
 public:
  explicit LeanAccounting(Histogram& latency) : latency_(latency) {}
  bool more_events() { return true; }
  std::uint64_t event_start() { return monotonic_ns(); }
  std::uint64_t event_stop(std::uint64_t origin_ns) {
    const std::uint64_t end_ns = monotonic_ns();
    latency_.record(end_ns - origin_ns);
    return end_ns;
  }
  void begin_measuring() { latency_.reset(); }
  void forget() { latency_.reset(); }

 private:
  Histogram& latency_;
};

// sysbench's per-thread event timer and event counter, one cache line each. The timer's
// fields are read and written only with the lock held (lock()/unlock() or totals()).
struct alignas(64) SysbenchTimer {
  std::atomic<int> locked{0};
  std::uint64_t start_ns = 0;
  std::uint64_t events = 0;
  std::uint64_t sum_ns = 0;
  std::uint64_t min_ns = UINT64_MAX;
  std::uint64_t max_ns = 0;
  alignas(64) std::atomic<std::uint64_t> counted_events{0};  // sysbench's SB_CNT_EVENT

  void lock() {
    while (locked.exchange(1, std::memory_order_acquire) != 0) {
      while (locked.load(std::memory_order_relaxed) != 0) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#elif defined(__aarch64__)
        __asm__ __volatile__("yield");  // the spin-wait hint, as pause is on x86
#endif
      }
    }
  }
  void unlock() { locked.store(0, std::memory_order_release); }
  // events and busy time, read under the lock (safe while the owner runs events).
  ThreadTotals totals();
  void reset();  // takes the lock
};

class SysbenchAccounting {
 public:
  // `histogram`: the run's shared SysbenchHistogram, or nullptr when none is kept (--percentile
  // =0). `deadline_ns`: the time limit as a monotonic time, UINT64_MAX for none. `seed` seeds
  // this thread's slot picker.
  SysbenchAccounting(Histogram& latency, SysbenchTimer& timer, SysbenchHistogram* histogram,
                     std::uint64_t deadline_ns, std::uint64_t seed);

  bool more_events() { return deadline_ns_ == UINT64_MAX || monotonic_ns() < deadline_ns_; }
  std::uint64_t event_start() {
    timer_.lock();
    const std::uint64_t start_ns = monotonic_ns();
    timer_.start_ns = start_ns;
    timer_.unlock();
    return start_ns;
  }
  std::uint64_t event_stop(std::uint64_t origin_ns) {
    timer_.lock();
    const std::uint64_t end_ns = monotonic_ns();
    const std::uint64_t elapsed_ns = end_ns - origin_ns;
    ++timer_.events;
    timer_.sum_ns += elapsed_ns;
    if (elapsed_ns < timer_.min_ns) timer_.min_ns = elapsed_ns;
    if (elapsed_ns > timer_.max_ns) timer_.max_ns = elapsed_ns;
    timer_.unlock();
    latency_.record(elapsed_ns);
    if (recording_ != nullptr)
      recording_->update(static_cast<double>(elapsed_ns) / 1e6, next_random());
    timer_.counted_events.store(timer_.counted_events.load(std::memory_order_relaxed) + 1,
                                std::memory_order_relaxed);
    return end_ns;
  }
  void begin_measuring();
  void forget();

 private:
  std::uint64_t next_random() {  // xoroshiro128+
    const std::uint64_t s0 = rng_[0];
    std::uint64_t s1 = rng_[1];
    const std::uint64_t result = s0 + s1;
    s1 ^= s0;
    rng_[0] = ((s0 << 24) | (s0 >> 40)) ^ s1 ^ (s1 << 16);
    rng_[1] = (s1 << 37) | (s1 >> 27);
    return result;
  }

  Histogram& latency_;
  SysbenchTimer& timer_;
  SysbenchHistogram* histogram_;
  SysbenchHistogram* recording_ = nullptr;  // histogram_ once measuring, nullptr during warm-up
  std::uint64_t deadline_ns_;
  std::uint64_t rng_[2];
};

}  // namespace hostmark
