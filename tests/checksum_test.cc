// io/checksum: published vectors for each checksum, and the two crc32c implementations agreeing.
#include "io/checksum.h"

#include <gtest/gtest.h>

#include <random>
#include <string_view>
#include <vector>

namespace hostmark::io {
namespace {

std::span<const std::byte> bytes_of(std::string_view s) { return std::as_bytes(std::span(s)); }

std::string hex(std::span<const std::uint8_t> d) {
  Digest digest;
  std::copy(d.begin(), d.end(), digest.bytes.begin());
  digest.size = static_cast<std::uint8_t>(d.size());
  return digest_text(ChecksumKind::kMd5, digest);  // md5/sha256 text: the bytes in hex
}

// A hardware crc32c implementation that this CPU can run.
struct HardwareCrc {
  const char* name;
  std::uint32_t (*fn)(std::span<const std::byte>, std::uint32_t);
};

std::vector<HardwareCrc> hardware_crcs() {
  std::vector<HardwareCrc> out;
  if (crc32c_sse42_available()) out.push_back({"sse4.2", crc32c_sse42});
  if (crc32c_armv8_available()) out.push_back({"armv8 crc", crc32c_armv8});
  return out;
}

TEST(Crc32c, CheckValueOfEveryImplementation) {
  // The CRC catalogue's check value for CRC-32C (CRC-32/ISCSI).
  EXPECT_EQ(crc32c(bytes_of("123456789")), 0xE3069283u);
  EXPECT_EQ(crc32c_portable(bytes_of("123456789")), 0xE3069283u);
  EXPECT_EQ(crc32c({}), 0u);
  if (hardware_crcs().empty())
    GTEST_SKIP() << "this CPU has neither SSE4.2 nor ARMv8 CRC32: only the table version ran";
  for (const auto& hw : hardware_crcs()) {
    EXPECT_EQ(hw.fn(bytes_of("123456789"), 0), 0xE3069283u) << hw.name;
    EXPECT_EQ(hw.fn({}, 0), 0u) << hw.name;
  }
}

#if defined(__aarch64__)
TEST(Crc32c, Arm64HasTheCrcInstructions) {
  // Every arm64 core hostmark targets (Cortex-A53/A72/A76, Neoverse; qemu's default "max")
  // has them: a false here means the HWCAP test is wrong, not the CPU.
  EXPECT_TRUE(crc32c_armv8_available());
  EXPECT_FALSE(crc32c_sse42_available());
}
#endif

TEST(Crc32c, Rfc3720Vectors) {
  // RFC 3720 (iSCSI) appendix B.4.
  std::vector<std::byte> zeros(32, std::byte{0});
  std::vector<std::byte> ones(32, std::byte{0xff});
  std::vector<std::byte> incrementing(32);
  for (std::size_t i = 0; i < 32; ++i) incrementing[i] = static_cast<std::byte>(i);
  EXPECT_EQ(crc32c(zeros), 0x8A9136AAu);
  EXPECT_EQ(crc32c(ones), 0x62A8AB43u);
  EXPECT_EQ(crc32c(incrementing), 0x46DD794Eu);
  EXPECT_EQ(crc32c_portable(zeros), 0x8A9136AAu);
  EXPECT_EQ(crc32c_portable(ones), 0x62A8AB43u);
  EXPECT_EQ(crc32c_portable(incrementing), 0x46DD794Eu);
}

TEST(Crc32c, ContinuesFromAPreviousCrc) {
  const std::string_view s = "123456789";
  for (std::size_t cut = 0; cut <= s.size(); ++cut) {
    EXPECT_EQ(crc32c(bytes_of(s.substr(cut)), crc32c(bytes_of(s.substr(0, cut)))), 0xE3069283u);
    EXPECT_EQ(crc32c_portable(bytes_of(s.substr(cut)), crc32c_portable(bytes_of(s.substr(0, cut)))),
              0xE3069283u);
  }
}

TEST(Crc32c, HardwareAndTableAgreeOnEveryLengthAndAlignment) {
  if (hardware_crcs().empty())
    GTEST_SKIP() << "this CPU has no crc32c instruction: nothing to compare";
  for (const auto& [name, crc32c_hardware] : hardware_crcs()) {
    SCOPED_TRACE(name);
    std::mt19937_64 rng(12345);
    std::vector<std::byte> data(1024 + 8);
    for (auto& b : data) b = static_cast<std::byte>(rng());
    for (std::size_t start = 0; start < 8; ++start) {
      for (std::size_t len = 0; len <= 1024; ++len) {
        const auto piece = std::span<const std::byte>(data).subspan(start, len);
        const auto seed = static_cast<std::uint32_t>(rng());
        ASSERT_EQ(crc32c_hardware(piece, 0), crc32c_portable(piece))
            << "start " << start << " length " << len;
        ASSERT_EQ(crc32c_hardware(piece, seed), crc32c_portable(piece, seed)) << "start " << start;
      }
    }
    // Longer inputs go through the three-stream path several times, with every kind of remainder.
    std::vector<std::byte> big(70000);
    for (auto& b : big) b = static_cast<std::byte>(rng());
    for (int trial = 0; trial < 300; ++trial) {
      const std::size_t start = rng() % 8;
      const std::size_t len = rng() % (big.size() - start);
      const auto piece = std::span<const std::byte>(big).subspan(start, len);
      ASSERT_EQ(crc32c_hardware(piece, 0), crc32c_portable(piece))
          << "start " << start << " length " << len;
    }
  }
}

TEST(Xxh3, KnownValues) {
  // XXH3_64bits of the empty input is a published constant; the others are `xxhsum -H3` (0.8.1).
  EXPECT_EQ(xxh3_64({}), 0x2D06800538D394C2ull);
  EXPECT_EQ(xxh3_64(bytes_of("abc")), 0x78AF5F94892F3950ull);
  EXPECT_EQ(xxh3_64(bytes_of("123456789")), 0x72DCB18B67A17DFFull);
  std::vector<std::byte> zeros(1000, std::byte{0});
  EXPECT_EQ(xxh3_64(zeros), 0x24C1EA6074DD588Cull);
}

TEST(Md5, Rfc1321Vectors) {
  EXPECT_EQ(hex(md5({})), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(hex(md5(bytes_of("abc"))), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(hex(md5(bytes_of("message digest"))), "f96b697d7cb7938d525a2f31aaf161d0");
}

TEST(Sha256, Fips180Vectors) {
  EXPECT_EQ(hex(sha256(bytes_of("abc"))),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex(sha256(bytes_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Digest, SizesAndText) {
  EXPECT_EQ(digest_size(ChecksumKind::kCrc32c), 4u);
  EXPECT_EQ(digest_size(ChecksumKind::kXxh3), 8u);
  EXPECT_EQ(digest_size(ChecksumKind::kMd5), 16u);
  EXPECT_EQ(digest_size(ChecksumKind::kSha256), 32u);
  const Digest crc = compute_digest(ChecksumKind::kCrc32c, bytes_of("123456789"));
  EXPECT_EQ(crc.size, 4);
  EXPECT_EQ(crc.bytes[0], 0x83);  // little-endian, as stored in a verify header
  EXPECT_EQ(digest_text(ChecksumKind::kCrc32c, crc), "0xe3069283");
  EXPECT_EQ(digest_text(ChecksumKind::kXxh3, compute_digest(ChecksumKind::kXxh3, {})),
            "0x2d06800538d394c2");
  EXPECT_EQ(digest_text(ChecksumKind::kMd5, compute_digest(ChecksumKind::kMd5, bytes_of("abc"))),
            "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(
      digest_text(ChecksumKind::kSha256, compute_digest(ChecksumKind::kSha256, bytes_of("abc"))),
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

}  // namespace
}  // namespace hostmark::io
