#pragma once
// random_generator=lfsr: a random order of 0..n-1 that visits every value exactly once per pass,
// which is what fio's LFSR guarantees (with norandommap every block is read once per loop, no
// repeats, no map needed). Not fio's bit sequence: a full-period linear congruential generator
// modulo 2^w (w the bits of n; Hull-Dobell: odd increment, multiplier = 1 mod 4) followed by
// a bijective scramble of w bits, walking past values >= n (fewer than 2 steps per value).
#include <bit>
#include <cstdint>

namespace hostmark::io {

class FullCycle {
 public:
  FullCycle() = default;
  // n >= 1; the seed picks the order.
  FullCycle(std::uint64_t n, std::uint64_t seed)
      : n_(n),
        bits_(n <= 1 ? 1 : static_cast<int>(std::bit_width(n - 1))),
        mask_(bits_ >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits_) - 1),
        state_(seed & mask_),
        increment_(((seed >> 17) & mask_) | 1),
        multiplier_((((seed >> 29) << 2) & mask_) | 1) {}

  // The next value in [0, n): every value once in each n calls.
  std::uint64_t next() {
    for (;;) {
      state_ = (state_ * multiplier_ + increment_) & mask_;
      const std::uint64_t v = scramble(state_);
      if (v < n_) return v;
    }
  }

 private:
  // A bijection of w-bit values: xorshift and odd multiplications, each invertible mod 2^w.
  std::uint64_t scramble(std::uint64_t x) const {
    const int half = bits_ / 2 > 0 ? bits_ / 2 : 1;
    x ^= x >> half;
    x = (x * 0x9e3779b97f4a7c15ULL) & mask_;
    x ^= x >> half;
    return x;
  }

  std::uint64_t n_ = 1;
  int bits_ = 1;
  std::uint64_t mask_ = 1;
  std::uint64_t state_ = 0;
  std::uint64_t increment_ = 1;
  std::uint64_t multiplier_ = 1;
};

}  // namespace hostmark::io
