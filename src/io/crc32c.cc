// crc32c: slice-by-8 tables (built at compile time), the SSE4.2 crc32 instruction (x86-64) and
// the ARMv8 CRC32 instructions (arm64).
#include <array>
#include <cstdint>
#include <cstring>

#include "io/checksum.h"

#if defined(__x86_64__)
#include <nmmintrin.h>
#elif defined(__aarch64__)
#include <arm_acle.h>
#include <sys/auxv.h>
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

// The SSE4.2 and ARMv8 paths run three independent crc streams over three adjacent strides (the
// crc32 instruction has a latency of 3 cycles and a throughput of 1), then joins them: the raw crc
// register is linear, so crc(c, A B) = shift(crc(c, A), |B|) ^ crc(0, B), where shift(v, n) is v
// followed by n zero bytes. kShift holds shift(., kStride) as four byte-indexed tables.
constexpr std::size_t kStride = 256;  // bytes per stream per round
using ShiftTables = std::array<std::array<std::uint32_t, 256>, 4>;

constexpr ShiftTables make_shift_tables() {
  std::array<std::uint32_t, 32> basis{};  // shift(1 << bit, kStride)
  for (std::size_t bit = 0; bit < 32; ++bit) {
    std::uint32_t c = 1u << bit;
    for (std::size_t i = 0; i < kStride; ++i) c = (c >> 8) ^ kTables[0][c & 0xffu];
    basis[bit] = c;
  }
  ShiftTables t{};
  for (std::size_t k = 0; k < 4; ++k) {
    for (std::size_t b = 0; b < 256; ++b) {
      std::uint32_t v = 0;
      for (std::size_t bit = 0; bit < 8; ++bit) {
        if ((b >> bit) & 1u) v ^= basis[8 * k + bit];
      }
      t[k][b] = v;
    }
  }
  return t;
}
constexpr ShiftTables kShift = make_shift_tables();

inline std::uint32_t shift_stride(std::uint32_t v) {
  return kShift[0][v & 0xffu] ^ kShift[1][(v >> 8) & 0xffu] ^ kShift[2][(v >> 16) & 0xffu] ^
         kShift[3][v >> 24];
}

inline std::uint32_t load_le32(const unsigned char* p) {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

// The raw (not inverted) crc of n bytes at p, in three streams, with the byte and word steps
// crc_byte(crc, byte) and crc_word(crc, 8 bytes as a little-endian u64) of the namespace it is
// expanded in: one body for every instruction set, each compiled with its target attribute.
#define HOSTMARK_CRC32C_THREE_STREAMS(target_attribute)                     \
  __attribute__((target(target_attribute))) std::uint32_t raw(              \
      std::uint32_t crc, const unsigned char* p, std::size_t n) {           \
    for (; n > 0 && (reinterpret_cast<std::uintptr_t>(p) & 7u) != 0; --n) { \
      crc = crc_byte(crc, *p++);                                            \
    }                                                                       \
    for (; n >= 3 * kStride; p += 3 * kStride, n -= 3 * kStride) {          \
      std::uint32_t c0 = crc;                                               \
      std::uint32_t c1 = 0;                                                 \
      std::uint32_t c2 = 0;                                                 \
      for (std::size_t i = 0; i < kStride; i += 8) {                        \
        c0 = crc_word(c0, load_u64(p + i));                                 \
        c1 = crc_word(c1, load_u64(p + kStride + i));                       \
        c2 = crc_word(c2, load_u64(p + 2 * kStride + i));                   \
      }                                                                     \
      crc = shift_stride(shift_stride(c0) ^ c1) ^ c2;                       \
    }                                                                       \
    for (; n >= 8; p += 8, n -= 8) crc = crc_word(crc, load_u64(p));        \
    for (; n > 0; --n) crc = crc_byte(crc, *p++);                           \
    return crc;                                                             \
  }

inline std::uint64_t load_u64(const unsigned char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

#if defined(__x86_64__)
namespace sse42 {
__attribute__((target("sse4.2"))) inline std::uint32_t crc_byte(std::uint32_t c, unsigned char b) {
  return _mm_crc32_u8(c, b);
}
__attribute__((target("sse4.2"))) inline std::uint32_t crc_word(std::uint32_t c, std::uint64_t w) {
  return static_cast<std::uint32_t>(_mm_crc32_u64(c, w));
}
HOSTMARK_CRC32C_THREE_STREAMS("sse4.2")
}  // namespace sse42
#endif

#if defined(__aarch64__)
namespace armv8 {
// crc32cb and crc32cx of the ARMv8 CRC32 extension.
__attribute__((target("+crc"))) inline std::uint32_t crc_byte(std::uint32_t c, unsigned char b) {
  return __crc32cb(c, b);
}
__attribute__((target("+crc"))) inline std::uint32_t crc_word(std::uint32_t c, std::uint64_t w) {
  return __crc32cd(c, w);
}
HOSTMARK_CRC32C_THREE_STREAMS("+crc")
}  // namespace armv8
#endif

#undef HOSTMARK_CRC32C_THREE_STREAMS

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
  return ~sse42::raw(~crc, reinterpret_cast<const unsigned char*>(data.data()), data.size());
#else
  return crc32c_portable(data, crc);
#endif
}

bool crc32c_armv8_available() {
#if defined(__aarch64__)
  return (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0;
#else
  return false;
#endif
}

std::uint32_t crc32c_armv8(std::span<const std::byte> data, std::uint32_t crc) {
#if defined(__aarch64__)
  return ~armv8::raw(~crc, reinterpret_cast<const unsigned char*>(data.data()), data.size());
#else
  return crc32c_portable(data, crc);
#endif
}

std::uint32_t crc32c(std::span<const std::byte> data, std::uint32_t crc) {
  using Implementation = std::uint32_t (*)(std::span<const std::byte>, std::uint32_t);
  static const Implementation kChosen = crc32c_sse42_available()   ? crc32c_sse42
                                        : crc32c_armv8_available() ? crc32c_armv8
                                                                   : crc32c_portable;
  return kChosen(data, crc);
}

}  // namespace hostmark::io
