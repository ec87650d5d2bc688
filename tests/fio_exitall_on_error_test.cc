// exitall_on_error through the syscall seam (tests/fault_syscalls.h): a job whose read fails
// with EIO ends the 10 s job of its group at once; without the option that job runs on.
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <string>
#include <vector>

#include "fault_syscalls.h"
#include "fio/job_parser.h"
#include "io/fio_run.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

struct ExitRun {
  std::vector<fio::JobStats> jobs;
  double wall_s = 0;
};

// Job "bad" reads 64 KiB and fails at offset 8192; job "long" reads another region for
// `long_runtime` seconds (time based).
ExitRun run_pair(const ScratchDir& dir, const std::string& extra, const std::string& long_runtime) {
  std::vector<std::string> args = {"--filename=" + dir.file("data"),
                                   "--size=64k",
                                   "--bs=4k",
                                   "--rw=read",
                                   "--name=bad",
                                   "--name=long",
                                   "--offset=1m",
                                   "--time_based",
                                   "--runtime=" + long_runtime};
  if (!extra.empty()) args.insert(args.begin(), extra);
  auto parsed = fio::parse_fio_command_line(args, fio::system_parser_env());
  EXPECT_TRUE(parsed.ok()) << parsed.error().message();
  if (!parsed.ok()) return {};
  ::hostmark::testing::FaultSyscalls sys("read at 8192 EIO");
  std::ostringstream log;
  io::RunIo io{log};
  io.syscalls = &sys;
  const auto start = std::chrono::steady_clock::now();
  auto run = io::run_fio_jobs(parsed.value(), io);
  ExitRun out;
  out.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(run.ok()) << run.error().message();
  if (run.ok()) out.jobs = run.value().jobs;
  return out;
}

TEST(FioExitallOnError, TheFailedJobEndsItsGroup) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const ExitRun r = run_pair(dir, "--exitall_on_error", "10");
  ASSERT_EQ(r.jobs.size(), 2u);
  EXPECT_EQ(r.jobs[0].error, EIO) << r.jobs[0].error_text;
  EXPECT_EQ(r.jobs[1].error, 0) << r.jobs[1].error_text;
  EXPECT_FALSE(r.jobs[1].interrupted);
  // Not asserted: that "long" did any I/O first. "bad" fails at its third read, which under
  // ASan can come before "long" issued its first (CI saw 0 I/Os).
  // The long job's own measured time, not the wall time of the whole run (which a loaded
  // machine stretches): it was ended well before its 10 s.
  EXPECT_LT(r.jobs[1].measured_ns, 9'000'000'000u) << "the 10 s job was not ended";
}

TEST(FioExitallOnError, WithoutItTheOtherJobRunsOn) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const ExitRun r = run_pair(dir, "", "1");
  ASSERT_EQ(r.jobs.size(), 2u);
  EXPECT_EQ(r.jobs[0].error, EIO);
  EXPECT_EQ(r.jobs[1].error, 0);
  EXPECT_GE(r.wall_s, 1.0);
}

}  // namespace
}  // namespace hostmark
