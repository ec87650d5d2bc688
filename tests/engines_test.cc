// Conformance of every I/O engine (and the io_uring option variants) through the IoEngine
// contract: data written through queue/submit/reap is what pread sees and what reads bring
// back, syncs succeed, trim punches holes, O_DIRECT works with aligned buffers, errors come
// back as -errno results, and the null engine moves nothing while reporting full lengths.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine_test_util.h"
#include "engines/io_engine.h"

namespace hostmark::engines {
namespace {

constexpr unsigned kBlocks = 16;

struct Variant {
  std::string label;   // the test-name suffix
  std::string engine;  // make_engine name
  EngineOptions options;
};

std::vector<Variant> all_variants() {
  std::vector<Variant> v;
  for (const std::string_view name : engine_names())
    v.push_back({std::string(name), std::string(name), {}});
  const auto uring = [&v](std::string label, auto set) {
    EngineOptions o;
    set(o);
    v.push_back({"io_uring_" + label, "io_uring", o});
  };
  uring("fixedbufs", [](EngineOptions& o) { o.fixedbufs = true; });
  uring("registerfiles", [](EngineOptions& o) { o.registerfiles = true; });
  uring("sqthread_poll", [](EngineOptions& o) { o.sqthread_poll = true; });
  uring("vectored", [](EngineOptions& o) { o.nonvectored = false; });
  uring("all", [](EngineOptions& o) { o.fixedbufs = o.registerfiles = o.sqthread_poll = true; });
  return v;
}

void PrintTo(const Variant& variant, std::ostream* os) { *os << variant.label; }

class EngineTest : public ::testing::TestWithParam<Variant> {
 protected:
  void SetUp() override {
    ASSERT_FALSE(dir_.path().empty()) << "mkdtemp under /var/tmp: " << std::strerror(errno);
    ASSERT_NE(blocks_.data(), nullptr);
  }
  void TearDown() override {
    engine_.reset();  // before the files close: mmap unmaps, io_uring unregisters
    for (const int fd : fds_) close(fd);
  }

  bool moves_data() const { return GetParam().engine != "null"; }

  // Opens (creating) `name` in the temp dir with `flags`, `blocks` blocks long; -1 on failure.
  int open_file(const std::string& name, int flags, unsigned blocks) {
    const int fd = open((dir_.path() + "/" + name).c_str(), O_RDWR | O_CREAT | flags, 0600);
    if (fd < 0) return -1;
    fds_.push_back(fd);
    if (ftruncate(fd, static_cast<off_t>(blocks) * kBlock) != 0) return -1;
    return fd;
  }

  // Makes the variant's engine at `depth` over one file and prepares it; nullptr (with a
  // recorded failure) when that fails.
  IoEngine* engine_for(int fd, unsigned depth, std::uint64_t size_bytes = kBlocks * kBlock) {
    EngineOptions options = GetParam().options;
    options.iodepth = depth;
    options.writable = true;
    auto made = make_engine(GetParam().engine, options);
    EXPECT_TRUE(made.ok()) << made.error().message();
    if (!made.ok()) return nullptr;
    engine_ = std::move(made).value();
    files_ = {EngineFile{fd, size_bytes, false, "test"}};
    const Status prepared = engine_->prepare(files_, blocks_.spans());
    EXPECT_TRUE(prepared.ok()) << prepared.error().message();
    return prepared.ok() ? engine_.get() : nullptr;
  }

  // A unit for block `block` of file 0 using buffer `buffer`.
  IoUnit unit(IoOp op, unsigned block, unsigned buffer, std::uint32_t length = kBlock) {
    IoUnit u;
    u.op = op;
    u.offset = std::uint64_t{block} * kBlock;
    u.length = length;
    u.buf = blocks_[buffer].data();
    u.buf_index = static_cast<int>(buffer);
    return u;
  }

