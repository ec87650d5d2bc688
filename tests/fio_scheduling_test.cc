// thinktime, cpus_allowed/cpumask/cpus_allowed_policy, nice, prio/prioclass and fadvise_hint:
// their parsing as fio's, what a job thread sets on itself (read back from the kernel), and
// think time against the real fio 3.33 on the same job (skipped when /usr/bin/fio is absent).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "fio/job_parser.h"
#include "fio_test_env.h"
#include "io/job_placement.h"
#include "real_fio.h"
#include "run_binary.h"

namespace hostmark::fio {
namespace {

using testing::error_of;
using testing::FakeMachine;

Expected<ParsedJobs> parse(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return parse_fio_command_line(words, FakeMachine{}.env());
}

JobOptions job_of(const std::string& options) {
  auto p = parse("--name=j " + options);
  if (!p.ok()) ADD_FAILURE() << options << ": " << p.error().message();
  return p.ok() ? p.value().jobs.at(0) : JobOptions{};
}

TEST(FioScheduling, ParsesAsFio) {
  EXPECT_EQ(job_of("--cpus_allowed=0,5,8-11").cpus_allowed,
            (std::vector<std::uint32_t>{0, 5, 8, 9, 10, 11}));
  EXPECT_EQ(job_of("--cpus_allowed=3,1-2,3").cpus_allowed, (std::vector<std::uint32_t>{1, 2, 3}));
  EXPECT_EQ(job_of("--cpumask=34").cpus_allowed, (std::vector<std::uint32_t>{1, 5}));
  EXPECT_EQ(job_of("--cpumask=0x3").cpus_allowed, (std::vector<std::uint32_t>{0, 1}));
  EXPECT_TRUE(job_of("--cpus_allowed_policy=split").cpus_split);
  EXPECT_EQ(job_of("--thinktime=10").thinktime_ns, 10'000u);  // bare: microseconds
  EXPECT_EQ(job_of("--thinktime=10ms --thinktime_spin=2ms").thinktime_spin_ns, 2'000'000u);
  EXPECT_EQ(job_of("--thinktime=1s").thinktime_ns, 1'000'000'000u);
  EXPECT_EQ(job_of("--thinktime=1 --thinktime_blocks=8").thinktime_blocks, 8u);
  EXPECT_TRUE(job_of("--thinktime=1 --thinktime_blocks_type=issue").thinktime_on_issue);
  EXPECT_EQ(job_of("--nice=-5").nice, -5);
  EXPECT_EQ(job_of("--prioclass=3 --prio=7").ioprio_class, 3);
  EXPECT_EQ(job_of("").fadvise_hint, FadviseHint::kWorkload);  // fio's default
  EXPECT_EQ(job_of("--fadvise_hint=0").fadvise_hint, FadviseHint::kNone);
  EXPECT_EQ(job_of("--fadvise_hint=random").fadvise_hint, FadviseHint::kRandom);
}

TEST(FioScheduling, BadValuesNameTheOption) {
  EXPECT_EQ(error_of(parse("--name=j --cpus_allowed=3-1")),
            "--cpus_allowed: '3-1' is a backwards range");
  EXPECT_EQ(error_of(parse("--name=j --cpus_allowed=99999")),
            "--cpus_allowed: CPU 99999 is beyond the 1024 CPUs Linux can address");
  EXPECT_EQ(error_of(parse("--name=j --cpumask=0")), "--cpumask: names no CPU");
  EXPECT_EQ(error_of(parse("--name=j --cpus_allowed_policy=even")),
            "--cpus_allowed_policy: 'even' is not shared or split");
  EXPECT_EQ(error_of(parse("--name=j --nice=20")), "--nice: 20 is not in -20..19");
  EXPECT_EQ(error_of(parse("--name=j --prio=8")), "--prio: 8 is not in 0..7");
  EXPECT_EQ(error_of(parse("--name=j --thinktime_blocks=0")),
            "--thinktime_blocks: must be at least 1");
  EXPECT_EQ(error_of(parse("--name=j --fadvise_hint=normal")),
            "--fadvise_hint: 'normal' is not one of 0, 1, sequential, random");
}

std::vector<std::uint32_t> allowed_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  sched_getaffinity(0, sizeof set, &set);
  std::vector<std::uint32_t> cpus;
  for (std::uint32_t c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

// Runs place_job_thread in a new thread and returns what the kernel then says of that thread.
struct Placed {
  Status status = Ok{};
  std::vector<std::uint32_t> cpus;
  int nice = 0;
  long ioprio = 0;
};
Placed place(const JobOptions& job, std::uint32_t thread_index) {
  Placed out;
  std::thread([&] {
    out.status = io::place_job_thread(job, thread_index);
    out.cpus = allowed_cpus();
    const auto tid = static_cast<id_t>(::gettid());
    out.nice = getpriority(PRIO_PROCESS, tid);
    out.ioprio = ::syscall(SYS_ioprio_get, 1 /* IOPRIO_WHO_PROCESS */, 0);
  }).join();
  return out;
}

TEST(FioScheduling, AJobThreadSetsItsAffinityNiceAndIoPriority) {
  const auto mine = allowed_cpus();
  ASSERT_FALSE(mine.empty());
  JobOptions job;
  job.cpus_allowed = {mine.back()};
  Placed one = place(job, 0);
  ASSERT_TRUE(one.status.ok()) << one.status.error().message();
  EXPECT_EQ(one.cpus, job.cpus_allowed);

  job.cpus_allowed = mine;
  job.cpus_split = true;  // thread i gets the i-th CPU, round robin
  EXPECT_EQ(place(job, 1).cpus, std::vector<std::uint32_t>{mine[1 % mine.size()]});
  EXPECT_EQ(place(job, static_cast<std::uint32_t>(mine.size())).cpus,
            std::vector<std::uint32_t>{mine[0]});

  JobOptions nice;
  nice.nice = 7;
  nice.ioprio_class = 2;
  nice.ioprio = 6;
  Placed p = place(nice, 0);
  ASSERT_TRUE(p.status.ok()) << p.status.error().message();
  EXPECT_EQ(p.nice, 7);
  EXPECT_EQ(p.ioprio, (2 << 13) | 6);
  EXPECT_EQ(allowed_cpus(), mine) << "the calling thread must not be touched";
}

TEST(FioScheduling, AnOfflineCpuFailsTheJobWithOneLine) {
  JobOptions job;
  job.cpus_allowed = {CPU_SETSIZE - 1};
  if (allowed_cpus().back() == CPU_SETSIZE - 1) GTEST_SKIP() << "this machine has CPU 1023";
  Placed p = place(job, 0);
  ASSERT_FALSE(p.status.ok());
  EXPECT_NE(p.status.error().message().find("cpus_allowed: none of the CPUs given is online"),
            std::string::npos)
      << p.status.error().message();
  RunOutput r = run_hostmark({"fio", "--name=j", "--ioengine=null", "--size=8k",
                              "--cpus_allowed=1023", "--no-save", "--output-format=json"});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("cpus_allowed"), std::string::npos) << r.err;
}

TEST(FioScheduling, FadviseIsGivenToFilesAndPipesAreLeftAlone) {
  JobOptions job;
  char path[] = "/tmp/hostmark-fadvise-XXXXXX";
  const int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  unlink(path);
  for (FadviseHint h : {FadviseHint::kNone, FadviseHint::kWorkload, FadviseHint::kSequential,
                        FadviseHint::kRandom}) {
    job.fadvise_hint = h;
    EXPECT_TRUE(io::advise_file(fd, job).ok());
  }
  close(fd);
  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  EXPECT_TRUE(io::advise_file(pipe_fds[0], job).ok());
  close(pipe_fds[0]);
  close(pipe_fds[1]);
  EXPECT_FALSE(io::advise_file(fd, job).ok()) << "a closed descriptor is an error";
}

// The job's runtime in ms from JSON output.
std::uint64_t runtime_ms(const RunOutput& r) {
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  if (j.is_discarded()) {
    ADD_FAILURE() << r.err;
    return 0;
  }
  return j["jobs"][0]["job_runtime"].get<std::uint64_t>();
}

TEST(FioScheduling, ThinkTimeStallsAfterEveryThinktimeBlocksAsFio) {
  const std::vector<std::string> job = {"--name=t", "--ioengine=null",  "--size=40k",
                                        "--bs=4k",  "--thinktime=20ms", "--output-format=json"};
  for (const char* blocks : {"1", "5"}) {
    std::vector<std::string> args = job;
    args.push_back(std::string("--thinktime_blocks=") + blocks);
    std::vector<std::string> hm = {"fio", "--no-save"};
    hm.insert(hm.end(), args.begin(), args.end());
    RunOutput ours = run_hostmark(hm);
    ASSERT_EQ(ours.exit_code, 0) << ours.err;
    // 10 I/Os: a 20 ms stall after each (blocks=1) or after each 5 (blocks=5). Sleeping never
    // ends early, so these are floors, whatever the machine's load.
    const std::uint64_t floor_ms = std::string(blocks) == "1" ? 180 : 40;
    EXPECT_GE(runtime_ms(ours), floor_ms) << "thinktime_blocks=" << blocks;
    if (access(::hostmark::testing::kRealFioBinary, X_OK) == 0) {
      RunOutput real = run_program(::hostmark::testing::kRealFioBinary, args);
      ASSERT_EQ(real.exit_code, 0) << real.err;
      EXPECT_GE(runtime_ms(real), floor_ms) << "the real fio: thinktime_blocks=" << blocks;
    }
  }
}

}  // namespace
}  // namespace hostmark::fio
