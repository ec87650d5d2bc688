// Engine-specific behaviour the conformance suite (engines_test.cc) does not reach: mmap's
// protection and file extension, pvsync2's flags, io_uring's polled mode, libaio's setup error.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "engine_test_util.h"
#include "engines/io_engine.h"

namespace hostmark::engines {
namespace {

// A test's scratch file: `blocks` blocks of the pattern, opened with `flags` (closed at exit).
class PatternFile {
 public:
  PatternFile(const TempDir& dir, unsigned blocks, int flags = 0) {
    const std::string path = dir.path() + "/file";
    const int plain = open(path.c_str(), O_RDWR | O_CREAT, 0600);
    std::vector<std::byte> bytes(std::size_t{blocks} * kBlock);
    for (unsigned p = 0; p < bytes.size(); ++p) bytes[p] = pattern(p / kBlock, p % kBlock);
    written_ = plain >= 0 &&
               pwrite(plain, bytes.data(), bytes.size(), 0) == static_cast<ssize_t>(bytes.size());
    if (plain >= 0) close(plain);
    fd_ = open(path.c_str(), O_RDWR | flags);
  }
  ~PatternFile() {
    if (fd_ >= 0) close(fd_);
  }
  PatternFile(const PatternFile&) = delete;
  PatternFile& operator=(const PatternFile&) = delete;
  bool ok() const { return written_ && fd_ >= 0; }
  int fd() const { return fd_; }

 private:
  bool written_ = false;
  int fd_ = -1;
};

IoUnit block_unit(IoOp op, unsigned block, std::byte* buf) {
  IoUnit u;
  u.op = op;
  u.offset = std::uint64_t{block} * kBlock;
  u.length = kBlock;
  u.buf = buf;
  u.buf_index = 0;
  return u;
}

TEST(MmapEngine, MapsReadOnlyUnlessWritable) {
  TempDir dir;
  PatternFile file(dir, 2);
  ASSERT_TRUE(file.ok()) << std::strerror(errno);
  auto engine = make_engine("mmap", EngineOptions{}).value();
  const std::vector<EngineFile> files = {EngineFile{file.fd(), 2 * kBlock, false, "file"}};
  AlignedBlocks buf(1);
  ASSERT_TRUE(engine->prepare(files, buf.spans()).ok());
  IoUnit read = block_unit(IoOp::kRead, 1, buf.data());
  EXPECT_EQ(one_io(*engine, read), kBlock);
  EXPECT_EQ(buf[0][100], pattern(1, 100));
  IoUnit write = block_unit(IoOp::kWrite, 0, buf.data());
  EXPECT_EQ(one_io(*engine, write), -EBADF);
  std::byte first{};
  ASSERT_EQ(pread(file.fd(), &first, 1, 0), 1);
  EXPECT_EQ(first, pattern(0, 0));
}

TEST(MmapEngine, ExtendsAWritableFileToTheJobSize) {
  TempDir dir;
  PatternFile file(dir, 1);
  ASSERT_TRUE(file.ok()) << std::strerror(errno);
  EngineOptions options;
  options.writable = true;
  auto engine = make_engine("mmap", options).value();
  const std::vector<EngineFile> files = {EngineFile{file.fd(), 4 * kBlock, false, "file"}};
  AlignedBlocks buf(1);
  ASSERT_TRUE(engine->prepare(files, buf.spans()).ok());
  struct stat st {};
  ASSERT_EQ(fstat(file.fd(), &st), 0);
  EXPECT_EQ(st.st_size, 4 * kBlock);
  std::memset(buf.data(), 0x5A, kBlock);
  IoUnit write = block_unit(IoOp::kWrite, 3, buf.data());
  EXPECT_EQ(one_io(*engine, write), kBlock);
  IoUnit beyond = block_unit(IoOp::kWrite, 4, buf.data());
  EXPECT_EQ(one_io(*engine, beyond), -EINVAL);  // past the mapping: refused, not a fault
  std::byte last{};
  ASSERT_EQ(pread(file.fd(), &last, 1, 4 * kBlock - 1), 1);
  EXPECT_EQ(last, std::byte{0x5A});
}

TEST(Pvsync2Engine, NowaitReadsCachedData) {
  TempDir dir;
  PatternFile file(dir, 2);  // just written: in the page cache
  ASSERT_TRUE(file.ok()) << std::strerror(errno);
  EngineOptions options;
  options.nowait = true;
  auto engine = make_engine("pvsync2", options).value();
  const std::vector<EngineFile> files = {EngineFile{file.fd(), 2 * kBlock, false, "file"}};
  AlignedBlocks buf(1);
  ASSERT_TRUE(engine->prepare(files, buf.spans()).ok());
  IoUnit read = block_unit(IoOp::kRead, 1, buf.data());
  EXPECT_EQ(one_io(*engine, read), kBlock);
  EXPECT_EQ(buf[0][4095], pattern(1, 4095));
}

TEST(UringEngine, HipriPollsDirectIo) {
  TempDir dir;
  PatternFile file(dir, 2, O_DIRECT);
  if (!file.ok() && errno == EINVAL) GTEST_SKIP() << "this filesystem refuses O_DIRECT";
  ASSERT_TRUE(file.ok()) << std::strerror(errno);
  EngineOptions options;
  options.hipri = true;
  options.iodepth = 2;
  auto engine = make_engine("io_uring", options).value();
  const std::vector<EngineFile> files = {EngineFile{file.fd(), 2 * kBlock, false, "file"}};
  AlignedBlocks buf(1);
  ASSERT_TRUE(engine->prepare(files, buf.spans()).ok());
  IoUnit read = block_unit(IoOp::kRead, 1, buf.data());
  const std::int64_t result = one_io(*engine, read);
  if (result == -EOPNOTSUPP || result == -EINVAL) {
    GTEST_SKIP() << "polled I/O unsupported here: " << std::strerror(static_cast<int>(-result));
  }
  EXPECT_EQ(result, kBlock);
  EXPECT_EQ(buf[0][7], pattern(1, 7));
}

TEST(LibaioEngine, SetupFailureNamesTheCall) {
  unsigned max_events = 0;
  std::ifstream("/proc/sys/fs/aio-max-nr") >> max_events;
  if (max_events == 0 || max_events > (1U << 20)) {
    GTEST_SKIP() << "aio-max-nr is unreadable or too large to exceed cheaply";
  }
  EngineOptions options;
  options.iodepth = max_events + 1;  // io_setup refuses more events than aio-max-nr
  auto engine = make_engine("libaio", options).value();
  const Status prepared = engine->prepare({}, {});
  ASSERT_FALSE(prepared.ok());
  EXPECT_EQ(prepared.error().kind, ErrorKind::kRun);
  EXPECT_EQ(prepared.error().message().rfind("libaio: io_setup: ", 0), 0u)
      << prepared.error().message();
}

}  // namespace
}  // namespace hostmark::engines
