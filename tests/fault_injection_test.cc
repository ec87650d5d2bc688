// Faults injected through the syscall seam (platform/syscalls.h, tests/fault_syscalls.h) into
// whole fio jobs, one table run on every data-moving engine: EINTR and EAGAIN are retried,
// short transfers continued, ENOSPC / EIO / failed fsync reported with file and offset and
// counted as failed (never as done), continue_on_error passes EIO over as fio does (or the
// errors of ignore_error's lists instead), nothing
// hangs. 16 I/Os of 4 KiB at iodepth 1, so every count is exact; the deep-queue cases at the
// end check what does not depend on completion order.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "fault_syscalls.h"
#include "fio/job_parser.h"
#include "io/fio_run.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

using testing::FaultSyscalls;

constexpr std::uint64_t kFaultBlock = 4096;
constexpr std::uint64_t kIos = 16;

// Runs one fio job over a 64 KiB file through `sys`.
fio::JobStats run_job(const ScratchDir& dir, const std::string& engine,
                      const std::vector<std::string>& extra, platform::Syscalls& sys) {
  std::vector<std::string> args = {"--name=f", "--filename=" + dir.file("data"), "--size=64k",
                                   "--bs=4k", "--ioengine=" + engine};
  args.insert(args.end(), extra.begin(), extra.end());
  auto parsed = fio::parse_fio_command_line(args, fio::system_parser_env());
  EXPECT_TRUE(parsed.ok()) << parsed.error().message();
  if (!parsed.ok()) return {};
  std::ostringstream log;
  io::RunIo io{log};
  io.syscalls = &sys;
  auto run = io::run_fio_jobs(parsed.value(), io);
  EXPECT_TRUE(run.ok()) << run.error().message();
  if (!run.ok() || run.value().jobs.size() != 1) return {};
  return run.value().jobs[0];
}

struct FaultCase {
  std::string label;
  std::string script;            // FaultSyscalls rules
  std::vector<std::string> job;  // fio options beyond the common ones
  int dir = 0;                   // 0 read, 1 write: the direction counted below
  std::uint64_t done_ios = 0;    // completed I/Os of that direction
  std::uint64_t short_ios = 0;   // short transfers continued
  std::uint64_t failed_ios = 0;  // JobStats::failed_ios
  int error = 0;                 // JobStats::error (0: the job ran to its end)
  int first_error = 0;           // JobStats::first_error
  std::string message;           // in error_text (or first_error_text), after the path
  std::uint64_t faults = 0;      // faults the seam injected
};

const std::vector<FaultCase>& fault_cases() {
  static const std::vector<FaultCase> kCases = {
      {"WriteEintrRetried", "write #3 EINTR", {"--rw=write"}, 1, kIos, 0, 0, 0, 0, "", 1},
      {"ReadEagainRetried",
       "read #2 EAGAIN; read #5 EAGAIN",
       {"--rw=read"},
       0,
       kIos,
       0,
       0,
       0,
       0,
       "",
       2},
      // Calls 5, 10 and 15 of 19 are short: three continuations, every byte still read.
      {"EveryFifthReadShortByHalf",
       "read every 5 short",
       {"--rw=read"},
       0,
       kIos,
       3,
       0,
       0,
       0,
       "",
       3},
      {"WriteShortThenContinued",
       "write #1 short; write #7 short",
       {"--rw=write"},
       1,
       kIos,
       2,
       0,
       0,
       0,
       "",
       2},
      // 10.5 blocks fit: the 11th write moves half, its rest gets ENOSPC.
      {"EnospcAfterBytes",
       "write after 43008 ENOSPC",
       {"--rw=write"},
       1,
       10,
       1,
       1,
       ENOSPC,
       ENOSPC,
       "write at offset 40960: No space left on device",
       2},
      {"EioOnReadAtOffset",
       "read at 8192 EIO",
       {"--rw=read"},
       0,
       2,
       0,
       1,
       EIO,
       EIO,
       "read at offset 8192: Input/output error",
       1},
      {"EioOnFifthWrite",
       "write #5 EIO",
       {"--rw=write"},
       1,
       4,
       0,
       1,
       EIO,
       EIO,
       "write at offset 16384: Input/output error",
       1},
      {"FsyncFails",
       "sync #1 EIO",
       {"--rw=write", "--fsync=4"},
       1,
       4,
       0,
       1,
       EIO,
       EIO,
       "fsync: Input/output error",
       1},
      {"EndFsyncFails",
       "sync #1 EIO",
       {"--rw=write", "--end_fsync=1"},
       1,
       kIos,
       0,
       1,
       EIO,
       EIO,
       "fsync: Input/output error",
       1},
      // EAGAIN forever: retried a bounded number of times, then reported (no hang).
      {"EndlessEagainGivesUp",
       "write always EAGAIN",
       {"--rw=write"},
       1,
       0,
       0,
       1,
       EAGAIN,
       EAGAIN,
       "write at offset 0: Resource temporarily unavailable",
       65},
      // fio's continue_on_error: EIO is counted and passed over; the job runs to its end.
      {"ContinueOnErrorPassesEio",
       "read at 8192 EIO; read at 40960 EIO",
       {"--rw=read", "--continue_on_error=read"},
       0,
       kIos - 2,
       0,
       2,
       0,
       EIO,
       "read at offset 8192: Input/output error",
       2},
      // ... but not ENOSPC, which fio never treats as non-fatal.
      {"ContinueOnErrorStopsOnEnospc",
       "write #3 ENOSPC",
       {"--rw=write", "--continue_on_error=all"},
       1,
       2,
       0,
       1,
       ENOSPC,
       ENOSPC,
       "write at offset 8192: No space left on device",
       1},
      // ignore_error=,ENOSPC: the write list replaces EIO/EILSEQ and turns continue_on_error
      // on for writes, as fio's.
      {"IgnoreErrorPassesEnospc",
       "write #3 ENOSPC",
       {"--rw=write", "--ignore_error=,ENOSPC"},
       1,
       kIos - 1,
       0,
       1,
       0,
       ENOSPC,
       "write at offset 8192: No space left on device",
       1},
      // ... and a read list without EIO makes EIO end the job again.
      {"IgnoreErrorListReplacesEio",
       "read at 8192 EIO",
       {"--rw=read", "--continue_on_error=read", "--ignore_error=ENOSPC:28"},
       0,
       2,
       0,
       1,
       EIO,
       EIO,
       "read at offset 8192: Input/output error",
       1},
  };
  return kCases;
}

