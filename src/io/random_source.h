#pragma once
// The planner's pseudo-random numbers: xoshiro256** (Blackman & Vigna), seeded through
// splitmix64, with Lemire's multiply-shift for bounded integers. Header-only so next() inlines
// on the planner's hot path (~1 ns a draw, no division except in Lemire's rare rejection step).
// Deterministic: the same seed gives the same stream on every platform. Not thread-safe: one
// per job thread. Not cryptographic.
#include <bit>
#include <cstdint>

namespace hostmark::io {

__extension__ typedef unsigned __int128 Uint128;  // GCC/Clang extension; quiet under -Wpedantic

// One step of splitmix64: advances `state` and returns a well-mixed 64-bit value.
inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class RandomSource {
 public:
  explicit RandomSource(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    std::uint64_t sm = seed;
    for (auto& word : s_) word = splitmix64(sm);  // never all zero: splitmix64 is a bijection
  }

  // 64 uniformly distributed bits.
  std::uint64_t next() {
    const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n), exactly (Lemire 2019). n must be > 0.
  std::uint64_t below(std::uint64_t n) {
    Uint128 m = static_cast<Uint128>(next()) * n;
    auto low = static_cast<std::uint64_t>(m);
    if (low < n) [[unlikely]] {
      const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n
      while (low < threshold) {
        m = static_cast<Uint128>(next()) * n;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  // Uniform in [0, 1), 53 bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // Uniform in (0, 1], 53 bits (for logarithms).
  double unit_open_zero() { return static_cast<double>((next() >> 11) + 1) * 0x1.0p-53; }

 private:
  std::uint64_t s_[4];
};

}  // namespace hostmark::io
