// io/verify: fill then check for every kind and size, corruption of every sort caught and named,
// the header layout as documented, and make_verify_spec's refusals.
#include "io/verify.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#include "io/checksum.h"

namespace hostmark::io {
namespace {

using fio::VerifyKind;

const VerifyKind kHeaderKinds[] = {VerifyKind::kCrc32c, VerifyKind::kXxhash, VerifyKind::kMd5,
                                   VerifyKind::kSha256};

VerifySpec spec_of(VerifyKind kind, std::uint32_t interval = 0) {
  VerifySpec s;
  s.kind = kind;
  s.interval_bytes = interval;
  if (kind == VerifyKind::kPattern) s.pattern = {0xde, 0xad, 0xbe, 0xef, 0x42};
  return s;
}

WrittenBlock block_at(std::uint64_t offset, std::uint32_t length, std::uint64_t sequence = 7,
                      std::uint32_t file = 1) {
  return WrittenBlock{offset, block_seed(99, sequence), sequence, file, length};
}

std::vector<std::byte> filled(const VerifySpec& spec, const WrittenBlock& w) {
  std::vector<std::byte> buf(w.length);
  fill_block(spec, w, buf);
  return buf;
}

std::uint64_t le(const std::vector<std::byte>& b, std::size_t at, std::size_t n) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v |= std::to_integer<std::uint64_t>(b[at + i]) << (8 * i);
  return v;
}

TEST(Verify, HeaderSizes) {
  EXPECT_EQ(verify_header_bytes(VerifyKind::kCrc32c), 48u);
  EXPECT_EQ(verify_header_bytes(VerifyKind::kXxhash), 52u);
  EXPECT_EQ(verify_header_bytes(VerifyKind::kMd5), 60u);
  EXPECT_EQ(verify_header_bytes(VerifyKind::kSha256), 76u);
  EXPECT_EQ(verify_header_bytes(VerifyKind::kPattern), 0u);
}

TEST(Verify, FillThenCheckPassesForEveryKindSizeAndInterval) {
  const std::uint32_t sizes[] = {512, 777, 4096, 4096 + 512, 65536, 128 * 1024 + 100, 1 << 20};
  const std::uint32_t intervals[] = {0, 512, 1000, 4096};
  for (VerifyKind kind : {VerifyKind::kCrc32c, VerifyKind::kXxhash, VerifyKind::kMd5,
                          VerifyKind::kSha256, VerifyKind::kPattern}) {
    for (std::uint32_t size : sizes) {
      for (std::uint32_t interval : intervals) {
        const VerifySpec spec = spec_of(kind, interval);
        const WrittenBlock w = block_at(1 << 30, size);
        const std::vector<std::byte> buf = filled(spec, w);
        const std::optional<Mismatch> m = check_block(spec, w, buf);
        EXPECT_FALSE(m) << "kind " << int(kind) << " size " << size << " interval " << interval
                        << ": " << m->text();
      }
    }
  }
}

TEST(Verify, EveryChunkCarriesTheDocumentedHeader) {
  const VerifySpec spec = spec_of(VerifyKind::kCrc32c, 1024);
  const WrittenBlock w =
      block_at(8192, 4096 + 40, 11, 3);  // 40-byte remainder joins the last chunk
  const std::vector<std::byte> buf = filled(spec, w);
  const std::size_t starts[] = {0, 1024, 2048, 3072};
  for (std::size_t start : starts) {
    SCOPED_TRACE(start);
    EXPECT_EQ(le(buf, start + 0, 4), 0x564d4b48u);  // magic, bytes "HKMV"
    EXPECT_EQ(le(buf, start + 4, 1), 1u);           // version
    EXPECT_EQ(le(buf, start + 5, 1), static_cast<std::uint64_t>(VerifyKind::kCrc32c));
    EXPECT_EQ(le(buf, start + 6, 2), 48u);
    EXPECT_EQ(le(buf, start + 8, 4), start == 3072 ? 1024u + 40 : 1024u);
    EXPECT_EQ(le(buf, start + 12, 4), 3u);
    EXPECT_EQ(le(buf, start + 16, 8), 8192 + start);
    EXPECT_EQ(le(buf, start + 24, 8), w.seed);
    EXPECT_EQ(le(buf, start + 32, 8), 11u);
    const auto chunk = std::span<const std::byte>(buf).subspan(start, start == 3072 ? 1064 : 1024);
    EXPECT_EQ(le(buf, start + 40, 4), crc32c(chunk.first(40)));
    EXPECT_EQ(le(buf, start + 44, 4), crc32c(chunk.subspan(48)));
  }
}

TEST(Verify, PayloadDependsOnSeedAndChunk) {
  const VerifySpec spec = spec_of(VerifyKind::kXxhash, 512);
  const std::vector<std::byte> a = filled(spec, block_at(0, 4096, 1));
  const std::vector<std::byte> b = filled(spec, block_at(0, 4096, 2));
  EXPECT_NE(std::vector(a.begin() + 64, a.begin() + 512),
            std::vector(b.begin() + 64, b.begin() + 512));
  EXPECT_NE(std::vector(a.begin() + 64, a.begin() + 512),
            std::vector(a.begin() + 576, a.begin() + 1024));
}

TEST(Verify, FillRandomIsDeterministicAndPrefixConsistent) {
  std::vector<std::byte> a(1000), b(1000), c(1024);
  fill_random(5, a);
  fill_random(5, b);
  fill_random(5, c);
  EXPECT_EQ(a, b);
  EXPECT_TRUE(std::equal(a.begin(), a.end(), c.begin()));
  fill_random(6, b);
  EXPECT_NE(a, b);
  // Roughly uniform bytes: each value near 1 MiB / 256 = 4096 times.
  std::vector<std::byte> big(1 << 20);
  fill_random(42, big);
  std::vector<int> count(256);
  for (std::byte x : big) ++count[std::to_integer<unsigned>(x)];
  for (int v = 0; v < 256; ++v) {
    EXPECT_GT(count[v], 3600) << v;
    EXPECT_LT(count[v], 4600) << v;
  }
}

TEST(Verify, EverySingleBitFlipIsCaught) {
  std::mt19937_64 rng(2024);
  for (VerifyKind kind : {VerifyKind::kCrc32c, VerifyKind::kXxhash, VerifyKind::kMd5,
                          VerifyKind::kSha256, VerifyKind::kPattern}) {
    for (std::uint32_t interval : {0u, 1024u}) {
      const VerifySpec spec = spec_of(kind, interval);
      const WrittenBlock w = block_at(65536, 8192);
      std::vector<std::byte> buf = filled(spec, w);
      for (int trial = 0; trial < 500; ++trial) {
        const std::size_t bit = rng() % (buf.size() * 8);
        buf[bit / 8] ^= static_cast<std::byte>(1u << (bit % 8));
        const std::optional<Mismatch> m = check_block(spec, w, buf);
        ASSERT_TRUE(m) << "kind " << int(kind) << " bit " << bit;
        if (kind == VerifyKind::kPattern) {
          EXPECT_EQ(m->kind, MismatchKind::kPattern);
          EXPECT_EQ(m->offset, w.offset + bit / 8);
        } else {
          // The chunk holding the flipped bit is the one named.
          const std::size_t chunk = interval == 0 ? 0 : (bit / 8) / interval * interval;
          EXPECT_EQ(m->offset, w.offset + chunk) << m->text();
        }
        buf[bit / 8] ^= static_cast<std::byte>(1u << (bit % 8));
      }
      ASSERT_FALSE(check_block(spec, w, buf));
    }
  }
}

TEST(Verify, HeaderAndPayloadDamageAreToldApart) {
  const VerifySpec spec = spec_of(VerifyKind::kSha256);
  const WrittenBlock w = block_at(4096, 4096);
  std::vector<std::byte> buf = filled(spec, w);
  buf[20] ^= std::byte{0x10};  // inside the offset field
  std::optional<Mismatch> m = check_block(spec, w, buf);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MismatchKind::kHeaderChecksum) << m->text();
  buf[20] ^= std::byte{0x10};
  buf[3000] ^= std::byte{0x01};
  m = check_block(spec, w, buf);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MismatchKind::kDataChecksum) << m->text();
  EXPECT_NE(m->expected, m->found);
  EXPECT_EQ(m->expected.size(), 64u);  // sha256 in hex
}

