// `mpirun -np N hostmark fio ...` driven as a user would, on this one machine over loopback:
// aggregates equal the sum of the ranks, shared-file segments, stonewall wear-out, an error on
// one rank ending every rank with its message (and no hang: every run has a deadline), option
// mismatches between ranks, and a launch that announces ranks MPI does not see. Skipped with
// the reason when the build has no MPI or mpirun is missing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "mpi/comm.h"
#include "mpi_run.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

std::uint64_t u64(const nlohmann::json& j, const char* key) { return j[key].get<std::uint64_t>(); }

// File per process: each rank writes its own 1 MiB file; the aggregate is their sum.
void expect_sum_of_ranks(int np) {
  ScratchDir d;
  const RunOutput r = mpirun(np, {"fio", "--name=w", "--rw=write", "--bs=4k", "--size=1M",
                                  "--directory=" + d.path(), "--output-format=json", "--no-save"});
  ASSERT_FALSE(r.timed_out) << "hang";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = json_of(r);
  ASSERT_EQ(j["jobs"].size(), 1u);
  const auto& write = j["jobs"][0]["write"];
  EXPECT_EQ(u64(write, "io_bytes"), static_cast<std::uint64_t>(np) << 20);
  EXPECT_EQ(u64(write, "total_ios"), static_cast<std::uint64_t>(np) * 256u);
  const auto& mpi = j["hostmark"]["mpi"];
  EXPECT_EQ(mpi["ranks"].get<int>(), np);
  ASSERT_EQ(mpi["per_rank"].size(), static_cast<std::size_t>(np));
  std::uint64_t sum = 0, longest = 0;
  for (const auto& row : mpi["per_rank"]) {
    EXPECT_EQ(u64(row, "write_bytes"), 1u << 20) << row.dump();
    EXPECT_FALSE(row["host"].get<std::string>().empty());
    sum += u64(row, "write_bytes");
    longest = std::max(longest, u64(row, "runtime_ns"));
  }
  EXPECT_EQ(sum, u64(write, "io_bytes"));
  // Aggregate bandwidth = total bytes / the longest rank's runtime.
  EXPECT_EQ(u64(write, "runtime"), (longest + 999'999) / 1'000'000);
  ASSERT_EQ(mpi["per_host"].size(), 1u);
  EXPECT_EQ(u64(mpi["per_host"][0], "write_bytes"), sum);
  EXPECT_TRUE(d.empty()) << "every rank removes the file it created";
}

TEST(MpiCliTest, TwoRanksAggregateIsTheSumOfRanks) {
  SKIP_WITHOUT_MPI();
  expect_sum_of_ranks(2);
}

TEST(MpiCliTest, FourRanksAggregateIsTheSumOfRanks) {
  SKIP_WITHOUT_MPI();
  expect_sum_of_ranks(4);
}

TEST(MpiCliTest, NormalOutputHasFiosTextAndARankTable) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  const RunOutput r = mpirun(2, {"fio", "--name=r", "--rw=randread", "--bs=4k", "--size=256k",
                                 "--directory=" + d.path(), "--no-save"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("r: (groupid=0, jobs=2): err= 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Run status group 0 (all jobs):"), std::string::npos);
  EXPECT_NE(r.out.find("MPI: 2 ranks on 1 host, file per process"), std::string::npos) << r.out;
  EXPECT_TRUE(d.empty());
}

TEST(MpiCliTest, SharedFileGivesEachRankItsSegmentOfOneFile) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  const RunOutput r =
      mpirun(4, {"fio", "--name=s", "--rw=write", "--bs=4k", "--size=256k", "--shared-file",
                 "--filename=" + d.file("shared"), "--output-format=json", "--no-save"});
  ASSERT_FALSE(r.timed_out) << "hang";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = json_of(r);
  EXPECT_EQ(u64(j["jobs"][0]["write"], "io_bytes"), 4u * 256u * 1024u);
  EXPECT_EQ(j["hostmark"]["mpi"]["placement"], "shared file");
  for (const auto& row : j["hostmark"]["mpi"]["per_rank"])
    EXPECT_EQ(u64(row, "write_bytes"), 256u * 1024u);
  EXPECT_TRUE(d.empty()) << "rank 0 removes the shared file it laid out";
}

TEST(MpiCliTest, StonewallWearOutGivesEveryRankTheSameOpCount) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  // Time based: ranks stop together when the first ends, having done different counts; the
  // wear-out brings each up to the most.
  const RunOutput r = mpirun(2, {"fio", "--name=sw", "--rw=randwrite", "--bs=4k", "--size=4M",
                                 "--time_based", "--runtime=300ms", "--mpi-stonewall",
                                 "--directory=" + d.path(), "--output-format=json", "--no-save"});
  ASSERT_FALSE(r.timed_out) << "hang";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = json_of(r);
  const auto& rows = j["hostmark"]["mpi"]["per_rank"];
  ASSERT_EQ(rows.size(), 2u);
  const std::uint64_t ops0 = u64(rows[0], "write_ios");
  EXPECT_GT(ops0, 0u);
  EXPECT_EQ(u64(rows[1], "write_ios"), ops0) << j["hostmark"]["mpi"].dump();
  for (const auto& row : rows)
    EXPECT_EQ(u64(row, "stonewall_ios") + u64(row, "wearout_ios"), ops0) << row.dump();
  EXPECT_EQ(u64(j["jobs"][0]["write"], "total_ios"), 2 * ops0);
  EXPECT_TRUE(d.empty());
}

