// `mpirun -np N hostmark fs DIR` driven as a user would: the aggregate work is the sum of the
// ranks', the merged latency histogram counts every rank's files, an error on one rank ends
// every rank with its message and leaves no directory, ranks that resolve other options are
// named. Every run has a deadline (mpi_run.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "mpi_run.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

double fs_metric_value(const nlohmann::json& phase, const std::string& name) {
  for (const auto& m : phase["metrics"])
    if (m["name"] == name) return m["value"].get<double>();
  ADD_FAILURE() << "no metric " << name << " in " << phase["name"];
  return -1;
}

void expect_fs_sum_of_ranks(int np, const std::string& size) {
  ScratchDir d;
  const RunOutput r = mpirun(np, {"fs", d.path(), "--size", size, "--files", "1", "--keep-cache",
                                  "--output-format=json", "--no-save"});
  ASSERT_FALSE(r.timed_out) << "hang";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = json_of(r);
  EXPECT_EQ(j["options"]["ranks"], std::to_string(np));
  std::vector<std::string> names;
  for (const auto& p : j["phases"]) names.push_back(p["name"].get<std::string>());
  for (const char* want : {"seq_create", "seq_stat", "seq_read", "seq_delete", "ran_create",
                           "ran_stat", "ran_read", "ran_delete"})
    EXPECT_NE(std::find(names.begin(), names.end(), want), names.end()) << want;
  EXPECT_EQ(std::find(names.begin(), names.end(), "seeks"), names.end()) << "seeks left out";
  EXPECT_EQ(std::find(names.begin(), names.end(), "putc"), names.end()) << "per-char left out";
  const bool data = size != "0";
  EXPECT_EQ(std::find(names.begin(), names.end(), "put_block") != names.end(), data);
  for (const auto& p : j["phases"]) {
    const bool bytes =
        p["name"] == "put_block" || p["name"] == "rewrite" || p["name"] == "get_block";
    const double per_rank = bytes ? 1024.0 * 1024.0 : 1024.0;
    const double work = fs_metric_value(p, "work");
    EXPECT_EQ(work, per_rank * np) << p["name"];
    EXPECT_EQ(fs_metric_value(p, "ranks"), np);
    // The aggregate rate is the work of every rank over the longest rank's time.
    double longest = 0;
    for (int rank = 0; rank < np; ++rank)
      longest = std::max(longest, fs_metric_value(p, "rank" + std::to_string(rank) + ".time_s"));
    EXPECT_DOUBLE_EQ(p["duration_s"].get<double>(), longest) << p["name"];
    const double rate = bytes ? work / 1024.0 / longest : work / longest;
    EXPECT_NEAR(fs_metric_value(p, "rate"), rate, rate * 1e-9) << p["name"];
    // Every operation of every rank is in the merged histogram.
    const double ops = bytes ? work / 8192.0 : work;  // the block tests time each 8 KiB chunk
    EXPECT_EQ(p["latency"]["count"].get<double>(), ops) << p["name"];
    std::uint64_t in_buckets = 0;
    for (const auto& b : p["latency_histogram"]) in_buckets += b[2].get<std::uint64_t>();
    EXPECT_EQ(static_cast<double>(in_buckets), ops) << p["name"];
  }
  EXPECT_TRUE(d.empty()) << "every rank removes its directory";
}

TEST(MpiFsCliTest, TwoRanksAggregateIsTheSumOfRanks) {
  SKIP_WITHOUT_MPI();
  expect_fs_sum_of_ranks(2, "1M");
}

TEST(MpiFsCliTest, FourRanksAggregateIsTheSumOfRanks) {
  SKIP_WITHOUT_MPI();
  expect_fs_sum_of_ranks(4, "0");
}

TEST(MpiFsCliTest, NormalOutputLabelsTheRankCount) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  const RunOutput r = mpirun(2, {"fs", d.path(), "--size", "0", "--files", "1", "--no-save"});
  ASSERT_FALSE(r.timed_out) << "hang";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("SUMMARY rate: 2 ranks"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("seq_create"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("files/s"), std::string::npos) << r.out;
}

// The default --size (2 x RAM) is per rank: a distributed run must be given one.
TEST(MpiFsCliTest, ADistributedRunNeedsAnExplicitSize) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  const RunOutput r = mpirun(2, {"fs", d.path(), "--files", "1", "--no-save"});
  ASSERT_FALSE(r.timed_out) << "hang";
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--size: a distributed run needs an explicit --size"), std::string::npos)
      << r.err;
  EXPECT_TRUE(d.empty()) << "nothing written before the check";
}

void expect_failure_ends_every_rank(int np, int failing) {
  ScratchDir d;
  const RunOutput r = mpirun(np, {"fs", d.path(), "--size", "0", "--files", "1", "--no-save",
                                  "--mpi-fail-rank=" + std::to_string(failing)});
  ASSERT_FALSE(r.timed_out) << "a rank hung in a collective";
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("hostmark: rank " + std::to_string(failing) + " ("), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("fs: failure injected by --mpi-fail-rank"), std::string::npos) << r.err;
  EXPECT_TRUE(d.empty()) << "every rank removed its directory (files existed when it failed)";
}

TEST(MpiFsCliTest, AFailureOnOneRankEndsEveryRankAndLeavesNoDirectory) {
  SKIP_WITHOUT_MPI();
  expect_failure_ends_every_rank(2, 1);
  expect_failure_ends_every_rank(4, 2);
}

TEST(MpiFsCliTest, AFailureInAGroupOfOneEndsIt) {
  // No mpirun needed: a single process with --mpi-fail-rank takes the distributed path.
  ScratchDir d;
  const RunOutput r = run_hostmark(
      {"fs", d.path(), "--size", "0", "--files", "1", "--no-save", "--mpi-fail-rank=0"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("hostmark: rank 0 ("), std::string::npos) << r.err;
  EXPECT_TRUE(d.empty());
}

TEST(MpiFsCliTest, RanksThatResolveOtherOptionsAreNamed) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  std::vector<std::string> args{"--allow-run-as-root", "--oversubscribe"};
  for (const char* files : {"1", "2"}) {
    if (args.size() > 2) args.push_back(":");
    const std::vector<std::string> context{"-np",    "1", HOSTMARK_BINARY, "fs",  d.path(),
                                           "--size", "0", "--files",       files, "--no-save"};
    args.insert(args.end(), context.begin(), context.end());
  }
  const RunOutput r = run_mpirun(args);
  ASSERT_FALSE(r.timed_out) << "hang";
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("rank 1 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("resolved other fs options than rank 0"), std::string::npos) << r.err;
  EXPECT_TRUE(d.empty());
}

}  // namespace
}  // namespace hostmark
