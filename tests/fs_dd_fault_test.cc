// Faults injected through the syscall seam (platform/syscalls.h, tests/fault_syscalls.h) into
// the I/O hostmark does outside the engines: the `fs` benchmark's data and file tests
// (fsbench/fd.h), the dd-style transfers (storage/dd_transfer.h) and the hdparm-style timed
// reads (storage/timing.h). ENOSPC and EIO on write, EIO on read and a failed fsync end the run
// with one line naming the file, the operation and the offset; EINTR/EAGAIN are retried and
// short writes continued; `fs` leaves no file behind.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "fault_syscalls.h"
#include "fsbench/fs_run.h"
#include "scratch_dir.h"
#include "storage/dd_transfer.h"
#include "storage/timing.h"

namespace hostmark {
namespace {

using testing::FaultSyscalls;

// 64 KiB of data in 8 KiB chunks (8 writes at 0, 8192, ... then reads), 16 seeks, no
// metadata tests unless `files` is set.
fsbench::FsOptions dd_data_options(const ScratchDir& dir, platform::Syscalls& sys) {
  fsbench::FsOptions o;
  o.dir = dir.path();
  o.name = "fault";
  o.size_bytes = 64 * 1024;
  o.chunk_bytes = 8192;
  o.seeks = 16;
  o.seekers = 1;
  o.files_k = 0;
  o.seed = 1;
  o.syscalls = &sys;
  return o;
}

// Runs `hostmark fs` in-process; returns the run error's one line ("" when none).
std::string run_fs(const fsbench::FsOptions& o, Result& r) {
  std::ostringstream progress;
  try {
    fsbench::measure_fs(o, progress, r);
  } catch (const Failure& f) {
    EXPECT_EQ(f.error().kind, ErrorKind::kRun) << f.what();  // exit 1
    return f.what();
  }
  return "";
}

// The data file of the run's work directory, as the error names it.
std::string data_file_error(const ScratchDir& dir, const std::string& rest) {
  return "^" + dir.path() + "/hostmark-fs\\.[A-Za-z0-9]+/data: " + rest + "$";
}

struct FsCase {
  std::string label;
  std::string script;
  std::string error;  // after "<dir>/hostmark-fs.XXXXXX/data: "
};

class FsFaultTest : public ::testing::TestWithParam<FsCase> {};

TEST_P(FsFaultTest, EndsWithOneLineNamingFileAndOffsetAndLeavesNothing) {
  const ScratchDir dir;
  FaultSyscalls sys(GetParam().script);
  Result r;
  const std::string error = run_fs(dd_data_options(dir, sys), r);
  EXPECT_TRUE(std::regex_match(error, std::regex(data_file_error(dir, GetParam().error)))) << error;
  EXPECT_EQ(sys.injected(), 1U);
  EXPECT_TRUE(dir.empty()) << "the work directory was left behind";
}

const std::vector<FsCase> kFsCases = {
    {"WriteEnospc", "write at 24576 ENOSPC", "write at offset 24576: No space left on device"},
    {"WriteEio", "write #3 EIO", "write at offset 16384: Input/output error"},
    {"ReadEio", "read at 40960 EIO", "read at offset 40960: Input/output error"},
    {"FsyncEio", "sync #1 EIO", "fsync: Input/output error"},
};

INSTANTIATE_TEST_SUITE_P(Faults, FsFaultTest, ::testing::ValuesIn(kFsCases),
                         [](const ::testing::TestParamInfo<FsCase>& param_info) {
                           return param_info.param.label;
                         });

TEST(FsFaultTest, EintrEagainAndShortTransfersAreRetriedOrContinued) {
  const ScratchDir dir;
  // Rewrite and the reads after it read the file the block test wrote: a short write left
  // short would end them early ("the file ended early").
  FaultSyscalls sys(
      "write #2 EINTR; write #5 EAGAIN; write every 3 short; read #4 EINTR; read every 5 short");
  Result r;
  EXPECT_EQ(run_fs(dd_data_options(dir, sys), r), "");
  std::vector<std::string> names;
  for (const Phase& p : r.phases) names.push_back(p.name);
  EXPECT_EQ(names, (std::vector<std::string>{"put_block", "rewrite", "get_block", "seeks"}));
  EXPECT_GE(sys.injected(), 10U);
  EXPECT_TRUE(dir.empty());
}

TEST(FsFaultTest, FileTestWriteEnospcNamesTheFileAndLeavesNothing) {
  const ScratchDir dir;
  FaultSyscalls sys("write #100 ENOSPC");
  fsbench::FsOptions o = dd_data_options(dir, sys);
  o.size_bytes = 0;  // the metadata tests only: 1024 files of 4 KiB
  o.files_k = 1;
  o.file_min_bytes = o.file_max_bytes = 4096;
  Result r;
  const std::string error = run_fs(o, r);
  EXPECT_TRUE(std::regex_match(
      error, std::regex("^" + dir.path() +
                        "/hostmark-fs\\.[A-Za-z0-9]+/.+: write at offset 0: No space left on "
                        "device$")))
      << error;
  EXPECT_TRUE(dir.empty()) << "files of the metadata test were left behind";
}

// dd-style transfers: 4 blocks of 8 KiB.
storage::DdWriteSpec dd_spec(const ScratchDir& dir, platform::Syscalls& sys) {
  storage::DdWriteSpec w;
  w.path = dir.file("dd.bin");
  w.block_bytes = 8192;
  w.count = 4;
  w.syscalls = &sys;
  return w;
}

TEST(DdFaultTest, EnospcCutsTheThirdBlockShortAndNamesTheOffset) {
  const ScratchDir dir;
  FaultSyscalls sys("write after 20480 ENOSPC");  // 2.5 blocks fit
  const auto t = storage::dd_write(dd_spec(dir, sys));
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().kind, ErrorKind::kRun);
  EXPECT_EQ(t.error().message(),
            dir.file("dd.bin") + ": write at offset 20480: No space left on device");
}

TEST(DdFaultTest, EioOnWriteAndFailedSyncsAreNamed) {
  const ScratchDir dir;
  {
    FaultSyscalls sys("write #2 EIO");
    const auto t = storage::dd_write(dd_spec(dir, sys));
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().message(),
              dir.file("dd.bin") + ": write at offset 8192: Input/output error");
  }
  std::filesystem::remove(dir.file("dd.bin"));
  {
    FaultSyscalls sys("sync #1 EIO");
    const auto t = storage::dd_write(dd_spec(dir, sys));  // conv=fdatasync, the default
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().message(), dir.file("dd.bin") + ": fdatasync: Input/output error");
  }
  std::filesystem::remove(dir.file("dd.bin"));
  {
    FaultSyscalls sys("sync #1 EIO");
    storage::DdWriteSpec w = dd_spec(dir, sys);
    w.conv = storage::DdConv::kFsync;
    const auto t = storage::dd_write(w);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().message(), dir.file("dd.bin") + ": fsync: Input/output error");
  }
}

