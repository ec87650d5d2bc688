// The retry wrapper every data-moving engine gets (engines/retrying_engine.cc), driven
// directly through queue/submit/reap with faults from the seam (tests/fault_syscalls.h):
//   - a retry made inside reap() must not submit I/O the caller staged but has not submitted
//     (libaio and io_uring stage the caller's I/O ahead of the retry in one queue), and every
//     I/O completes exactly once;
//   - a short read that ends at the end of a file whose size is not a multiple of the block
//     size ends there (fio's short read at end of file), instead of asking for the rest at an
//     unaligned offset, which an O_DIRECT file refuses with EINVAL.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "engine_test_util.h"
#include "fault_syscalls.h"
#include "platform/retry.h"

namespace hostmark::engines {
namespace {

using hostmark::testing::FaultSyscalls;

constexpr std::uint64_t kOddSize = 10000;  // 2 blocks and 1808 bytes

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// A file of `size` bytes of the test pattern.
bool write_pattern_file(const std::string& path, std::uint64_t size) {
  std::vector<std::byte> bytes(size);
  for (std::uint64_t i = 0; i < size; ++i)
    bytes[i] = pattern(static_cast<unsigned>(i / kBlock), static_cast<unsigned>(i % kBlock));
  const Fd fd(open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600));
  return fd.get() >= 0 && write(fd.get(), bytes.data(), size) == static_cast<ssize_t>(size);
}

// `name`'s engine over `fd` through `sys`, prepared; nullptr with the reason in `why`.
std::unique_ptr<IoEngine> engine_over(const std::string& name, int fd, std::uint64_t size,
                                      unsigned depth, platform::Syscalls& sys,
                                      const AlignedBlocks& blocks, std::vector<EngineFile>& files,
                                      std::string& why) {
  EngineOptions options;
  options.iodepth = depth;
  options.syscalls = &sys;
  auto made = make_engine(name, options);
  if (!made.ok()) {
    why = made.error().message();
    return nullptr;
  }
  files = {EngineFile{fd, size, false, "data"}};
  const Status prepared = made.value()->prepare(files, blocks.spans());
  if (!prepared.ok()) {
    why = prepared.error().message();
    return nullptr;
  }
  return std::move(made).value();
}

IoUnit read_unit(unsigned block, std::byte* buf) {
  IoUnit u;
  u.op = IoOp::kRead;
  u.offset = std::uint64_t{block} * kBlock;
  u.length = kBlock;
  u.buf = buf;
  return u;
}

class RetryAsyncTest : public ::testing::TestWithParam<std::string> {};

// A's first completion is EINTR, retried inside reap() while B is staged but not submitted.
// The retry waits for the caller's submit(): reap() never hands back B before submit()
// reported it, submit() counts B once (not the retry), and A and B each complete once.
TEST_P(RetryAsyncTest, ARetryInReapDoesNotSubmitTheCallersStagedIo) {
  const ScratchDir dir;
  ASSERT_TRUE(write_pattern_file(dir.file("data"), 4 * kBlock));
  const Fd fd(open(dir.file("data").c_str(), O_RDONLY));
  ASSERT_GE(fd.get(), 0) << std::strerror(errno);
  FaultSyscalls sys("read #1 EINTR");
  const AlignedBlocks blocks(2);
  std::vector<EngineFile> files;
  std::string why;
  auto engine = engine_over(GetParam(), fd.get(), 4 * kBlock, 2, sys, blocks, files, why);
  if (engine == nullptr) GTEST_SKIP() << GetParam() << " cannot run here: " << why;

  IoUnit a = read_unit(0, blocks[0].data());
  IoUnit b = read_unit(1, blocks[1].data());
  ASSERT_EQ(engine->queue(a), QueueStatus::kQueued);
  ASSERT_EQ(engine->submit(), 1);
  ASSERT_EQ(engine->queue(b), QueueStatus::kQueued);  // staged, not submitted

  // Before the caller submits B: whatever reap returns (waiting for all it may) is not B.
  std::vector<IoUnit*> early;
  IoUnit* out[2] = {nullptr, nullptr};
  for (const unsigned min : {1U, 2U}) {
    const int n = engine->reap(min, out);
    ASSERT_GE(n, 0);
    early.insert(early.end(), out, out + n);
  }
  EXPECT_EQ(std::count(early.begin(), early.end(), &b), 0)
      << "B completed before the caller's submit() reported it";

  int submitted = engine->submit();
  EXPECT_EQ(submitted, 1);  // B only: the retry of A is the wrapper's
  std::vector<IoUnit*> done = early;
  while (done.size() < 2) {
    const int n = engine->reap(static_cast<unsigned>(2 - done.size()), out);
    ASSERT_GT(n, 0) << "an I/O never completed";
    done.insert(done.end(), out, out + n);
    if (engine->submit() > 0) ++submitted;  // nothing of the caller's is staged: 0
  }
  EXPECT_EQ(submitted, 1);
  EXPECT_EQ(std::count(done.begin(), done.end(), &a), 1);
  EXPECT_EQ(std::count(done.begin(), done.end(), &b), 1);
  EXPECT_EQ(engine->reap(0, out), 0);  // nothing more
  EXPECT_EQ(a.result, kBlock);
  EXPECT_EQ(a.retries, 1U);
  EXPECT_EQ(b.result, kBlock);
  EXPECT_EQ(blocks[1][0], pattern(1, 0));
  EXPECT_EQ(sys.injected(), 1U);
}

INSTANTIATE_TEST_SUITE_P(Async, RetryAsyncTest, ::testing::Values("libaio", "io_uring"));

class RetryEndOfFileTest : public ::testing::TestWithParam<std::string> {};

// The last block of a 10000-byte file: the read gets 1808 bytes. Asking for the other 2288
// at offset 10000 is what an O_DIRECT file refuses (EINVAL, emulated by the seam's
// `unaligned` rule); the read must end as fio's does: done, with the 1808 bytes it got.
TEST_P(RetryEndOfFileTest, ShortReadAtTheEndOfAnOddSizedFileEndsThere) {
  const ScratchDir dir;
  ASSERT_TRUE(write_pattern_file(dir.file("data"), kOddSize));
  const Fd fd(open(dir.file("data").c_str(), O_RDONLY));
  ASSERT_GE(fd.get(), 0) << std::strerror(errno);
  FaultSyscalls sys("read unaligned EINVAL");
  const AlignedBlocks blocks(1);
  std::vector<EngineFile> files;
  std::string why;
  auto engine = engine_over(GetParam(), fd.get(), kOddSize, 1, sys, blocks, files, why);
  if (engine == nullptr) GTEST_SKIP() << GetParam() << " cannot run here: " << why;
  IoUnit u = read_unit(2, blocks[0].data());
  EXPECT_EQ(one_io(*engine, u), static_cast<std::int64_t>(kOddSize - 2 * kBlock));
  EXPECT_EQ(u.offset, 2 * kBlock);  // the unit's own range, as it was asked
  EXPECT_EQ(u.length, kBlock);
  EXPECT_EQ(u.short_parts, 0U);
  EXPECT_EQ(blocks[0][kOddSize - 2 * kBlock - 1], pattern(2, kOddSize - 2 * kBlock - 1));
  EXPECT_EQ(sys.injected(), 0U);  // nothing unaligned was asked for
}

// The same read on a real O_DIRECT file, where the file system supports it.
TEST_P(RetryEndOfFileTest, RealDirectReadAtTheEndOfAnOddSizedFileIsShortNotEinval) {
  const ScratchDir dir;
  ASSERT_TRUE(write_pattern_file(dir.file("data"), kOddSize));
  const Fd fd(open(dir.file("data").c_str(), O_RDONLY | O_DIRECT));
  if (fd.get() < 0) GTEST_SKIP() << "O_DIRECT on " << dir.path() << ": " << std::strerror(errno);
  const AlignedBlocks blocks(1);
  std::vector<EngineFile> files;
  std::string why;
  auto engine =
      engine_over(GetParam(), fd.get(), kOddSize, 1, platform::real_syscalls(), blocks, files, why);
  if (engine == nullptr) GTEST_SKIP() << GetParam() << " cannot run here: " << why;
  IoUnit u = read_unit(2, blocks[0].data());
  EXPECT_EQ(one_io(*engine, u), static_cast<std::int64_t>(kOddSize - 2 * kBlock));
}

INSTANTIATE_TEST_SUITE_P(Engines, RetryEndOfFileTest,
                         ::testing::Values("psync", "sync", "pvsync2", "libaio", "io_uring"));

// The shared rule (platform/retry.h) every retry loop uses: EINTR and EAGAIN, 64 times in a
// row at most, whatever the counter's type; anything else stands at once and is not counted.
TEST(RetryTransient, RetriesEintrAndEagainSixtyFourTimesThenTheErrorStands) {
  for (const std::int64_t transient : {std::int64_t{-EINTR}, std::int64_t{-EAGAIN}}) {
    int retries = 0;
    int allowed = 0;
    while (platform::retry_transient(transient, retries)) ++allowed;
    EXPECT_EQ(allowed, platform::kTransientRetries);
    EXPECT_EQ(retries, platform::kTransientRetries);
  }
  std::uint32_t unit_retries = 63;  // IoUnit's counter
  EXPECT_TRUE(platform::retry_transient(-EAGAIN, unit_retries));
  EXPECT_FALSE(platform::retry_transient(-EAGAIN, unit_retries));
  EXPECT_EQ(unit_retries, 64u);
  for (const std::int64_t final_result :
       {std::int64_t{-EIO}, std::int64_t{-ENOSPC}, std::int64_t{0}, std::int64_t{4096}}) {
    int retries = 0;
    EXPECT_FALSE(platform::retry_transient(final_result, retries)) << final_result;
    EXPECT_EQ(retries, 0);
  }
}

}  // namespace
}  // namespace hostmark::engines