TEST(Verify, MisplacedWriteNamesBothOffsets) {
  for (VerifyKind kind : kHeaderKinds) {
    const VerifySpec spec = spec_of(kind);
    const std::vector<std::byte> buf = filled(spec, block_at(4096, 4096));
    const std::optional<Mismatch> m = check_block(spec, block_at(12288, 4096), buf);
    ASSERT_TRUE(m);
    EXPECT_EQ(m->kind, MismatchKind::kMisplaced);
    EXPECT_EQ(m->offset, 12288u);
    EXPECT_EQ(m->expected, "12288");
    EXPECT_EQ(m->found, "4096");
    EXPECT_EQ(
        m->error("/var/tmp/f").message(),
        "/var/tmp/f: offset 12288: misplaced write (block carries offset 4096 but was read at "
        "12288): expected 12288, found 4096");
    EXPECT_EQ(m->error("f").exit_code(), 1);
  }
}

TEST(Verify, StaleAndNewerSequencesAreCaught) {
  const VerifySpec spec = spec_of(VerifyKind::kCrc32c, 512);
  const std::vector<std::byte> old_data = filled(spec, block_at(0, 4096, 5));
  std::optional<Mismatch> m = check_block(spec, block_at(0, 4096, 9), old_data);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MismatchKind::kStale);
  EXPECT_EQ(m->text(),
            "offset 0: stale data (an older write; the last one was lost): expected "
            "write #9, found write #5");
  m = check_block(spec, block_at(0, 4096, 3), old_data);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MismatchKind::kNewer);
}

