#include "io/io_buffers.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace hostmark::io {
namespace {
constexpr std::size_t kAlign = 4096;
constexpr std::size_t kSector = 512;
}  // namespace

IoBuffers::IoBuffers(const fio::JobOptions& job, std::size_t count, std::size_t size,
                     std::uint64_t seed)
    : count_(count),
      size_((size + kAlign - 1) / kAlign * kAlign),
      scramble_(job.scramble_buffers && !job.zero_buffers && job.buffer_pattern.empty()),
      refill_(job.refill_buffers && !job.zero_buffers && job.buffer_pattern.empty()),
      compress_percent_(std::min<std::uint32_t>(job.buffer_compress_percentage, 100)),
      compress_chunk_(std::max<std::uint32_t>(job.buffer_compress_chunk, 1)),
      pattern_(job.buffer_pattern),
      zero_(job.zero_buffers),
      rng_state_(seed ^ 0x5eedb0f5eedb0f5ull) {
  const std::size_t total = std::max<std::size_t>(count_ * size_, kAlign);
  void* p = std::aligned_alloc(kAlign, total);
  if (p == nullptr) throw std::bad_alloc();
  base_ = static_cast<std::byte*>(p);
  spans_.reserve(count_);
  for (std::size_t i = 0; i < count_; ++i) {
    spans_.emplace_back(buffer(i), size_);
    fill(buffer(i), size_);
  }
}

IoBuffers::~IoBuffers() { std::free(base_); }

void IoBuffers::fill(std::byte* p, std::size_t length) {
  if (zero_) {
    std::memset(p, 0, length);
    return;
  }
  if (!pattern_.empty()) {
    for (std::size_t i = 0; i < length; ++i)
      p[i] = static_cast<std::byte>(pattern_[i % pattern_.size()]);
    return;
  }
  // Random words; with compression, the tail of each chunk is zeros.
  const std::size_t chunk = compress_percent_ ? compress_chunk_ : length;
  for (std::size_t start = 0; start < length; start += chunk) {
    const std::size_t n = std::min(chunk, length - start);
    const std::size_t zeros = n * compress_percent_ / 100;
    const std::size_t random_bytes = n - zeros;
    std::size_t i = 0;
    for (; i + 8 <= random_bytes; i += 8) {
      const std::uint64_t v = splitmix64(rng_state_);
      std::memcpy(p + start + i, &v, 8);
    }
    for (; i < random_bytes; ++i) p[start + i] = static_cast<std::byte>(splitmix64(rng_state_));
    std::memset(p + start + random_bytes, 0, zeros);
  }
}

void IoBuffers::prepare_write(std::size_t index, std::uint32_t length, std::uint64_t offset) {
  std::byte* p = buffer(index);
  if (refill_) {
    fill(p, length);
    return;
  }
  if (!scramble_) return;
  // Stamp the offset of every sector (and a changing word) so no two written blocks are equal.
  const std::uint64_t salt = splitmix64(rng_state_);
  for (std::size_t s = 0; s + 16 <= length; s += kSector) {
    const std::uint64_t stamp = offset + s;
    std::memcpy(p + s, &stamp, 8);
    std::memcpy(p + s + 8, &salt, 8);
  }
}

}  // namespace hostmark::io
