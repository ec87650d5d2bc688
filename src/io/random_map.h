#pragma once
// Which units (blocks) of a file region random I/O has touched in this pass: fio's axmap idea.
// A hierarchy of 64-bit bitmaps: level 0 has one bit per unit (1 = used); a bit of level k+1 is
// set when word of level k it stands for is all ones. Finding the next free unit after a taken
// one climbs until a level shows a non-full word, then descends: O(log64 units) word reads.
// Memory: units/8 bytes plus ~1/63 of that. No allocation after construction.
#include <bit>
#include <cstdint>
#include <vector>

namespace hostmark::io {

class RandomMap {
 public:
  static constexpr std::uint64_t kNone = ~std::uint64_t{0};

  RandomMap() = default;
  explicit RandomMap(std::uint64_t units);
  RandomMap(RandomMap&&) noexcept = default;  // moving keeps the leaf buffer (and leaf_) valid
  RandomMap& operator=(RandomMap&&) noexcept = default;
  RandomMap(const RandomMap&) = delete;
  RandomMap& operator=(const RandomMap&) = delete;

  std::uint64_t units() const { return units_; }
  std::uint64_t used() const { return used_; }
  bool full() const { return used_ == units_; }

  bool is_used(std::uint64_t unit) const { return (leaf_[unit >> 6] >> (unit & 63)) & 1; }

  // Marks `unit` used; returns false if it already was.
  bool mark(std::uint64_t unit) {
    std::uint64_t& word = leaf_[unit >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (unit & 63);
    if (word & bit) return false;
    word |= bit;
    ++used_;
    if (word == ~std::uint64_t{0}) propagate_full(unit >> 6);
    return true;
  }

  // Marks consecutive free units from `unit` (which should be free), stopping at `max_units`,
  // at the first used unit or at the end of the map. Returns how many it marked (0 if `unit`
  // was used).
  std::uint64_t claim_run(std::uint64_t unit, std::uint64_t max_units) {
    std::uint64_t n = 0;
    while (n < max_units && unit + n < units_ && mark(unit + n)) ++n;
    return n;
  }

  // Marks every unit of [unit, unit + count) (clipped to the map), used or not.
  void mark_range(std::uint64_t unit, std::uint64_t count);

  // The first free unit at or after `unit`, wrapping to the start; kNone when the map is full.
  // Inline when the answer is in the same 64-unit word (the common case).
  std::uint64_t next_free(std::uint64_t unit) const {
    if (unit < units_) {
      const std::uint64_t free_bits = ~leaf_[unit >> 6] & (~std::uint64_t{0} << (unit & 63));
      if (free_bits != 0) {
        return (unit & ~std::uint64_t{63}) +
               static_cast<std::uint64_t>(std::countr_zero(free_bits));
      }
    }
    return next_free_slow(unit);
  }

  // Every unit free again.
  void clear();

 private:
  std::uint64_t next_free_slow(std::uint64_t unit) const;
  void propagate_full(std::uint64_t word_index);
  std::uint64_t first_free_below(std::size_t level, std::uint64_t bit) const;

  std::vector<std::vector<std::uint64_t>> levels_;  // [0] = one bit per unit
  std::uint64_t* leaf_ = nullptr;                   // levels_[0].data()
  std::uint64_t units_ = 0;
  std::uint64_t used_ = 0;
};

}  // namespace hostmark::io