TEST(Verify, WrongFileSeedAndUnwrittenBlocks) {
  const VerifySpec spec = spec_of(VerifyKind::kXxhash);
  const std::vector<std::byte> buf = filled(spec, block_at(0, 4096, 7, 1));
  std::optional<Mismatch> m = check_block(spec, block_at(0, 4096, 7, 2), buf);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MismatchKind::kWrongFile);
  WrittenBlock other_seed = block_at(0, 4096, 7, 1);
  other_seed.seed ^= 1;
  m = check_block(spec, other_seed, buf);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MismatchKind::kSeed);
  const std::vector<std::byte> zeros(4096);
  m = check_block(spec, block_at(0, 4096), zeros);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MismatchKind::kBadMagic);
  EXPECT_EQ(m->text(), "offset 0: no verify header (bad magic): expected 0x564d4b48, found 0x0");
  // A block written with another verify kind.
  m = check_block(spec_of(VerifyKind::kMd5), block_at(0, 4096, 7, 1), buf);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MismatchKind::kBadHeader);
  EXPECT_EQ(m->expected, "md5");
  EXPECT_EQ(m->found, "xxhash");
}

TEST(Verify, PatternNamesTheFirstChangedByte) {
  const VerifySpec spec = spec_of(VerifyKind::kPattern);  // 5-byte pattern de ad be ef 42
  const WrittenBlock w = block_at(1000, 4096);
  std::vector<std::byte> buf = filled(spec, w);
  EXPECT_EQ(buf[0], std::byte{0xde});
  EXPECT_EQ(buf[4094], std::byte{0x42});  // 4094 % 5 == 4
  EXPECT_EQ(buf[4095], std::byte{0xde});  // 4095 % 5 == 0
  buf[1234] = std::byte{0x00};            // 1234 % 5 == 4: was 0x42
  buf[3000] = std::byte{0x00};
  const std::optional<Mismatch> m = check_block(spec, w, buf);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, MismatchKind::kPattern);
  EXPECT_EQ(m->offset, 1000u + 1234u);
  EXPECT_EQ(m->text(), "offset 2234: data differs from verify_pattern: expected 0x42, found 0x00");
  buf = filled(spec, w);
  buf[2] = std::byte{0xbf};  // inside the first period
  EXPECT_EQ(check_block(spec, w, buf)->offset, 1002u);
}

