#include "workloads/sysbench_random.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "io/random_source.h"

namespace hostmark {
namespace {

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Expected<RandType> parse_rand_type(std::string_view text) {
  if (text == "uniform") return RandType::kUniform;
  if (text == "gaussian") return RandType::kGaussian;
  if (text == "special") return RandType::kSpecial;
  if (text == "pareto") return RandType::kPareto;
  if (text == "zipfian") return RandType::kZipfian;
  return usage_error(
      "--rand-type",
      fmt::format("'{}' is not one of uniform, gaussian, special, pareto, zipfian", text));
}

SysbenchRandom::SysbenchRandom(const RandSpec& spec, std::uint64_t seed) : spec_(spec) {
  for (auto& word : s_) word = io::splitmix64(seed);
}

std::uint64_t SysbenchRandom::raw() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double SysbenchRandom::uniform_double() { return static_cast<double>(raw() >> 11) * 0x1.0p-53; }

std::uint64_t SysbenchRandom::uniform(std::uint64_t lo, std::uint64_t hi) {
  if (hi <= lo) return lo;
  const std::uint64_t span = hi - lo + 1;
  return span == 0 ? raw() : lo + raw() % span;
}

std::uint64_t SysbenchRandom::gaussian(std::uint64_t lo, std::uint64_t hi) {
  // Mean of spec_iter uniform draws: a bell centred on the middle of the range.
  double sum = 0;
  const int iter = spec_.spec_iter > 0 ? spec_.spec_iter : 1;
  for (int i = 0; i < iter; ++i) sum += uniform_double();
  const double span = static_cast<double>(hi - lo) + 1;
  return std::min(hi, lo + static_cast<std::uint64_t>(span * sum / iter));
}

std::uint64_t SysbenchRandom::special(std::uint64_t lo, std::uint64_t hi) {
  // As sysbench 1.0.20 draws it (checked against it: tests/sysbench_random_golden_test.cc),
  // over t = hi - lo with one uniform u: (100 - spec_res) % of the draws (u below that share)
  // follow the gaussian shape; the others map u onto a window of spec_pct % of the range
  // centred on its middle, so only the window's upper spec_res % is hit: with 100,000 rows and
  // the defaults, 75 % of the draws go to ids 49,750-50,501 (the ends partly), where the
  // gaussian peaks too. spec_res = 100: every draw special; above 100, none (as in sysbench).
  const double t = static_cast<double>(hi - lo);
  const double u = uniform_double();
  if (spec_.spec_res > 100 || u * 100 < 100 - spec_.spec_res) {
    double sum = 0;
    const int iter = spec_.spec_iter > 0 ? spec_.spec_iter : 1;
    for (int i = 0; i < iter; ++i) sum += uniform_double();
    return lo + static_cast<std::uint64_t>(sum * t / iter);
  }
  const double window = t * spec_.spec_pct / 100;
  const double x = u * (window + 1) + t / 2 - window / 2;
  return lo + static_cast<std::uint64_t>(std::clamp(x, 0.0, t));
}

std::uint64_t SysbenchRandom::pareto(std::uint64_t lo, std::uint64_t hi) {
  const double h = spec_.pareto_h;
  const double power = std::log(h) / std::log(1 - h);
  const double span = static_cast<double>(hi - lo) + 1;
  return std::min(hi, lo + static_cast<std::uint64_t>(span * std::pow(uniform_double(), power)));
}

// Zipf over 1..n by rejection-inversion (Hoermann and Derflinger, 1996): invert the integral H
// of the density h(x) = x^-s, round, and accept when the draw falls under the histogram step.
std::uint64_t SysbenchRandom::zipfian(std::uint64_t lo, std::uint64_t hi) {
  const double s = spec_.zipfian_exp > 0 ? spec_.zipfian_exp : 0.8;
  const double n = static_cast<double>(hi - lo) + 1;
  // (e^x - 1) / x and log(1 + x) / x, finite at x = 0 (where s = 1).
  const auto expm1_over = [](double x) {
    return std::abs(x) > 1e-8 ? std::expm1(x) / x : 1 + x / 2;
  };
  const auto log1p_over = [](double x) {
    return std::abs(x) > 1e-8 ? std::log1p(x) / x : 1 - x / 2;
  };
  const auto h = [s](double x) { return std::exp(-s * std::log(x)); };
  const auto big_h = [&](double x) {
    const double l = std::log(x);
    return expm1_over((1 - s) * l) * l;
  };
  const auto big_h_inv = [&](double x) {
    const double t = std::max(x * (1 - s), -1.0);
    return std::exp(log1p_over(t) * x);
  };
  const double h_x1 = big_h(1.5) - 1;
  const double h_n = big_h(n + 0.5);
  const double cut = 2 - big_h_inv(big_h(2.5) - h(2));
  for (;;) {
    const double u = h_n + uniform_double() * (h_x1 - h_n);
    const double x = big_h_inv(u);
    double k = std::floor(x + 0.5);
    k = std::min(std::max(k, 1.0), n);
    if (k - x <= cut || u >= big_h(k + 0.5) - h(k))
      return std::min(hi, lo + static_cast<std::uint64_t>(k) - 1);
  }
}

std::uint64_t SysbenchRandom::next(std::uint64_t lo, std::uint64_t hi) {
  if (hi <= lo) return lo;
  switch (spec_.type) {
    case RandType::kUniform: return uniform(lo, hi);
    case RandType::kGaussian: return gaussian(lo, hi);
    case RandType::kSpecial: return special(lo, hi);
    case RandType::kPareto: return pareto(lo, hi);
    case RandType::kZipfian: return zipfian(lo, hi);
  }
  return lo;
}

}  // namespace hostmark
