// `hostmark cluster DIR` as one process and under mpirun: every IO500-like phase is there with
// its unit, the scores are the geometric means of the phases (recomputed here from the JSON),
// the text says it is not an official IO500 result, and every file made is removed.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "commands/cluster_score.h"
#include "mpi_run.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

const std::vector<std::string> kIorPhases = {"ior-easy-write", "ior-easy-read", "ior-hard-write",
                                             "ior-hard-read"};
const std::vector<std::string> kMdPhases = {
    "mdtest-easy-create", "mdtest-easy-stat", "mdtest-easy-delete", "mdtest-hard-create",
    "mdtest-hard-stat",   "mdtest-hard-read", "mdtest-hard-delete"};

std::vector<std::string> cluster_args(const ScratchDir& d, const char* format) {
  return {
      "cluster", d.path(),     "--duration", "1",         "--max-size",
      "8M",      "--md-files", "1",          "--no-save", std::string("--output-format=") + format};
}

const nlohmann::json* cluster_metric(const nlohmann::json& phase, const std::string& name) {
  for (const auto& m : phase["metrics"])
    if (m["name"] == name) return &m;
  return nullptr;
}

void expect_scored_phases(const RunOutput& r, int np) {
  ASSERT_FALSE(r.timed_out) << "hang";
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = json_of(r);
  EXPECT_EQ(j["command"], "cluster");
  EXPECT_EQ(j["options"]["ranks"], std::to_string(np));
  std::map<std::string, nlohmann::json> phases;
  for (const auto& p : j["phases"]) phases[p["name"].get<std::string>()] = p;
  double log_bw = 0, log_md = 0;
  for (const auto& name : kIorPhases) {
    ASSERT_TRUE(phases.count(name)) << name;
    const auto* m = cluster_metric(phases[name], "gib_per_s");
    ASSERT_NE(m, nullptr) << name;
    EXPECT_EQ((*m)["unit"], "GiB/s");
    EXPECT_GT((*m)["value"].get<double>(), 0) << name;
    log_bw += std::log((*m)["value"].get<double>());
  }
  for (const auto& name : kMdPhases) {
    ASSERT_TRUE(phases.count(name)) << name;
    const auto* m = cluster_metric(phases[name], "kiops");
    ASSERT_NE(m, nullptr) << name;
    EXPECT_EQ((*m)["unit"], "kIOPS");
    EXPECT_GT((*m)["value"].get<double>(), 0) << name;
    log_md += std::log((*m)["value"].get<double>());
    // Every rank's 1024 files.
    EXPECT_EQ((*cluster_metric(phases[name], "work"))["value"].get<double>(), 1024.0 * np) << name;
  }
  ASSERT_TRUE(phases.count("score"));
  const double bw = std::exp(log_bw / 4), md = std::exp(log_md / 7);
  const auto& score = phases["score"];
  EXPECT_NEAR((*cluster_metric(score, "bandwidth_score"))["value"].get<double>(), bw, bw * 1e-9);
  EXPECT_NEAR((*cluster_metric(score, "metadata_score"))["value"].get<double>(), md, md * 1e-9);
  const double total = std::sqrt(bw * md);
  EXPECT_NEAR((*cluster_metric(score, "total_score"))["value"].get<double>(), total, total * 1e-9);
}

TEST(ClusterCliTest, OneProcessHasEveryPhaseAndItsScores) {
  ScratchDir d;
  expect_scored_phases(run_hostmark(cluster_args(d, "json")), 1);
  EXPECT_TRUE(d.empty()) << "every file made is removed";
}

TEST(ClusterCliTest, TwoRanksHaveEveryPhaseAndItsScores) {
  SKIP_WITHOUT_MPI();
  ScratchDir d;
  expect_scored_phases(mpirun(2, cluster_args(d, "json")), 2);
  EXPECT_TRUE(d.empty()) << "every rank removes what it made";
}

TEST(ClusterCliTest, TextSaysItIsNotAnOfficialIo500Result) {
  ScratchDir d;
  const RunOutput r = run_hostmark(cluster_args(d, "normal"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("IO500-like, not an official IO500 result"), std::string::npos) << r.out;
  for (const auto& name : kIorPhases) EXPECT_NE(r.out.find(name), std::string::npos) << name;
  for (const auto& name : kMdPhases) EXPECT_NE(r.out.find(name), std::string::npos) << name;
  EXPECT_NE(r.out.find("[SCORE ] Bandwidth"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("GiB/s"), std::string::npos);
  EXPECT_NE(r.out.find("kIOPS"), std::string::npos);
}

TEST(ClusterScoreTest, ScoresAreGeometricMeansOfThePhases) {
  auto phase = [](const char* metric, double v) {
    Phase p;
    p.metrics.push_back({metric, v, ""});
    return p;
  };
  const ClusterScore s = cluster_score({phase("gib_per_s", 2), phase("gib_per_s", 8),
                                        phase("kiops", 3), phase("kiops", 27), phase("other", 5)});
  EXPECT_DOUBLE_EQ(s.bandwidth_gib_s, 4);
  EXPECT_DOUBLE_EQ(s.metadata_kiops, 9);
  EXPECT_DOUBLE_EQ(s.total, 6);
  EXPECT_EQ(cluster_score({phase("gib_per_s", 2), phase("gib_per_s", 0)}).bandwidth_gib_s, 0);
  EXPECT_EQ(geometric_mean({}), 0);
}

TEST(ClusterCliTest, BadOptionsAreOneLine) {
  ScratchDir d;
  const RunOutput r = run_hostmark({"cluster", d.path(), "--max-size", "4k", "--no-save"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("hostmark: --max-size: must be at least 1M"), std::string::npos) << r.err;
  EXPECT_TRUE(d.empty());
}

}  // namespace
}  // namespace hostmark
