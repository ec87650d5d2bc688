#pragma once
// Checksums for data verification (verify=crc32c|xxhash|md5|sha256). Pure functions over bytes:
// no I/O, no allocation (md5/sha256 go through OpenSSL's one-shot EVP_Digest, which may allocate
// inside libcrypto).
//
// crc32c is CRC-32/Castagnoli (reflected polynomial 0x82F63B78, initial value and final xor
// 0xFFFFFFFF; crc32c("123456789") == 0xE3069283). crc32c() picks the CPU's crc32c instruction
// when it has one (SSE4.2 crc32 on x86-64, the ARMv8 CRC32 extension's crc32cb/crc32cx on arm64;
// decided once per process) and a slice-by-8 table otherwise; all give the same value for every
// input, and all are exported so tests can compare them.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace hostmark::io {

// crc32c of `data`, continuing from `crc`, the crc32c of the bytes before it (0 for none):
// crc32c(b, crc32c(a)) == crc32c(a followed by b).
std::uint32_t crc32c(std::span<const std::byte> data, std::uint32_t crc = 0);
// The table (slice-by-8) implementation; any CPU.
std::uint32_t crc32c_portable(std::span<const std::byte> data, std::uint32_t crc = 0);
// The SSE4.2 implementation. Call it only when crc32c_sse42_available().
std::uint32_t crc32c_sse42(std::span<const std::byte> data, std::uint32_t crc = 0);
// true when this CPU has SSE4.2 (always false off x86-64).
bool crc32c_sse42_available();
// The ARMv8 CRC32 implementation. Call it only when crc32c_armv8_available().
std::uint32_t crc32c_armv8(std::span<const std::byte> data, std::uint32_t crc = 0);
// true when this CPU has the ARMv8 CRC32 instructions (HWCAP_CRC32 in the kernel's AT_HWCAP;
// every Raspberry Pi 3/4/5 core has them); always false off arm64.
bool crc32c_armv8_available();

// XXH3 64-bit hash with seed 0 (libxxhash's XXH3_64bits).
std::uint64_t xxh3_64(std::span<const std::byte> data);

using Md5Digest = std::array<std::uint8_t, 16>;
using Sha256Digest = std::array<std::uint8_t, 32>;
Md5Digest md5(std::span<const std::byte> data);
Sha256Digest sha256(std::span<const std::byte> data);

// One data checksum of any kind as bytes, as it is stored in a verify header: crc32c and xxh3
// as little-endian integers (4 and 8 bytes), md5 and sha256 as their digests (16 and 32 bytes).
enum class ChecksumKind : std::uint8_t { kCrc32c, kXxh3, kMd5, kSha256 };

struct Digest {
  std::array<std::uint8_t, 32> bytes{};  // the first `size` are used, the rest are 0
  std::uint8_t size = 0;
  bool operator==(const Digest&) const = default;
};

// Bytes the digest of `kind` takes: 4, 8, 16 or 32.
std::size_t digest_size(ChecksumKind kind);
Digest compute_digest(ChecksumKind kind, std::span<const std::byte> data);
// The digest as people read it: crc32c and xxh3 as "0x" and the integer in hex
// ("0xe3069283"), md5 and sha256 as their bytes in hex ("900150983cd2...").
std::string digest_text(ChecksumKind kind, const Digest& digest);
// "crc32c", "xxhash", "md5", "sha256" (fio's names).
const char* checksum_name(ChecksumKind kind);

}  // namespace hostmark::io