struct EngineCase {
  std::string engine;
  FaultCase fault;
};

std::vector<EngineCase> all_cases() {
  std::vector<EngineCase> v;
  for (const char* e : {"psync", "sync", "pvsync2", "libaio", "io_uring", "mmap"})
    for (const FaultCase& f : fault_cases()) v.push_back({e, f});
  return v;
}

class FaultTableTest : public ::testing::TestWithParam<EngineCase> {};

TEST_P(FaultTableTest, CountsAndMessageAreExact) {
  const EngineCase& c = GetParam();
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  FaultSyscalls sys(c.fault.script);
  const fio::JobStats job = run_job(dir, c.engine, c.fault.job, sys);
  if (job.error == EINVAL && job.error_text.find("io_uring_queue_init") != std::string::npos)
    GTEST_SKIP() << "io_uring is not available here: " << job.error_text;
  const auto d = static_cast<std::size_t>(c.fault.dir);
  EXPECT_EQ(job.dirs[d].total_ios, c.fault.done_ios) << job.error_text;
  EXPECT_EQ(job.dirs[d].io_bytes, c.fault.done_ios * kFaultBlock) << "a failed I/O is never done";
  EXPECT_EQ(job.dirs[d].short_ios, c.fault.short_ios);
  EXPECT_EQ(job.failed_ios, c.fault.failed_ios) << job.error_text;
  EXPECT_EQ(job.error, c.fault.error) << job.error_text;
  EXPECT_EQ(job.first_error, c.fault.first_error) << job.first_error_text;
  EXPECT_EQ(sys.injected(), c.fault.faults);
  const std::string& text = c.fault.error != 0 ? job.error_text : job.first_error_text;
  if (c.fault.message.empty()) {
    EXPECT_EQ(text, "");
  } else {
    EXPECT_EQ(text, dir.file("data") + ": " + c.fault.message);
  }
}

INSTANTIATE_TEST_SUITE_P(Engines, FaultTableTest, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<EngineCase>& i) {
                           return i.param.engine + "_" + i.param.fault.label;
                         });

// Deep queues: completions come back in any order, so only what cannot depend on it is exact.
class DeepQueueFaultTest : public ::testing::TestWithParam<std::string> {};

TEST_P(DeepQueueFaultTest, ShortCompletionsAreContinued) {
  ScratchDir dir;
  FaultSyscalls sys("read every 3 short");
  const fio::JobStats job = run_job(dir, GetParam(), {"--rw=randread", "--iodepth=8"}, sys);
  if (job.error_text.find("io_uring_queue_init") != std::string::npos)
    GTEST_SKIP() << job.error_text;
  EXPECT_EQ(job.error, 0) << job.error_text;
  EXPECT_EQ(job.dirs[0].total_ios, kIos);
  EXPECT_EQ(job.dirs[0].io_bytes, kIos * kFaultBlock);
  // Each short completion adds one: 16 + 7 = 23 completions, 7 of them short.
  EXPECT_EQ(job.dirs[0].short_ios, 7u);
  EXPECT_EQ(sys.calls(platform::IoKind::kRead), 23u);
}

