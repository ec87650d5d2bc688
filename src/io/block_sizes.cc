#include "io/block_sizes.h"

#include <algorithm>

namespace hostmark::io {

BlockSizes::BlockSizes(const fio::JobOptions& job, fio::Dir dir) {
  const auto d = static_cast<std::size_t>(dir);
  for (const auto& entry : job.bssplit[d]) {
    if (entry.bs == 0) continue;
    split_table_.insert(split_table_.end(), entry.percent, entry.bs);
  }
  if (!split_table_.empty()) {
    kind_ = Kind::kSplit;
    const auto [lo, hi] = std::minmax_element(split_table_.begin(), split_table_.end());
    min_bytes_ = *lo;
    max_bytes_ = *hi;
    return;
  }
  if (job.bsrange) {
    auto [lo, hi] = (*job.bsrange)[d];
    if (lo > hi) std::swap(lo, hi);
    if (lo > 0) {
      min_bytes_ = lo;
      range_steps_ = hi / lo;
      max_bytes_ = static_cast<std::uint32_t>(range_steps_ * lo);
      kind_ = range_steps_ > 1 ? Kind::kRange : Kind::kFixed;
      return;
    }
  }
  if (job.bs[d] > 0) min_bytes_ = max_bytes_ = job.bs[d];
}

}  // namespace hostmark::io
