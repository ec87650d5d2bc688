#include "io/distributions.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>

namespace hostmark::io {

namespace {

// log1p(x)/x and expm1(x)/x, accurate near 0 (where s is near 1).
double log1p_over_x(double x) {
  return std::abs(x) > 1e-8 ? std::log1p(x) / x : 1 - x * (0.5 - x * (1.0 / 3 - 0.25 * x));
}
double expm1_over_x(double x) {
  return std::abs(x) > 1e-8 ? std::expm1(x) / x : 1 + x * 0.5 * (1 + x / 3 * (1 + 0.25 * x));
}

// h(x) = x^-s, H(x) = integral of h from 1 to x = (x^(1-s) - 1)/(1-s) (ln x when s = 1).
double zipf_h(double s, double x) { return std::exp(-s * std::log(x)); }
double zipf_big_h(double s, double x) {
  const double lx = std::log(x);
  return expm1_over_x((1 - s) * lx) * lx;
}
double zipf_big_h_inverse(double s, double y) {
  double t = y * (1 - s);
  if (t < -1) t = -1;  // rounding guard: H's range ends there
  return std::exp(log1p_over_x(t) * y);
}

}  // namespace

BlockDistribution::BlockDistribution(const fio::RandomDistribution& spec, fio::Dir dir,
                                     std::uint64_t blocks, std::uint64_t block_bytes,
                                     std::uint64_t scatter_seed)
    : kind_(spec.kind), blocks_(std::max<std::uint64_t>(blocks, 1)) {
  const auto n = static_cast<double>(blocks_);
  switch (kind_) {
    case fio::Distribution::kRandom: break;
    case fio::Distribution::kZipf:
      s_ = spec.param;
      if (!(s_ > 0)) {
        kind_ = fio::Distribution::kRandom;
        break;
      }
      h_x1_ = zipf_big_h(s_, 1.5) - 1;
      h_n_ = zipf_big_h(s_, n + 0.5);
      shortcut_ = 2 - zipf_big_h_inverse(s_, zipf_big_h(s_, 2.5) - zipf_h(s_, 2));
      break;
    case fio::Distribution::kPareto:
      if (!(spec.param > 0 && spec.param < 1)) {
        kind_ = fio::Distribution::kRandom;
        break;
      }
      pareto_pow_ = std::log(spec.param) / std::log(1 - spec.param);
      break;
    case fio::Distribution::kNormal:
      center_blocks_ = spec.center.value_or(0.5) * n;
      sigma_blocks_ = std::max(spec.param, 0.0) / 100 * n;
      break;
    case fio::Distribution::kZoned:
    case fio::Distribution::kZonedAbs: {
      const auto& zones = spec.zones[static_cast<int>(dir)];
      double access_total = 0;
      for (const auto& z : zones) access_total += std::max(z.access_percent, 0.0);
      if (!(access_total > 0)) {
        kind_ = fio::Distribution::kRandom;
        break;
      }
      double access_sum = 0;
      double size_percent_sum = 0;
      std::uint64_t size_bytes_sum = 0;
      for (const auto& z : zones) {
        std::uint64_t first = 0;
        std::uint64_t end = 0;
        if (kind_ == fio::Distribution::kZoned) {
          first = static_cast<std::uint64_t>(n * size_percent_sum / 100);
          size_percent_sum += std::max(z.size_percent, 0.0);
          end = static_cast<std::uint64_t>(n * size_percent_sum / 100);
        } else {
          first = size_bytes_sum / std::max<std::uint64_t>(block_bytes, 1);
          size_bytes_sum += z.size_bytes;
          end = size_bytes_sum / std::max<std::uint64_t>(block_bytes, 1);
        }
        first = std::min(first, blocks_ - 1);  // zones past the region are clipped to it
        end = std::clamp(end, first + 1, blocks_);
        access_sum += std::max(z.access_percent, 0.0);
        zones_.push_back(Zone{access_sum / access_total, first, end - first});
      }
      zones_.back().access_end = 1.0;  // no gap from rounding
      break;
    }
  }
  if (kind_ == fio::Distribution::kZipf || kind_ == fio::Distribution::kPareto) {
    // An affine bijection of [0, 2^bits) (odd multiplier), cycle-walked into [0, blocks):
    // consecutive ranks land far apart, with no division per draw.
    const auto bits = std::bit_width(blocks_ - 1);
    mask_ = bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    mult_ = (static_cast<std::uint64_t>(static_cast<double>(mask_) * (std::numbers::phi - 1)) | 1) &
            mask_;
    if (mult_ == 0) mult_ = 1;
    offset_ = spec.center ? std::min(static_cast<std::uint64_t>(*spec.center * n), blocks_ - 1)
                          : scatter_seed % blocks_;
  }
}

std::uint64_t BlockDistribution::scatter(std::uint64_t rank) const {
  std::uint64_t x = (rank * mult_ + offset_) & mask_;
  while (x >= blocks_) x = (x * mult_ + offset_) & mask_;  // < 2 rounds on average
  return x;
}

std::uint64_t BlockDistribution::zipf_rank(RandomSource& rng) const {
  while (true) {
    const double u = h_n_ + rng.unit() * (h_x1_ - h_n_);  // in (h_x1, h_n]
    const double x = zipf_big_h_inverse(s_, u);
    const double k_real = std::clamp(std::floor(x + 0.5), 1.0, static_cast<double>(blocks_));
    if (k_real - x <= shortcut_ || u >= zipf_big_h(s_, k_real + 0.5) - zipf_h(s_, k_real)) {
      return std::min(static_cast<std::uint64_t>(k_real) - 1, blocks_ - 1);
    }
  }
}

std::uint64_t BlockDistribution::pareto_rank(RandomSource& rng) const {
  const double v = static_cast<double>(blocks_ - 1) * std::pow(rng.unit(), pareto_pow_);
  return std::min(static_cast<std::uint64_t>(v), blocks_ - 1);
}

std::uint64_t BlockDistribution::normal_block(RandomSource& rng) {
  double z = 0;
  if (have_spare_) {
    z = spare_normal_;
    have_spare_ = false;
  } else {  // Box-Muller: two independent standard normals from two uniforms
    const double radius = std::sqrt(-2 * std::log(rng.unit_open_zero()));
    const double angle = 2 * std::numbers::pi * rng.unit();
    z = radius * std::cos(angle);
    spare_normal_ = radius * std::sin(angle);
    have_spare_ = true;
  }
  const auto n = static_cast<double>(blocks_);
  double x = std::floor(center_blocks_ + sigma_blocks_ * z);
  x = std::fmod(x, n);
  if (x < 0) x += n;
  return std::min(static_cast<std::uint64_t>(x), blocks_ - 1);
}

std::uint64_t BlockDistribution::zoned_block(RandomSource& rng) const {
  const double r = rng.unit();
  std::size_t i = 0;
  while (i + 1 < zones_.size() && r >= zones_[i].access_end) ++i;
  return zones_[i].first_block + rng.below(zones_[i].block_count);
}

std::uint64_t BlockDistribution::next(RandomSource& rng) {
  switch (kind_) {
    case fio::Distribution::kRandom: return rng.below(blocks_);
    case fio::Distribution::kZipf: return scatter(zipf_rank(rng));
    case fio::Distribution::kPareto: return scatter(pareto_rank(rng));
    case fio::Distribution::kNormal: return normal_block(rng);
    case fio::Distribution::kZoned:
    case fio::Distribution::kZonedAbs: return zoned_block(rng);
  }
  return 0;
}

}  // namespace hostmark::io