TEST(DdFaultTest, EintrEagainRetriedShortWritesContinuedEveryByteWritten) {
  const ScratchDir dir;
  FaultSyscalls sys("write #2 EINTR; write #3 short; write #5 EAGAIN");
  const auto t = storage::dd_write(dd_spec(dir, sys));
  ASSERT_TRUE(t.ok()) << t.error().message();
  EXPECT_EQ(t->bytes, 4U * 8192);
  EXPECT_EQ(t->full_records, 4U);
  EXPECT_EQ(std::filesystem::file_size(dir.file("dd.bin")), 4U * 8192);
  EXPECT_EQ(sys.injected(), 3U);
}

TEST(DdFaultTest, EioOnReadNamesTheOffset) {
  const ScratchDir dir;
  FaultSyscalls none("");
  ASSERT_TRUE(storage::dd_write(dd_spec(dir, none)).ok());
  FaultSyscalls sys("read #1 EINTR; read at 16384 EIO");
  storage::DdReadSpec r;
  r.path = dir.file("dd.bin");
  r.block_bytes = 8192;
  r.syscalls = &sys;
  const auto t = storage::dd_read(r);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.error().message(), dir.file("dd.bin") + ": read at offset 16384: Input/output error");
  EXPECT_EQ(sys.injected(), 2U);
}

TEST(TimingFaultTest, EioOnATimedReadNamesTheOffset) {
  const ScratchDir dir;
  const std::string path = dir.file("t.bin");
  {
    std::ofstream out(path, std::ios::binary);
    out << std::string(3 * storage::kTimingBufferBytes, 't');
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  FaultSyscalls sys("read #1 EAGAIN; read at 4194304 EIO");
  storage::TimingTarget t{fd, 3 * storage::kTimingBufferBytes, false, path, &sys};
  std::vector<std::byte> buffer(storage::kTimingBufferBytes);
  // Reads until the end or an error: the third 2 MiB read is at 4 MiB.
  const auto s = storage::time_disk_reads(t, buffer, 3600);
  ::close(fd);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message(), path + ": read at offset 4194304: Input/output error");
  EXPECT_EQ(sys.injected(), 2U);
}

}  // namespace
}  // namespace hostmark