  // Drives every unit through queue/submit/reap, as many at once as the engine takes, until
  // all completed; checks each completes exactly once and submit() counted each staged unit.
  static void run_all(IoEngine& engine, std::vector<IoUnit>& units) {
    std::vector<int> completions(units.size(), 0);
    for (std::size_t i = 0; i < units.size(); ++i)
      units[i].pool_index = static_cast<std::uint32_t>(i);
    std::vector<IoUnit*> out(units.size());
    std::size_t next = 0;
    std::size_t done = 0;
    std::size_t staged = 0;
    std::size_t submitted = 0;
    for (int round = 0; done < units.size(); ++round) {
      ASSERT_LT(round, 1000) << "no progress";
      while (next < units.size()) {
        const QueueStatus s = engine.queue(units[next]);
        if (s == QueueStatus::kBusy) break;
        if (s == QueueStatus::kCompleted) ++completions[next], ++done;
        if (s == QueueStatus::kQueued) ++staged;
        ++next;
      }
      const int handed = engine.submit();
      ASSERT_GE(handed, 0);
      submitted += static_cast<std::size_t>(handed);
      const int n = engine.reap(1, out);
      ASSERT_GE(n, 0);
      for (int i = 0; i < n; ++i) ++completions[out[i]->pool_index], ++done;
    }
    for (std::size_t i = 0; i < units.size(); ++i) EXPECT_EQ(completions[i], 1) << "unit " << i;
    EXPECT_EQ(submitted, staged) << "submit() must count every staged I/O once";
  }

  // Writes the pattern to every block (in a scrambled order) through the engine, checks the
  // file with pread, reads it back through the engine and checks the buffers.
  // `check_fd` reads the file for the check (a buffered fd when `fd` is O_DIRECT).
  void round_trip(IoEngine* engine, int check_fd) {
    ASSERT_NE(engine, nullptr);
    std::vector<IoUnit> writes;
    for (unsigned i = 0; i < kBlocks; ++i) {
      const unsigned block = (i * 5 + 3) % kBlocks;
      for (unsigned p = 0; p < kBlock; ++p) blocks_[i][p] = pattern(block, p);
      writes.push_back(unit(IoOp::kWrite, block, i));
    }
    run_all(*engine, writes);
    for (const IoUnit& u : writes) EXPECT_EQ(u.result, kBlock);
    std::vector<std::byte> file(kBlock);
    for (unsigned block = 0; block < kBlocks; ++block) {
      ASSERT_EQ(pread(check_fd, file.data(), kBlock, std::int64_t{block} * kBlock), kBlock);
      for (unsigned p = 0; p < kBlock; p += 97) {
        ASSERT_EQ(file[p], moves_data() ? pattern(block, p) : std::byte{0}) << block << ":" << p;
      }
    }
    std::memset(blocks_.data(), 0xEE, kBlocks * kBlock);
    std::vector<IoUnit> reads;
    for (unsigned i = 0; i < kBlocks; ++i) reads.push_back(unit(IoOp::kRead, (i * 7) % kBlocks, i));
    run_all(*engine, reads);
    for (unsigned i = 0; i < kBlocks; ++i) {
      EXPECT_EQ(reads[i].result, kBlock);
      for (unsigned p = 0; p < kBlock; p += 89) {
        ASSERT_EQ(blocks_[i][p], moves_data() ? pattern((i * 7) % kBlocks, p) : std::byte{0xEE});
      }
    }
  }

