// `mpirun -np N hostmark fio ...` driven as a user would, on this one machine over loopback:
// aggregates equal the sum of the ranks, shared-file segments, stonewall wear-out, an error on
// one rank ending every rank with its message (and no hang: every run has a deadline), option
// mismatches between ranks, and a launch that announces ranks MPI does not see. Skipped with
// the reason when the build has no MPI or mpirun is missing.
#include <gtest/gtest.h>

#include <algorithm>
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

// The names in a directory, sorted, space-separated.
std::string listing(const ScratchDir& d) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(d.path())) names.push_back(e.path().filename());
  std::sort(names.begin(), names.end());
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : " ") + n;
  return s;
}

const nlohmann::json* rank_metric(const nlohmann::json& phase, const std::string& name) {
  for (const auto& m : phase["metrics"])
    if (m["name"] == name) return &m;
  return nullptr;
}

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
  // Rank 0, waiting in a barrier, was ended by Open MPI's SIGTERM: it removed its file then.
  EXPECT_TRUE(d.empty()) << "a failed run left " << listing(d);
}

// --shared-file: rank 0 laid out the one file before any rank ran; a failure on another rank
// ends rank 0 in a barrier, and the file goes with it.
TEST(MpiCliTest, AFailureLeavesNoSharedFileBehind) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  const RunOutput r =
      mpirun(4, {"fio", "--name=s", "--rw=write", "--bs=4k", "--size=64k", "--shared-file",
                 "--filename=" + d.file("shared"), "--mpi-fail-rank=2", "--no-save"});
  ASSERT_FALSE(r.timed_out) << "hang";
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("hostmark: rank 2 ("), std::string::npos) << r.err;
  EXPECT_TRUE(d.empty()) << "a failed run left " << listing(d);
}

TEST(MpiCliTest, ABadPathOnOneRankEndsEveryRank) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  // Rank 1's file (x.1) is a directory: only rank 1 cannot prepare its file. Rank 2's file
  // exists before the run: it is used, and stays.
  fs::create_directories(d.file("x.1"));
  std::ofstream(d.file("x.2")) << std::string(64 * 1024, 'u');
  const RunOutput r = mpirun(4, {"fio", "--name=p", "--rw=write", "--bs=4k", "--size=64k",
                                 "--filename=" + d.file("x"), "--no-save"});
  ASSERT_FALSE(r.timed_out) << "hang";
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("hostmark: rank 1 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("not a regular file"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("hostmark: rank 0 ("), std::string::npos) << r.err;
  // The directory holds what it held before: the run's x.0 and x.3 are gone, x.2 is kept.
  EXPECT_EQ(listing(d), "x.1 x.2");
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
  const RunOutput r = run_mpirun(args);
  ASSERT_FALSE(r.timed_out) << "hang";
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("rank 1 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("resolved other fio options than rank 0"), std::string::npos) << r.err;
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

// The saved result of a distributed run has what a single run's has: decimal MB/s figures
// named alike, a latency histogram of every rank's I/Os, a time series of the ranks' work; and
// the per-rank detail after.
TEST(MpiCliTest, SavedResultHasASingleRunsFiguresHistogramAndSeries) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  const std::string db = d.file("results.db");
  ScratchDir work;
  const RunOutput r =
      mpirun(2, {"fio", "--name=w", "--rw=write", "--bs=4k", "--size=256k",
                 "--directory=" + work.path(), "--output-format=json", "--results-db=" + db});
  ASSERT_FALSE(r.timed_out) << "hang";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::uint64_t ios = u64(json_of(r)["jobs"][0]["write"], "total_ios");
  ASSERT_EQ(ios, 2u * 64u);
  const RunOutput shown =
      run_hostmark({"results", "show", "1", "--results-db=" + db, "--output-format=json"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const auto saved = nlohmann::json::parse(shown.out, nullptr, false);
  ASSERT_TRUE(saved.is_object()) << shown.out;
  ASSERT_EQ(saved["phases"].size(), 2u) << shown.out;
  const auto& w = saved["phases"][0];
  EXPECT_EQ(w["name"], "w");
  for (const char* name : {"mb_per_s", "write_mb_per_s"}) {
    const auto* m = rank_metric(w, name);
    ASSERT_NE(m, nullptr) << name << " in " << w.dump();
    EXPECT_EQ((*m)["unit"], "MB/s");
    EXPECT_GT((*m)["value"].get<double>(), 0.0);
  }
  EXPECT_EQ(rank_metric(w, "write_mib_per_s"), nullptr) << "named like a single run's";
  std::uint64_t counted = 0;
  for (const auto& bucket : w["latency_histogram"]) counted += bucket[2].get<std::uint64_t>();
  EXPECT_EQ(counted, ios) << "the histogram holds every rank's I/Os";
  EXPECT_EQ(w["latency"]["count"].get<std::uint64_t>(), ios);
  ASSERT_TRUE(w.contains("time_series")) << w.dump();
  std::uint64_t written = 0;
  for (const auto& n : w["time_series"]["write_ios"]) written += n.get<std::uint64_t>();
  EXPECT_EQ(written, ios) << "the series is the sum of the ranks'";
  const auto& ranks = saved["phases"][1];
  EXPECT_EQ(ranks["name"], "mpi.ranks");
  for (const char* name : {"rank0_mb_per_s", "rank1_mb_per_s", "host0_mb_per_s"})
    EXPECT_NE(rank_metric(ranks, name), nullptr) << name << " in " << ranks.dump();
  EXPECT_EQ(saved["options"]["mpi_ranks"], "2");
  EXPECT_TRUE(work.empty());
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