TEST_P(DeepQueueFaultTest, EnospcStopsTheJobAndFailsWhatWasInFlight) {
  ScratchDir dir;
  FaultSyscalls sys("write after 43008 ENOSPC");
  const fio::JobStats job = run_job(dir, GetParam(), {"--rw=write", "--iodepth=8"}, sys);
  if (job.error_text.find("io_uring_queue_init") != std::string::npos)
    GTEST_SKIP() << job.error_text;
  EXPECT_EQ(job.error, ENOSPC);
  EXPECT_EQ(job.dirs[1].total_ios, 10u) << "only what fitted is done";
  EXPECT_EQ(job.dirs[1].io_bytes, 10 * kFaultBlock);
  EXPECT_GE(job.failed_ios, 1u);
  EXPECT_LE(job.failed_ios + job.dirs[1].total_ios, kIos);
  EXPECT_NE(job.error_text.find(": No space left on device"), std::string::npos);
}

TEST_P(DeepQueueFaultTest, CompletionErrorsWithContinueOnErrorAreAllCounted) {
  ScratchDir dir;
  FaultSyscalls sys("write every 4 EIO");
  const fio::JobStats job =
      run_job(dir, GetParam(), {"--rw=write", "--iodepth=8", "--continue_on_error=write"}, sys);
  if (job.error_text.find("io_uring_queue_init") != std::string::npos)
    GTEST_SKIP() << job.error_text;
  EXPECT_EQ(job.error, 0) << job.error_text;
  EXPECT_EQ(job.first_error, EIO);
  EXPECT_EQ(job.failed_ios, 4u);
  EXPECT_EQ(job.dirs[1].total_ios, kIos - 4);
}

INSTANTIATE_TEST_SUITE_P(Async, DeepQueueFaultTest, ::testing::Values("libaio", "io_uring"));

// The real thing: a 1 MiB tmpfs filled by a 4 MiB sparse file, through the real seam.
class RealEnospcTest : public ::testing::TestWithParam<std::string> {};

TEST_P(RealEnospcTest, FullTmpfsEndsTheJobNamingFileAndOffset) {
  if (geteuid() != 0) GTEST_SKIP() << "mounting a tmpfs needs root";
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  if (mount("tmpfs", dir.path().c_str(), "tmpfs", 0, "size=1m") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here: " << std::strerror(errno);
  const fio::JobStats job = run_job(
      dir, GetParam(), {"--rw=write", "--size=4m", "--bs=64k", "--fallocate=none", "--iodepth=4"},
      platform::real_syscalls());
  umount2(dir.path().c_str(), MNT_DETACH);
  if (job.error_text.find("io_uring_queue_init") != std::string::npos)
    GTEST_SKIP() << job.error_text;
  EXPECT_NE(job.error_text.find("No space left on device"), std::string::npos) << job.error_text;
  if (GetParam() == "mmap") {  // blocks reserved up front: a setup error, not SIGBUS
    EXPECT_EQ(job.error_text, "mmap: fallocate: No space left on device");
    EXPECT_EQ(job.dirs[1].io_bytes, 0u);
    return;
  }
  EXPECT_EQ(job.error, ENOSPC);
  EXPECT_EQ(job.error_text.rfind(dir.file("data") + ": write at offset ", 0), 0u) << job.error_text;
  EXPECT_GE(job.failed_ios, 1u);
  EXPECT_GT(job.dirs[1].io_bytes, 0u) << "what fitted was written and is kept";
  EXPECT_LE(job.dirs[1].io_bytes, 1024u * 1024) << "never more than the tmpfs holds";
}

INSTANTIATE_TEST_SUITE_P(Engines, RealEnospcTest,
                         ::testing::Values("psync", "sync", "pvsync2", "libaio", "io_uring",
                                           "mmap"));

TEST(FaultSyscallsTest, RejectsAScriptItCannotRead) {
  EXPECT_THROW(FaultSyscalls("write #3"), std::invalid_argument);
  EXPECT_THROW(FaultSyscalls("scribble #3 EIO"), std::invalid_argument);
  EXPECT_THROW(FaultSyscalls("read soon EIO"), std::invalid_argument);
  EXPECT_THROW(FaultSyscalls("read #1 EWHATEVER"), std::invalid_argument);
  EXPECT_NO_THROW(FaultSyscalls("read #1 EIO;\nwrite every 2 short"));
}

}  // namespace
}  // namespace hostmark
