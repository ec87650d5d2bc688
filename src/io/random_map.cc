#include "io/random_map.h"

#include <algorithm>
#include <bit>

namespace hostmark::io {

namespace {

constexpr std::uint64_t kAllOnes = ~std::uint64_t{0};

std::uint64_t words_for(std::uint64_t bits) { return (bits + 63) / 64; }

// Sets the bits [valid, 64 * words) of the last word of `level` (bits that stand for nothing).
void pad_tail(std::vector<std::uint64_t>& level, std::uint64_t valid) {
  const std::uint64_t rem = valid & 63;
  if (rem != 0) level.back() |= kAllOnes << rem;
}

}  // namespace

RandomMap::RandomMap(std::uint64_t units) : units_(units) {
  std::uint64_t bits = units == 0 ? 1 : units;
  while (true) {
    levels_.emplace_back(words_for(bits), 0);
    if (levels_.back().size() == 1) break;
    bits = levels_.back().size();
  }
  leaf_ = levels_[0].data();
  clear();
}

void RandomMap::clear() {
  used_ = 0;
  std::uint64_t valid = units_;
  for (auto& level : levels_) {
    std::fill(level.begin(), level.end(), 0);
    if (valid == 0) {
      level[0] = kAllOnes;  // an empty map is full
    } else {
      pad_tail(level, valid);
    }
    valid = level.size();
  }
}

void RandomMap::propagate_full(std::uint64_t word_index) {
  for (std::size_t k = 1; k < levels_.size(); ++k) {
    std::uint64_t& word = levels_[k][word_index >> 6];
    word |= std::uint64_t{1} << (word_index & 63);
    if (word != kAllOnes) return;
    word_index >>= 6;
  }
}

void RandomMap::mark_range(std::uint64_t unit, std::uint64_t count) {
  const std::uint64_t end = unit + count < units_ ? unit + count : units_;
  for (std::uint64_t u = unit; u < end; ++u) mark(u);
}

// Bit `bit` of `level` is known to be 0: descend to the first free unit beneath it.
std::uint64_t RandomMap::first_free_below(std::size_t level, std::uint64_t bit) const {
  while (level > 0) {
    --level;
    const std::uint64_t word = levels_[level][bit];
    bit = bit * 64 + static_cast<std::uint64_t>(std::countr_zero(~word));
  }
  return bit;
}

std::uint64_t RandomMap::next_free_slow(std::uint64_t unit) const {
  if (full()) return kNone;
  if (unit < units_) {
    std::uint64_t pos = unit;  // a bit position at the current level
    for (std::size_t k = 0; k < levels_.size(); ++k) {
      const std::vector<std::uint64_t>& level = levels_[k];
      const std::uint64_t w = pos >> 6;
      if (w >= level.size()) break;
      const std::uint64_t free_bits = ~level[w] & (kAllOnes << (pos & 63));
      if (free_bits != 0) {
        return first_free_below(k,
                                w * 64 + static_cast<std::uint64_t>(std::countr_zero(free_bits)));
      }
      pos = w + 1;  // the next word of this level is the next bit of the level above
    }
  }
  // Nothing free from `unit` to the end: wrap to the first free unit of the map.
  const std::size_t top = levels_.size() - 1;
  return first_free_below(top, static_cast<std::uint64_t>(std::countr_zero(~levels_[top][0])));
}

}  // namespace hostmark::io
