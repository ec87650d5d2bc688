#pragma once
// Internal to io/verify*.cc: the header layout of verify.h as constants, little-endian loads and
// stores, and how a block is cut into chunks. Not for other modules.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "fio/job_options.h"
#include "io/checksum.h"

namespace hostmark::io::layout {

inline constexpr std::uint32_t kMagic = 0x564d4b48u;  // bytes "HKMV"
inline constexpr std::uint8_t kVersion = 1;
inline constexpr std::size_t kMagicAt = 0;
inline constexpr std::size_t kVersionAt = 4;
inline constexpr std::size_t kKindAt = 5;
inline constexpr std::size_t kHeaderBytesAt = 6;
inline constexpr std::size_t kLengthAt = 8;
inline constexpr std::size_t kFileAt = 12;
inline constexpr std::size_t kOffsetAt = 16;
inline constexpr std::size_t kSeedAt = 24;
inline constexpr std::size_t kSequenceAt = 32;
inline constexpr std::size_t kHeaderCrcAt = 40;  // crc32c of bytes [0, kHeaderCrcAt)
inline constexpr std::size_t kDigestAt = 44;

inline bool has_header(fio::VerifyKind kind) {
  return kind == fio::VerifyKind::kCrc32c || kind == fio::VerifyKind::kXxhash ||
         kind == fio::VerifyKind::kMd5 || kind == fio::VerifyKind::kSha256;
}

// Precondition: has_header(kind).
inline ChecksumKind checksum_of(fio::VerifyKind kind) {
  switch (kind) {
    case fio::VerifyKind::kXxhash: return ChecksumKind::kXxh3;
    case fio::VerifyKind::kMd5: return ChecksumKind::kMd5;
    case fio::VerifyKind::kSha256: return ChecksumKind::kSha256;
    default: return ChecksumKind::kCrc32c;
  }
}

inline void store_le(std::byte* p, std::uint64_t v, std::size_t bytes) {
  for (std::size_t i = 0; i < bytes; ++i) p[i] = static_cast<std::byte>(v >> (8 * i));
}
inline std::uint64_t load_le(const std::byte* p, std::size_t bytes) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < bytes; ++i) v |= std::to_integer<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

// Calls fn(start, length) for each chunk of a block of `block_bytes`, in order, until fn returns
// false: chunks of `interval` bytes (the whole block when 0 or larger), a remainder shorter than
// `header_bytes` joined to the chunk before it. Returns false when fn stopped it.
template <class Fn>
bool for_each_chunk(std::size_t block_bytes, std::uint32_t interval, std::size_t header_bytes,
                    Fn&& fn) {
  if (interval == 0 || interval >= block_bytes) return fn(std::size_t{0}, block_bytes);
  std::size_t start = 0;
  while (start < block_bytes) {
    std::size_t len = std::min<std::size_t>(interval, block_bytes - start);
    const std::size_t rest = block_bytes - start - len;
    if (rest > 0 && rest < header_bytes) len += rest;
    if (!fn(start, len)) return false;
    start += len;
  }
  return true;
}

// The payload seed of the chunk that starts at file offset `chunk_offset` of a block seeded `seed`.
inline std::uint64_t chunk_seed(std::uint64_t seed, std::uint64_t chunk_offset) {
  return seed ^ (chunk_offset * 0x9E3779B97F4A7C15ull);
}

}  // namespace hostmark::io::layout
