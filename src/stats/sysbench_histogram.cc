#include "stats/sysbench_histogram.h"

namespace hostmark {

const double SysbenchHistogram::kLogMin = std::log(kMinMs);
const double SysbenchHistogram::kPerLog =
    static_cast<double>(kBuckets - 1) / (std::log(kMaxMs) - std::log(kMinMs));

SysbenchHistogram::SysbenchHistogram() : counts_(kSlots * kBuckets, 0) {}

double SysbenchHistogram::bucket_value_ms(std::size_t index) {
  return std::exp(static_cast<double>(index) / kPerLog + kLogMin);
}

std::vector<std::uint64_t> SysbenchHistogram::buckets() const {
  std::vector<std::uint64_t> out(kBuckets, 0);
  for (std::size_t s = 0; s < kSlots; ++s) {
    for (std::size_t i = 0; i < kBuckets; ++i) {
      out[i] += std::atomic_ref<const std::uint64_t>(counts_[s * kBuckets + i])
                    .load(std::memory_order_relaxed);
    }
  }
  return out;
}

std::vector<std::pair<double, std::uint64_t>> SysbenchHistogram::nonempty_ms() const {
  std::vector<std::pair<double, std::uint64_t>> out;
  const std::vector<std::uint64_t> counts = buckets();
  for (std::size_t i = 0; i < kBuckets; ++i) {
    if (counts[i] != 0) out.emplace_back(bucket_value_ms(i), counts[i]);
  }
  return out;
}

}  // namespace hostmark
