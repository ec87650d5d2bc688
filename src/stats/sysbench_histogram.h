#pragma once
// sysbench 1.0.20's latency histogram, kept the way sysbench keeps it so that an event costs
// what it costs there (see runner/event_accounting.h), and so `--histogram` prints sysbench's
// own buckets.
//
// 1024 buckets whose values are spaced evenly in log(ms) from 0.001 ms to 100000 ms; a value
// goes to bucket floor((ln(ms) - ln(0.001)) * 1023 / ln(1e8) + 0.5), clamped to [0, 1023], so
// everything below ~0.001 ms lands in bucket 0 and everything above 100 s in bucket 1023.
// Every thread updates the one shared histogram: an update picks one of 128 slot arrays from
// a random number and increments its bucket with an atomic add. The slot arrays are laid out
// one after another (8 KiB apart) as in sysbench.
//
// Concurrency: update() may run on any number of threads at once; buckets() may run at the
// same time and sees every update that happened before it (relaxed atomics, no lock).
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace hostmark {

class SysbenchHistogram {
 public:
  static constexpr std::size_t kBuckets = 1024;
  static constexpr std::size_t kSlots = 128;
  static constexpr double kMinMs = 0.001;
  static constexpr double kMaxMs = 100000;

  SysbenchHistogram();

  // Records one latency of `value_ms` milliseconds; `random` is any uniformly random 64-bit
  // value (it picks the slot). A log(), a floor() and one atomic increment.
  void update(double value_ms, std::uint64_t random) {
    const std::size_t slot = static_cast<std::size_t>(random % kSlots);
    std::atomic_ref<std::uint64_t>(counts_[slot * kBuckets + bucket_index(value_ms)])
        .fetch_add(1, std::memory_order_relaxed);
  }

  // The bucket of a value in ms, as sysbench computes it (libm log and floor).
  static std::size_t bucket_index(double value_ms) {
    const double x = std::floor((std::log(value_ms) - kLogMin) * kPerLog + 0.5);
    if (!(x > 0)) return 0;  // also log(0) = -inf
    if (x >= static_cast<double>(kBuckets)) return kBuckets - 1;
    return static_cast<std::size_t>(x);
  }
  // The value sysbench prints for a bucket: exp(index / mult + ln(0.001)) ms.
  static double bucket_value_ms(std::size_t index);

  // Count per bucket over all slots (kBuckets entries).
  std::vector<std::uint64_t> buckets() const;
  // The non-empty buckets as (bucket_value_ms, count), ascending: what `--histogram` prints.
  std::vector<std::pair<double, std::uint64_t>> nonempty_ms() const;

 private:
  static const double kLogMin;  // ln(kMinMs)
  static const double kPerLog;  // (kBuckets - 1) / (ln(kMaxMs) - ln(kMinMs))

  std::vector<std::uint64_t> counts_;  // kSlots arrays of kBuckets, slot-major
};

}  // namespace hostmark
