// Engine-specific behaviour the conformance suite (engines_test.cc) does not reach: mmap's
// protection and file extension, pvsync2's flags, io_uring's polled mode, libaio's setup error.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
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

// An engine prepared over one file and one block buffer (they outlive it: members).
struct OneFileEngine {
  std::vector<EngineFile> files;
  AlignedBlocks buf{1};
  std::unique_ptr<IoEngine> engine;

  // Makes and prepares `name` over `fd` addressed as `blocks` blocks; the error when it fails.
  Status start(std::string_view name, const EngineOptions& options, int fd, unsigned blocks,
               bool block_device = false) {
    files = {EngineFile{fd, std::uint64_t{blocks} * kBlock, block_device, "file"}};
    engine = make_engine(name, options).value();
    return engine->prepare(files, buf.spans());
  }
  std::int64_t io(IoOp op, unsigned block) {
    IoUnit unit;
    unit.op = op;
    unit.offset = std::uint64_t{block} * kBlock;
    unit.length = kBlock;
    unit.buf = buf.data();
    unit.buf_index = 0;
    return one_io(*engine, unit);
  }
};

TEST(MmapEngine, MapsReadOnlyUnlessWritable) {
  TempDir dir;
  PatternFile file(dir, 2);
  ASSERT_TRUE(file.ok()) << std::strerror(errno);
  OneFileEngine e;
  ASSERT_TRUE(e.start("mmap", EngineOptions{}, file.fd(), 2).ok());
  EXPECT_EQ(e.io(IoOp::kRead, 1), kBlock);
  EXPECT_EQ(e.buf[0][100], pattern(1, 100));
  EXPECT_EQ(e.io(IoOp::kWrite, 0), -EBADF);
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
  OneFileEngine e;
  ASSERT_TRUE(e.start("mmap", options, file.fd(), 4).ok());
  struct stat st {};
  ASSERT_EQ(fstat(file.fd(), &st), 0);
  EXPECT_EQ(st.st_size, 4 * kBlock);
  std::memset(e.buf.data(), 0x5A, kBlock);
  EXPECT_EQ(e.io(IoOp::kWrite, 3), kBlock);
  EXPECT_EQ(e.io(IoOp::kWrite, 4), -EINVAL);  // past the mapping: refused, not a fault
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
  OneFileEngine e;
  ASSERT_TRUE(e.start("pvsync2", options, file.fd(), 2).ok());
  EXPECT_EQ(e.io(IoOp::kRead, 1), kBlock);
  EXPECT_EQ(e.buf[0][4095], pattern(1, 4095));
}

TEST(UringEngine, HipriPollsDirectIo) {
  TempDir dir;
  PatternFile file(dir, 2, O_DIRECT);
  if (!file.ok() && errno == EINVAL) GTEST_SKIP() << "this filesystem refuses O_DIRECT";
  ASSERT_TRUE(file.ok()) << std::strerror(errno);
  EngineOptions options;
  options.hipri = true;
  options.iodepth = 2;
  OneFileEngine e;
  ASSERT_TRUE(e.start("io_uring", options, file.fd(), 2).ok());
  const std::int64_t result = e.io(IoOp::kRead, 1);
  if (result == -EOPNOTSUPP || result == -EINVAL) {
    GTEST_SKIP() << "polled I/O unsupported here: " << std::strerror(static_cast<int>(-result));
  }
  EXPECT_EQ(result, kBlock);
  EXPECT_EQ(e.buf[0][7], pattern(1, 7));
}

// A loop device over `backing` (root only), detached at exit; path() is empty when losetup
// could not set one up.
class LoopDevice {
 public:
  explicit LoopDevice(const std::string& backing) {
    FILE* out = popen(("losetup --find --show '" + backing + "' 2>/dev/null").c_str(), "r");
    if (out == nullptr) return;
    char line[256] = {};
    if (std::fgets(line, sizeof line, out) != nullptr) path_ = line;
    if (pclose(out) != 0) path_.clear();
    while (!path_.empty() && path_.back() == '\n') path_.pop_back();
  }
  ~LoopDevice() {
    if (!path_.empty()) std::system(("losetup -d '" + path_ + "'").c_str());
  }
  LoopDevice(const LoopDevice&) = delete;
  LoopDevice& operator=(const LoopDevice&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

TEST(TrimOnBlockDevice, DiscardsTheRange) {
  if (geteuid() != 0) GTEST_SKIP() << "loop devices need root";
  TempDir dir;
  PatternFile file(dir, 64);
  ASSERT_TRUE(file.ok()) << std::strerror(errno);
  LoopDevice loop(dir.path() + "/file");
  if (loop.path().empty()) GTEST_SKIP() << "losetup could not attach a loop device here";
  const int fd = open(loop.path().c_str(), O_RDWR);
  ASSERT_GE(fd, 0) << loop.path() << ": " << std::strerror(errno);
  EngineOptions options;
  options.writable = true;
  OneFileEngine e;
  ASSERT_TRUE(e.start("psync", options, fd, 64, true).ok());
  const std::int64_t result = e.io(IoOp::kTrim, 2);
  std::vector<std::byte> blocks(2 * kBlock);
  const ssize_t n = pread(fd, blocks.data(), blocks.size(), 2 * kBlock);
  e.engine.reset();
  close(fd);
  if (result == -EOPNOTSUPP) GTEST_SKIP() << "this loop device cannot discard";
  EXPECT_EQ(result, kBlock);
  ASSERT_EQ(n, 2 * kBlock);
  EXPECT_EQ(blocks[0], std::byte{0});
  EXPECT_EQ(blocks[kBlock - 1], std::byte{0});
  EXPECT_EQ(blocks[kBlock], pattern(3, 0));  // the next block is untouched
}

// Expects prepare() of `name` (no files) to fail with the run error "<name>: <call>: ...".
void expect_setup_error(std::string_view name, const EngineOptions& options,
                        const std::string& call) {
  auto engine = make_engine(name, options).value();
  const Status prepared = engine->prepare({}, {});
  ASSERT_FALSE(prepared.ok());
  EXPECT_EQ(prepared.error().kind, ErrorKind::kRun);
  const std::string prefix = std::string(name) + ": " + call + ": ";
  EXPECT_EQ(prepared.error().message().rfind(prefix, 0), 0u) << prepared.error().message();
}

TEST(UringEngine, SetupFailureNamesTheCall) {
  EngineOptions options;
  options.sqthread_poll = true;
  options.sqthread_poll_cpu = 1 << 20;  // no such CPU
  expect_setup_error("io_uring", options, "io_uring_queue_init");
}

TEST(LibaioEngine, SetupFailureNamesTheCall) {
  unsigned max_events = 0;
  std::ifstream("/proc/sys/fs/aio-max-nr") >> max_events;
  if (max_events == 0 || max_events > (1U << 20)) {
    GTEST_SKIP() << "aio-max-nr is unreadable or too large to exceed cheaply";
  }
  EngineOptions options;
  options.iodepth = max_events + 1;  // io_setup refuses more events than aio-max-nr
  expect_setup_error("libaio", options, "io_setup");
}

}  // namespace
}  // namespace hostmark::engines
