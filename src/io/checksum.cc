// xxh3 (libxxhash), md5 and sha256 (OpenSSL EVP), and the Digest helpers over every kind.
#include "io/checksum.h"

#include <openssl/evp.h>
#include <xxhash.h>

#include <algorithm>
#include <cstdlib>

namespace hostmark::io {
namespace {

template <std::size_t N>
std::array<std::uint8_t, N> evp_digest(const EVP_MD* md, std::span<const std::byte> data) {
  std::array<std::uint8_t, N> out{};
  unsigned int len = 0;
  // EVP_Digest fails only when libcrypto cannot allocate or the digest is unavailable (a FIPS
  // configuration without md5): an invariant of this build, not an expected failure.
  if (EVP_Digest(data.data(), data.size(), out.data(), &len, md, nullptr) != 1 || len != N) {
    std::abort();
  }
  return out;
}

void put_le(Digest& d, std::uint64_t v, std::uint8_t size) {
  for (std::uint8_t i = 0; i < size; ++i) d.bytes[i] = static_cast<std::uint8_t>(v >> (8 * i));
  d.size = size;
}

std::uint64_t get_le(const Digest& d) {
  std::uint64_t v = 0;
  for (std::uint8_t i = 0; i < d.size && i < 8; ++i)
    v |= static_cast<std::uint64_t>(d.bytes[i]) << (8 * i);
  return v;
}

}  // namespace

std::uint64_t xxh3_64(std::span<const std::byte> data) {
  return XXH3_64bits(data.data(), data.size());
}

Md5Digest md5(std::span<const std::byte> data) { return evp_digest<16>(EVP_md5(), data); }

Sha256Digest sha256(std::span<const std::byte> data) { return evp_digest<32>(EVP_sha256(), data); }

std::size_t digest_size(ChecksumKind kind) {
  switch (kind) {
    case ChecksumKind::kCrc32c: return 4;
    case ChecksumKind::kXxh3: return 8;
    case ChecksumKind::kMd5: return 16;
    case ChecksumKind::kSha256: return 32;
  }
  std::abort();
}

Digest compute_digest(ChecksumKind kind, std::span<const std::byte> data) {
  Digest d;
  switch (kind) {
    case ChecksumKind::kCrc32c: put_le(d, crc32c(data), 4); break;
    case ChecksumKind::kXxh3: put_le(d, xxh3_64(data), 8); break;
    case ChecksumKind::kMd5: {
      const Md5Digest m = md5(data);
      std::copy(m.begin(), m.end(), d.bytes.begin());
      d.size = 16;
      break;
    }
    case ChecksumKind::kSha256: {
      const Sha256Digest s = sha256(data);
      std::copy(s.begin(), s.end(), d.bytes.begin());
      d.size = 32;
      break;
    }
  }
  return d;
}

std::string digest_text(ChecksumKind kind, const Digest& digest) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  if (kind == ChecksumKind::kCrc32c || kind == ChecksumKind::kXxh3) {
    const std::uint64_t v = get_le(digest);
    out = "0x";
    for (int i = digest.size * 2 - 1; i >= 0; --i) out += kHex[(v >> (4 * i)) & 0xfu];
    return out;
  }
  for (std::uint8_t i = 0; i < digest.size; ++i) {
    out += kHex[digest.bytes[i] >> 4];
    out += kHex[digest.bytes[i] & 0xfu];
  }
  return out;
}

const char* checksum_name(ChecksumKind kind) {
  switch (kind) {
    case ChecksumKind::kCrc32c: return "crc32c";
    case ChecksumKind::kXxh3: return "xxhash";
    case ChecksumKind::kMd5: return "md5";
    case ChecksumKind::kSha256: return "sha256";
  }
  return "?";
}

}  // namespace hostmark::io
