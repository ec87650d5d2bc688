// crc32c: slice-by-8 tables (built at compile time) and the SSE4.2 crc32 instruction.
#include <array>
#include <cstdint>
#include <cstring>

#include "io/checksum.h"

#if defined(__x86_64__)
#include <nmmintrin.h>
#endif

namespace hostmark::io {
namespace {

constexpr std::uint32_t kPoly = 0x82F63B78u;  // Castagnoli, reflected

using Tables = std::array<std::array<std::uint32_t, 256>, 8>;

// kTables[0] is the byte-at-a-time table; kTables[k][b] is the crc of byte b followed by k
// zero bytes, so eight table look-ups advance the crc by eight bytes at once.
constexpr Tables make_tables() {
  Tables t{};
  for (std::uint32_t b = 0; b < 256; ++b) {
    std::uint32_t c = b;
    for (int bit = 0; bit < 8; ++bit) c = (c & 1u) ? (c >> 1) ^ kPoly : c >> 1;
    t[0][b] = c;
  }
  for (std::size_t k = 1; k < 8; ++k) {
    for (std::size_t b = 0; b < 256; ++b) t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xffu];
  }
  return t;
}
constexpr Tables kTables = make_tables();

inline std::uint32_t load_le32(const unsigned char* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

#if defined(__x86_64__)
__attribute__((target("sse4.2"))) std::uint32_t sse42_raw(std::uint32_t crc, const unsigned char* p,
                                                          std::size_t n) {
  while (n > 0 && (reinterpret_cast<std::uintptr_t>(p) & 7u) != 0) {
    crc = _mm_crc32_u8(crc, *p++);
    --n;
  }
  std::uint64_t c = crc;
  while (n >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    c = _mm_crc32_u64(c, w);
    p += 8;
    n -= 8;
  }
  crc = static_cast<std::uint32_t>(c);
  while (n > 0) {
    crc = _mm_crc32_u8(crc, *p++);
    --n;
  }
  return crc;
}
#endif

}  // namespace

std::uint32_t crc32c_portable(std::span<const std::byte> data, std::uint32_t crc) {
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  std::size_t n = data.size();
  std::uint32_t c = ~crc;
  while (n > 0 && (reinterpret_cast<std::uintptr_t>(p) & 7u) != 0) {
    c = (c >> 8) ^ kTables[0][(c ^ *p++) & 0xffu];
    --n;
  }
  while (n >= 8) {
    const std::uint32_t lo = c ^ load_le32(p);
    const std::uint32_t hi = load_le32(p + 4);
    c = kTables[7][lo & 0xffu] ^ kTables[6][(lo >> 8) & 0xffu] ^ kTables[5][(lo >> 16) & 0xffu] ^
        kTables[4][lo >> 24] ^ kTables[3][hi & 0xffu] ^ kTables[2][(hi >> 8) & 0xffu] ^
        kTables[1][(hi >> 16) & 0xffu] ^ kTables[0][hi >> 24];
    p += 8;
    n -= 8;
  }
  while (n > 0) {
    c = (c >> 8) ^ kTables[0][(c ^ *p++) & 0xffu];
    --n;
  }
  return ~c;
}

bool crc32c_sse42_available() {
#if defined(__x86_64__)
  return __builtin_cpu_supports("sse4.2");
#else
  return false;
#endif
}

std::uint32_t crc32c_sse42(std::span<const std::byte> data, std::uint32_t crc) {
#if defined(__x86_64__)
  return ~sse42_raw(~crc, reinterpret_cast<const unsigned char*>(data.data()), data.size());
#else
  return crc32c_portable(data, crc);
#endif
}

std::uint32_t crc32c(std::span<const std::byte> data, std::uint32_t crc) {
  static const bool kHardware = crc32c_sse42_available();
  return kHardware ? crc32c_sse42(data, crc) : crc32c_portable(data, crc);
}

}  // namespace hostmark::io
