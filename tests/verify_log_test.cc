// io/verify_log: the latest of overlapping writes survives, blocks come out in order, and the log
// stays bounded under endless overwrites; checked against a brute-force model.
#include "io/verify_log.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <tuple>
#include <vector>

namespace hostmark::io {
namespace {

WrittenBlock w(std::uint32_t file, std::uint64_t offset, std::uint32_t length, std::uint64_t seq) {
  return WrittenBlock{offset, seq * 1000 + 1, seq, file, length};
}

std::vector<WrittenBlock> listed_blocks(VerifyLog& log) {
  const std::span<const WrittenBlock> s = log.in_order();
  return {s.begin(), s.end()};
}

TEST(VerifyLog, SequentialWritesComeOutAsWritten) {
  VerifyLog log;
  std::vector<WrittenBlock> expected;
  for (std::uint64_t i = 0; i < 10000; ++i) {
    expected.push_back(w(0, i * 4096, 4096, i + 1));
    log.record(expected.back());
  }
  EXPECT_EQ(listed_blocks(log), expected);
  EXPECT_EQ(VerifyLog::kBytesPerEntry, 32u);
}

TEST(VerifyLog, OverwritesKeepTheLatestAndIterateInOrder) {
  VerifyLog log;
  log.record(w(0, 8192, 4096, 1));
  log.record(w(0, 0, 4096, 2));
  log.record(w(1, 0, 4096, 3));
  log.record(w(0, 8192, 4096, 4));  // overwrites #1
  log.record(w(0, 4096, 4096, 6));
  log.record(w(0, 4096, 4096, 5));  // completes after #6: #6 is still the latest
  log.record(w(0, 0, 0, 7));        // zero-length: ignored
  const std::vector<WrittenBlock> want = {w(0, 0, 4096, 2), w(0, 4096, 4096, 6),
                                          w(0, 8192, 4096, 4), w(1, 0, 4096, 3)};
  EXPECT_EQ(listed_blocks(log), want);
  EXPECT_EQ(log.partly_overwritten(), 0u);
  log.clear();
  EXPECT_TRUE(log.in_order().empty());
}

TEST(VerifyLog, PartlyOverwrittenBlocksAreDroppedAndCounted) {
  VerifyLog log;
  log.record(w(0, 0, 8192, 1));
  log.record(w(0, 4096, 8192, 2));  // covers half of #1: #1 cannot be verified whole
  log.record(w(0, 16384, 4096, 3));
  log.record(w(0, 12288, 16384, 4));  // covers all of #3 and none of #2
  const std::vector<WrittenBlock> want = {w(0, 4096, 8192, 2), w(0, 12288, 16384, 4)};
  EXPECT_EQ(listed_blocks(log), want);
  EXPECT_EQ(log.partly_overwritten(), 1u);
}

// Live iff no write with a larger sequence overlaps it (in the same file).
std::vector<WrittenBlock> model(const std::vector<WrittenBlock>& all) {
  std::vector<WrittenBlock> live;
  for (const WrittenBlock& a : all) {
    const bool superseded = std::any_of(all.begin(), all.end(), [&](const WrittenBlock& b) {
      return b.file == a.file && b.sequence > a.sequence && b.offset < a.offset + a.length &&
             a.offset < b.offset + b.length;
    });
    if (!superseded) live.push_back(a);
  }
  std::sort(live.begin(), live.end(), [](const WrittenBlock& x, const WrittenBlock& y) {
    return std::tie(x.file, x.offset) < std::tie(y.file, y.offset);
  });
  return live;
}

TEST(VerifyLog, RandomOverlappingWritesMatchABruteForceModel) {
  std::mt19937_64 rng(7);
  for (int round = 0; round < 20; ++round) {
    VerifyLog log;
    std::vector<WrittenBlock> all;
    const std::size_t n = 50 + rng() % 400;
    // Completions arrive slightly out of order: sequence numbers shuffled within windows of 4.
    std::vector<std::uint64_t> seqs(n);
    for (std::size_t i = 0; i < n; ++i) seqs[i] = i + 1;
    for (std::size_t i = 0; i < n; i += 4) {
      std::shuffle(seqs.begin() + i, seqs.begin() + std::min(n, i + 4), rng);
    }
    for (std::size_t i = 0; i < n; ++i) {
      const auto file = static_cast<std::uint32_t>(rng() % 2);
      const std::uint64_t offset = (rng() % 64) * 512;
      const auto length = static_cast<std::uint32_t>((1 + rng() % 8) * 512);
      all.push_back(w(file, offset, length, seqs[i]));
      log.record(all.back());
    }
    EXPECT_EQ(listed_blocks(log), model(all)) << "round " << round;
  }
}

TEST(VerifyLog, MemoryStaysBoundedUnderEndlessOverwrites) {
  VerifyLog log;
  std::mt19937_64 rng(3);
  constexpr std::uint64_t kLogBlocks = 1000;
  for (std::uint64_t i = 1; i <= 200000; ++i) {
    log.record(w(0, (rng() % kLogBlocks) * 4096, 4096, i));
    ASSERT_LE(log.entries(), VerifyLog::kMinCompactAt) << "after " << i << " writes";
  }
  const std::span<const WrittenBlock> live = log.in_order();
  EXPECT_LE(live.size(), kLogBlocks);
  for (std::size_t i = 1; i < live.size(); ++i) EXPECT_LT(live[i - 1].offset, live[i].offset);
}

}  // namespace
}  // namespace hostmark::io
