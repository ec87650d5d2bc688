// `hostmark fio`'s job threads in this process (io/fio_run.h), so that the ThreadSanitizer build
// (preset tsan) sees them: several jobs at once on psync and libaio, merged groups, a stonewall
// between waves. The counts are exact: each job moves its `size` once.
#include <gtest/gtest.h>

#include <sstream>

#include "fio/job_parser.h"
#include "io/fio_run.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;

fio::FioRun run_jobs(const std::string& job_file, std::ostream& log) {
  const fio::ParsedJobs parsed =
      fio::parse_job_file(job_file, "threads.fio", fio::system_parser_env()).value();
  return io::run_fio_jobs(parsed, io::RunIo{log}).value();
}

std::uint64_t moved_bytes(const fio::JobStats& job) {
  return job.dirs[0].io_bytes + job.dirs[1].io_bytes;
}

TEST(FioThreads, EveryJobOfANumjobsGroupMovesItsSizeOnce) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  std::ostringstream log;
  const fio::FioRun run = run_jobs("[global]\ndirectory=" + dir.path() +
                                       "\nsize=1m\nbs=4k\nioengine=psync\nthread\n"
                                       "[mixed]\nrw=randrw\nnumjobs=4\n",
                                   log);
  ASSERT_EQ(run.jobs.size(), 4u) << log.str();
  for (const fio::JobStats& job : run.jobs) {
    EXPECT_EQ(job.error, 0) << job.error_text;
    EXPECT_EQ(moved_bytes(job), kMiB) << "job " << job.jobnum;
    EXPECT_EQ(job.dirs[0].total_ios + job.dirs[1].total_ios, kMiB / 4096);
  }
}

TEST(FioThreads, GroupReportingMergesAsynchronousJobsAndStonewallStartsANewGroup) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  std::ostringstream log;
  const fio::FioRun run =
      run_jobs("[global]\ndirectory=" + dir.path() +
                   "\nsize=512k\nbs=4k\nthread\ngroup_reporting\n"
                   "[writers]\nioengine=libaio\niodepth=8\nrw=randwrite\nnumjobs=3\n"
                   "[readers]\nstonewall\nioengine=psync\nrw=read\nnumjobs=2\n",
               log);
  ASSERT_EQ(run.jobs.size(), 2u) << log.str();  // one merged JobStats per group
  EXPECT_EQ(run.jobs[0].members, 3);
  EXPECT_EQ(run.jobs[0].dirs[1].io_bytes, 3 * 512 * 1024u);
  EXPECT_EQ(run.jobs[1].members, 2);
  EXPECT_EQ(run.jobs[1].dirs[0].io_bytes, 2 * 512 * 1024u);
  EXPECT_NE(run.jobs[0].groupid, run.jobs[1].groupid);
  for (const fio::JobStats& job : run.jobs) EXPECT_EQ(job.error, 0) << job.error_text;
}

}  // namespace
}  // namespace hostmark