TEST(Verify, PatternCannotCatchMisplacedOrStaleBlocks) {
  // Documented limit: every block holds the same bytes, so a block read from elsewhere passes.
  const VerifySpec spec = spec_of(VerifyKind::kPattern);
  const std::vector<std::byte> buf = filled(spec, block_at(0, 4096, 1));
  EXPECT_FALSE(check_block(spec, block_at(8192, 4096, 9), buf));
}

TEST(Verify, ChecksumKindWithPatternPayload) {
  VerifySpec spec = spec_of(VerifyKind::kCrc32c);
  spec.pattern = {0xab};
  const WrittenBlock w = block_at(0, 4096);
  std::vector<std::byte> buf = filled(spec, w);
  EXPECT_EQ(buf[48], std::byte{0xab});
  EXPECT_EQ(buf[4095], std::byte{0xab});
  EXPECT_FALSE(check_block(spec, w, buf));
  buf[100] = std::byte{0xaa};
  ASSERT_TRUE(check_block(spec, w, buf));
  EXPECT_EQ(check_block(spec, w, buf)->kind, MismatchKind::kDataChecksum);
}

fio::JobOptions writing_job(VerifyKind kind) {
  fio::JobOptions job;
  job.rw.read = false;
  job.rw.write = true;
  job.verify = kind;
  job.given = {{"rw", "write"}, {"verify", "x"}};
  return job;
}

TEST(VerifySpec, RefusesWhatCannotWork) {
  fio::JobOptions job = writing_job(VerifyKind::kPattern);
  Expected<VerifySpec> s = make_verify_spec(job);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().what, "verify_pattern");
  EXPECT_EQ(s.error().exit_code(), 2);

  job = writing_job(VerifyKind::kSha256);
  job.verify_interval = 64;
  s = make_verify_spec(job);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().message(),
            "verify_interval: 64 bytes is smaller than the sha256 verify header (76 bytes)");

  job = writing_job(VerifyKind::kCrc32c);
  job.bs = {4096, 32, 4096};
  s = make_verify_spec(job);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().what, "bs");

  job.bs = {4096, 4096, 4096};
  job.bssplit[1] = {{4096, 50}, {16, 50}};
  s = make_verify_spec(job);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().what, "bssplit");

  job.bssplit[1].clear();
  job.verify_interval = 512;
  ASSERT_TRUE(make_verify_spec(job));
  EXPECT_EQ(make_verify_spec(job).value().interval_bytes, 512u);
}

TEST(VerifySpec, PatternWithoutVerifyMeansVerifyPattern) {
  fio::JobOptions job = writing_job(VerifyKind::kNone);
  job.verify_pattern = {0x5a};
  job.given = {{"rw", "write"}, {"verify_pattern", "0x5a"}};
  EXPECT_EQ(make_verify_spec(job).value().kind, VerifyKind::kPattern);
  job.given.emplace_back("verify", "0");  // said verify=0 explicitly: nothing is verified
  EXPECT_EQ(make_verify_spec(job).value().kind, VerifyKind::kNone);
}

TEST(VerifyThroughput, FillAndCheckCrc32cOfOneMebibyte) {
  const VerifySpec spec = spec_of(VerifyKind::kCrc32c);
  const WrittenBlock w = block_at(0, 1 << 20);
  std::vector<std::byte> buf(w.length);
  constexpr int kRounds = 64;
  fill_block(spec, w, buf);  // warm-up: caches and clock speed
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < kRounds; ++i) fill_block(spec, w, buf);
  const auto t1 = std::chrono::steady_clock::now();
  int bad = 0;
  for (int i = 0; i < kRounds; ++i) bad += check_block(spec, w, buf).has_value() ? 1 : 0;
  const auto t2 = std::chrono::steady_clock::now();
  const double mib = kRounds;
  const auto secs = [](auto d) { return std::chrono::duration<double>(d).count(); };
  std::printf("fill+crc32c: %.0f MiB/s, check (crc32c): %.0f MiB/s (%s crc32c; not asserted)\n",
              mib / secs(t1 - t0), mib / secs(t2 - t1),
              crc32c_sse42_available()   ? "SSE4.2"
              : crc32c_armv8_available() ? "ARMv8"
                                         : "table");
  EXPECT_EQ(bad, 0);
}

}  // namespace
}  // namespace hostmark::io
