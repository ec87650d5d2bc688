#pragma once
// Where random I/O lands inside a region of `blocks` equal blocks (fio's random_distribution):
//   random     uniform over [0, blocks).
//   zipf:s     rank r (0 = hottest) with P(r) proportional to (r+1)^-s, sampled exactly by
//              rejection-inversion (Hoermann & Derflinger 1996), for any s > 0 (s = 1 too).
//   pareto:h   rank = floor((blocks-1) * u^p), p = ln(h)/ln(1-h), u uniform: fio's transform;
//              pareto:0.9 sends ~90% of accesses to ~10% of the blocks.
//   normal:sg  a Gaussian with standard deviation sg% of the region around `center` (default
//              the middle), wrapped into the region. (fio's "normal" is an Irwin-Hall sum plus a
//              uniform spread; hostmark draws a true Gaussian so sg means what it says.)
//   zoned      access% / size% pairs: pick a zone by its access share, then a uniform block in
//              it; zoned_abs gives zone sizes in bytes. Zones past the region are clipped.
// Zipf and pareto ranks are scattered over the region by a bijection (r -> (r*m + off) mod 2^k,
// cycle-walked into [0, blocks)), so hot blocks are spread out as fio's hash spreads them but
// the distribution's shape is kept exactly (fio's hash can merge ranks); the hottest block sits
// at center*blocks when a center is given, else at a seed-chosen block. Non-uniform
// distributions bypass the random map, as in fio.
#include <cstdint>
#include <vector>

#include "fio/job_options.h"
#include "io/random_source.h"

namespace hostmark::io {

class BlockDistribution {
 public:
  BlockDistribution() = default;  // uniform over one block
  // `block_bytes` converts zoned_abs sizes to blocks; `scatter_seed` places zipf/pareto ranks.
  BlockDistribution(const fio::RandomDistribution& spec, fio::Dir dir, std::uint64_t blocks,
                    std::uint64_t block_bytes, std::uint64_t scatter_seed);

  bool uniform() const { return kind_ == fio::Distribution::kRandom; }
  std::uint64_t blocks() const { return blocks_; }

  // A block index in [0, blocks()).
  std::uint64_t next(RandomSource& rng);

 private:
  struct Zone {
    double access_end = 0;  // cumulative access share, in (0, 1]
    std::uint64_t first_block = 0;
    std::uint64_t block_count = 1;
  };

  std::uint64_t zipf_rank(RandomSource& rng) const;
  std::uint64_t pareto_rank(RandomSource& rng) const;
  std::uint64_t normal_block(RandomSource& rng);
  std::uint64_t zoned_block(RandomSource& rng) const;
  std::uint64_t scatter(std::uint64_t rank) const;

  fio::Distribution kind_ = fio::Distribution::kRandom;
  std::uint64_t blocks_ = 1;
  // zipf (exponent s, rejection-inversion constants) / pareto (power) / normal.
  double s_ = 0;
  double h_x1_ = 0;
  double h_n_ = 0;
  double shortcut_ = 0;
  double pareto_pow_ = 1;
  double center_blocks_ = 0;
  double sigma_blocks_ = 0;
  bool have_spare_ = false;
  double spare_normal_ = 0;
  // scatter bijection
  std::uint64_t mult_ = 1;
  std::uint64_t offset_ = 0;
  std::uint64_t mask_ = 0;
  std::vector<Zone> zones_;
};

}  // namespace hostmark::io