  TempDir dir_;
  AlignedBlocks blocks_{kBlocks};
  std::vector<int> fds_;
  std::vector<EngineFile> files_;
  std::unique_ptr<IoEngine> engine_;
};

TEST_P(EngineTest, WritesAndReadsBackAtDepthOne) {
  const int fd = open_file("data", 0, kBlocks);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  round_trip(engine_for(fd, 1), fd);
}

TEST_P(EngineTest, WritesAndReadsBackAtDepthEight) {
  const int fd = open_file("data", 0, kBlocks);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  round_trip(engine_for(fd, 8), fd);
}

// One I/O at a time, many times: each submit() must report the one staged I/O. With SQPOLL the
// kernel thread may take an entry before liburing counts what it left in the ring (it then
// counts 0); an engine trusting that count lost track of the I/O and stalled (seen under load).
TEST_P(EngineTest, SubmitReportsEachStagedIoOverManyRounds) {
  const int fd = open_file("data", 0, kBlocks);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  IoEngine* engine = engine_for(fd, 1);
  ASSERT_NE(engine, nullptr);
  std::vector<IoUnit*> out(1);
  for (unsigned round = 0; round < 2000; ++round) {
    IoUnit u = unit(IoOp::kRead, round % kBlocks, 0);
    const QueueStatus s = engine->queue(u);
    if (s == QueueStatus::kCompleted) {
      ASSERT_EQ(u.result, kBlock) << round;
      continue;
    }
    ASSERT_EQ(s, QueueStatus::kQueued) << round;
    ASSERT_EQ(engine->submit(), 1) << round;
    ASSERT_EQ(engine->reap(1, out), 1) << round;
    ASSERT_EQ(out[0], &u) << round;
    ASSERT_EQ(u.result, kBlock) << round;
  }
}

TEST_P(EngineTest, PreparedOnAnotherThreadThanTheIo) {
  const int fd = open_file("data", 0, kBlocks);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  IoEngine* engine = nullptr;
  std::thread([&] { engine = engine_for(fd, 8); }).join();
  round_trip(engine, fd);
}

TEST_P(EngineTest, StagesAtMostIodepth) {
  const int fd = open_file("data", 0, kBlocks);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  IoEngine* engine = engine_for(fd, 8);
  ASSERT_NE(engine, nullptr);
  const std::string& name = GetParam().engine;
  EXPECT_EQ(engine->synchronous(),
            name != "libaio" && name != "io_uring" && name != "null" && name != "posixaio");
  std::vector<IoUnit> units;
  for (unsigned i = 0; i < 9; ++i) units.push_back(unit(IoOp::kRead, i, i));
  const QueueStatus first = engine->synchronous() ? QueueStatus::kCompleted : QueueStatus::kQueued;
  for (unsigned i = 0; i < 8; ++i) ASSERT_EQ(engine->queue(units[i]), first) << i;
  if (engine->synchronous()) {
    EXPECT_EQ(engine->queue(units[8]), QueueStatus::kCompleted);
    return;
  }
  EXPECT_EQ(engine->queue(units[8]), QueueStatus::kBusy);
  EXPECT_EQ(engine->submit(), 8);
  std::vector<IoUnit*> out(8);
  EXPECT_EQ(engine->reap(8, out), 8);
  for (unsigned i = 0; i < 8; ++i) EXPECT_EQ(units[i].result, kBlock) << i;
  EXPECT_EQ(engine->queue(units[8]), QueueStatus::kQueued);  // room again
  EXPECT_EQ(engine->submit(), 1);
  EXPECT_EQ(engine->reap(1, out), 1);
}

TEST_P(EngineTest, FsyncAndFdatasyncSucceed) {
  const int fd = open_file("data", 0, kBlocks);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  IoEngine* engine = engine_for(fd, 4);
  ASSERT_NE(engine, nullptr);
  std::vector<IoUnit> units = {unit(IoOp::kWrite, 0, 0), unit(IoOp::kFsync, 0, 0, 0),
                               unit(IoOp::kFdatasync, 0, 0, 0)};
  run_all(*engine, units);
  EXPECT_EQ(units[0].result, kBlock);
  EXPECT_EQ(units[1].result, 0);
  EXPECT_EQ(units[2].result, 0);
}

TEST_P(EngineTest, TrimPunchesAHole) {
  const int fd = open_file("data", 0, 2);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  std::vector<std::byte> block(2 * kBlock);
  for (unsigned p = 0; p < 2 * kBlock; ++p) block[p] = pattern(p / kBlock, p % kBlock);
  ASSERT_EQ(pwrite(fd, block.data(), block.size(), 0), 2 * kBlock);
  IoEngine* engine = engine_for(fd, 4, 2 * kBlock);
  ASSERT_NE(engine, nullptr);
  std::vector<IoUnit> units = {unit(IoOp::kTrim, 0, 0)};
  run_all(*engine, units);
  if (units[0].result == -EOPNOTSUPP) GTEST_SKIP() << "this filesystem cannot punch holes";
  EXPECT_EQ(units[0].result, kBlock);
  ASSERT_EQ(pread(fd, block.data(), block.size(), 0), 2 * kBlock);
  for (unsigned p = 0; p < kBlock; ++p) {
    ASSERT_EQ(block[p], moves_data() ? std::byte{0} : pattern(0, p)) << p;
    ASSERT_EQ(block[kBlock + p], pattern(1, p)) << "the block after the hole changed at " << p;
  }
}

TEST_P(EngineTest, DirectIoWithAlignedBuffers) {
  const int fd = open_file("direct", O_DIRECT, kBlocks);
  if (fd < 0 && errno == EINVAL) GTEST_SKIP() << "this filesystem refuses O_DIRECT opens";
  ASSERT_GE(fd, 0) << std::strerror(errno);
  if (pread(fd, blocks_.data(), kBlock, 0) < 0 && errno == EINVAL) {
    GTEST_SKIP() << "this filesystem refuses O_DIRECT reads";
  }
  const int buffered_fd = open_file("direct", 0, kBlocks);
  ASSERT_GE(buffered_fd, 0) << std::strerror(errno);
  round_trip(engine_for(fd, 4), buffered_fd);
}

TEST_P(EngineTest, BadDescriptorIsAnErrorResultOrASetupError) {
  EngineOptions options = GetParam().options;
  options.iodepth = 2;
  auto engine = make_engine(GetParam().engine, options).value();
  const std::vector<EngineFile> files = {EngineFile{-1, kBlocks * kBlock, false, "bad"}};
  const Status prepared = engine->prepare(files, blocks_.spans());
  if (!prepared.ok()) {  // engines that set the file up (mmap, registerfiles) fail there
    EXPECT_EQ(prepared.error().kind, ErrorKind::kRun);
    EXPECT_EQ(prepared.error().what, GetParam().engine);
    EXPECT_NE(prepared.error().why.find("Bad file descriptor"), std::string::npos)
        << prepared.error().why;
    return;
  }
  std::vector<IoUnit> units = {unit(IoOp::kRead, 0, 0)};
  run_all(*engine, units);
  EXPECT_EQ(units[0].result, moves_data() ? std::int64_t{-EBADF} : kBlock);
}

TEST_P(EngineTest, ReadPastEndOfFileIsShort) {
  const int fd = open_file("short", 0, 2);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  IoEngine* engine = engine_for(fd, 2, 2 * kBlock);
  ASSERT_NE(engine, nullptr);
  std::vector<IoUnit> units = {unit(IoOp::kRead, 8, 0), unit(IoOp::kRead, 1, 1, 2 * kBlock)};
  units[1].buf_index = -1;  // two blocks long: no registered buffer holds it
  run_all(*engine, units);
  EXPECT_EQ(units[0].result, moves_data() ? 0 : kBlock);
  EXPECT_EQ(units[1].result, moves_data() ? kBlock : 2 * kBlock);  // straddles the end
}

INSTANTIATE_TEST_SUITE_P(All, EngineTest, ::testing::ValuesIn(all_variants()),
                         [](const ::testing::TestParamInfo<Variant>& param_info) {
                           return param_info.param.label;
                         });

TEST(EngineTable, NamesEveryEngine) {
  const auto names = engine_names();
  EXPECT_EQ(std::vector<std::string_view>(names.begin(), names.end()),
            (std::vector<std::string_view>{"psync", "sync", "pvsync2", "libaio", "io_uring", "mmap",
                                           "null", "posixaio"}));
  for (const std::string_view name : names) {
    auto engine = make_engine(name, EngineOptions{});
    ASSERT_TRUE(engine.ok()) << name;
    EXPECT_EQ(engine.value()->name(), name);
  }
}

TEST(EngineTable, UnknownNameIsAUsageErrorNamingTheOption) {
  const auto engine = make_engine("foo", EngineOptions{});
  ASSERT_FALSE(engine.ok());
  EXPECT_EQ(engine.error().kind, ErrorKind::kUsage);
  EXPECT_EQ(engine.error().message(),
            "ioengine: 'foo' is not an engine (known: psync, sync, pvsync2, libaio, io_uring, "
            "mmap, null, posixaio)");
}

TEST(NullEngine, IsSynchronousOnlyAtDepthOne) {
  EngineOptions options;
  EXPECT_TRUE(make_engine("null", options).value()->synchronous());
  options.iodepth = 4;
  EXPECT_FALSE(make_engine("null", options).value()->synchronous());
}

}  // namespace
}  // namespace hostmark::engines
