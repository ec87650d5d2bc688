#pragma once
// Inline atomic accessors of Histogram, kept out of the class body for readability.
#include <atomic>

namespace hostmark {

inline std::uint64_t Histogram::load(const std::uint64_t& x) {
  return std::atomic_ref<const std::uint64_t>(x).load(std::memory_order_relaxed);
}

inline void Histogram::store(std::uint64_t& x, std::uint64_t v) {
  std::atomic_ref<std::uint64_t>(x).store(v, std::memory_order_relaxed);
}

}  // namespace hostmark
