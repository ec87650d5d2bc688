#pragma once
// The length of each I/O of one direction, from fio's bs / bsrange / bssplit (in that order of
// precedence: bssplit, then bsrange, then bs):
//   bs=4k             always 4096.
//   bsrange=4k-16k    a uniform pick among the multiples of the minimum in [min, max]
//                     (4k, 8k, 12k, 16k), which is what fio's formula yields.
//   bssplit=4k/30:64k/70  each size with its percentage (entries of 0% never occur); sizes are
//                     used as written. Percentages that do not add up to 100 are normalised.
// All lengths in bytes. next() allocates nothing and draws at most one random number.
#include <cstdint>
#include <vector>

#include "fio/job_options.h"
#include "io/random_source.h"

namespace hostmark::io {

class BlockSizes {
 public:
  BlockSizes() = default;  // always 4096
  BlockSizes(const fio::JobOptions& job, fio::Dir dir);

  std::uint32_t min_bytes() const { return min_bytes_; }
  std::uint32_t max_bytes() const { return max_bytes_; }
  bool fixed() const { return kind_ == Kind::kFixed; }

  std::uint32_t next(RandomSource& rng) const {
    switch (kind_) {
      case Kind::kFixed: return min_bytes_;
      case Kind::kRange:
        return min_bytes_ * (1 + static_cast<std::uint32_t>(rng.below(range_steps_)));
      case Kind::kSplit: return split_table_[rng.below(split_table_.size())];
    }
    return min_bytes_;
  }

 private:
  enum class Kind : std::uint8_t { kFixed, kRange, kSplit };
  Kind kind_ = Kind::kFixed;
  std::uint32_t min_bytes_ = 4096;
  std::uint32_t max_bytes_ = 4096;
  std::uint64_t range_steps_ = 1;           // bsrange: how many multiples of the minimum
  std::vector<std::uint32_t> split_table_;  // bssplit: one entry per percentage point
};

}  // namespace hostmark::io