TEST(MpiCliTest, AFailureOnOneRankEndsEveryRankWithItsMessage) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  const RunOutput r =
      mpirun(2, {"fio", "--name=f", "--rw=write", "--bs=4k", "--size=64k", "--time_based",
                 "--runtime=30s", "--mpi-fail-rank=1", "--directory=" + d.path(), "--no-save"});
  ASSERT_FALSE(r.timed_out) << "the other rank hung in a collective";
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("hostmark: rank 1 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("fio: failure injected by --mpi-fail-rank"), std::string::npos) << r.err;
}

TEST(MpiCliTest, ABadPathOnOneRankEndsEveryRank) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  // Rank 1's file (x.1) is a directory: only rank 1 cannot prepare its file.
  fs::create_directories(d.file("x.1"));
  const RunOutput r = mpirun(2, {"fio", "--name=p", "--rw=write", "--bs=4k", "--size=64k",
                                 "--filename=" + d.file("x"), "--no-save"});
  ASSERT_FALSE(r.timed_out) << "hang";
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("hostmark: rank 1 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("hostmark: rank 0 ("), std::string::npos) << r.err;
}

TEST(MpiCliTest, RanksThatParseDifferentOptionsAreNamed) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  // MPMD launch: two app contexts with different environments for the job file's ${HM_SIZE}.
  ScratchDir jobs;
  const std::string job_file = jobs.file("m.fio");
  std::ofstream(job_file) << "[m]\nrw=write\nsize=${HM_SIZE}\ndirectory=" << d.path() << "\n";
  std::vector<std::string> args{"--allow-run-as-root", "--oversubscribe"};
  for (const char* size : {"64k", "128k"}) {
    if (args.size() > 2) args.push_back(":");
    const std::vector<std::string> context{
        "-np",           "1",   "/usr/bin/env", "HM_SIZE=" + std::string(size),
        HOSTMARK_BINARY, "fio", job_file,       "--no-save"};
    args.insert(args.end(), context.begin(), context.end());
  }
  const RunOutput r = run_program(kMpirun, args, mpi_env());
  ASSERT_FALSE(r.timed_out) << "hang";
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("rank 1 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("parsed other job options than rank 0"), std::string::npos) << r.err;
  EXPECT_TRUE(d.empty());
}

TEST(MpiCliTest, SavesOnceFromRankZero) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  const std::string db = d.file("results.db");
  const RunOutput r =
      mpirun(2, {"fio", "--name=s", "--rw=write", "--bs=4k", "--size=64k",
                 "--directory=" + d.path(), "--output-format=json", "--results-db=" + db});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const RunOutput list =
      run_hostmark({"results", "list", "--results-db=" + db, "--output-format=json"});
  ASSERT_EQ(list.exit_code, 0) << list.err;
  const auto rows = nlohmann::json::parse(list.out, nullptr, false);
  ASSERT_TRUE(rows.is_array()) << list.out;
  EXPECT_EQ(rows.size(), 1u) << list.out;
}

// Not MPI's business alone: any build refuses a launch that says N ranks when it sees one.
TEST(MpiCliTest, AnnouncedRanksWithoutMpiIsAUsageError) {
  ScratchDir d;
  RunOptions o;
  o.timeout_ms = kMpiDeadlineMs;
  o.extra_env = {"SLURM_NTASKS=4", "SLURM_STEP_ID=0"};  // inside an srun step
  const RunOutput r =
      run_hostmark({"fio", "--name=x", "--size=64k", "--directory=" + d.path(), "--no-save"}, o);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("hostmark: mpi: SLURM_NTASKS=4 says 4 ranks"), std::string::npos) << r.err;
  EXPECT_EQ(output_lines(r.err).size(), 1u) << r.err;
  EXPECT_TRUE(r.out.empty());
}

// An sbatch script exports SLURM_NTASKS to every command it runs, outside any srun step: a plain
// run there is no misuse.
TEST(MpiCliTest, SlurmBatchScriptOutsideAStepRunsPlainly) {
  ScratchDir d;
  RunOptions o;
  o.timeout_ms = kMpiDeadlineMs;
  o.extra_env = {"SLURM_NTASKS=4"};
  const RunOutput r = run_hostmark({"fio", "--name=x", "--size=64k", "--directory=" + d.path(),
                                    "--no-save", "--output-format=json"},
                                   o);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(r.out.empty());
}

}  // namespace
}  // namespace hostmark
