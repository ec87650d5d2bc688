// `hostmark doctor` end to end: artificially slow storage (--rate-iops, a hidden test option
// that caps every storage probe through fio's rate_iops) is named the bottleneck, tmpfs's
// finding follows its own figures, usage errors are one line, JSON is pure, Ctrl-C keeps what was
// found and removes the test file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "background_hostmark.h"
#include "commands/doctor/storage_assess.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

// Short runs: --duration=3 (0.25 s host samples, 0.4 s storage probes), an 8 MiB test file.
std::vector<std::string> doctor_args(const std::string& path, std::vector<std::string> more) {
  std::vector<std::string> a = {"doctor", path, "--duration=3", "--size=8M"};
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

double severity_of(const nlohmann::json& j, const std::string& phase) {
  for (const auto& p : j["phases"])
    if (p["name"] == phase)
      for (const auto& m : p["metrics"])
        if (m["name"] == "severity") return m["value"].get<double>();
  ADD_FAILURE() << "no phase " << phase;
  return -1;
}

std::string verdict_of(const nlohmann::json& j) {
  for (const auto& n : j["notes"]) {
    const std::string s = n.get<std::string>();
    if (s.rfind("verdict: ", 0) == 0) return s.substr(9);
  }
  return "";
}

TEST(DoctorCliTest, RateLimitedStorageIsNamedTheBottleneck) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const RunOutput r =
      run_hostmark(doctor_args(dir.path(), {"--rate-iops=20", "--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["command"], "doctor");
  EXPECT_EQ(severity_of(j, "doctor.storage"), 3);
  const std::string verdict = verdict_of(j);
  EXPECT_NE(verdict.find("storage is the bottleneck"), std::string::npos) << verdict;
  EXPECT_NE(verdict.find("x a SATA SSD"), std::string::npos) << verdict;
  EXPECT_TRUE(dir.empty()) << "the test file must be removed";
}

// How fast tmpfs reads depends on how busy this shared machine is (CI measured 120 MB/s
// sequential under load: a warning), so the figures are not asserted; the judgement is: the
// storage severity the binary reports is the one assess_storage gives its own reported figures.
TEST(DoctorCliTest, TmpfsStorageFindingFollowsItsOwnFigures) {
  if (!fs::is_directory("/dev/shm")) GTEST_SKIP() << "no /dev/shm here";
  ScratchDir dir("/dev/shm");
  ASSERT_FALSE(dir.path().empty());
  const RunOutput r = run_hostmark(doctor_args(dir.path(), {"--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  std::vector<doctor::StorageFigure> figures;
  for (const auto& p : j["phases"]) {
    if (p["name"] != "doctor.storage") continue;
    for (const auto& m : p["metrics"]) {
      const std::string unit = m["unit"].get<std::string>();
      if (m["name"] == "severity") continue;
      EXPECT_GT(m["value"].get<double>(), 0) << m.dump();
      figures.push_back({m["name"].get<std::string>(), m["value"].get<double>(), unit != "us"});
    }
  }
  ASSERT_EQ(figures.size(), 7u) << "the seven probes' figures: " << r.out;
  // tmpfs refuses O_DIRECT on this kernel or accepts it (6.6+): either is stated.
  ASSERT_TRUE(j["options"].contains("direct")) << j["options"].dump();
  const doctor::Finding expected =
      doctor::assess_storage(figures, "tmpfs", j["options"]["direct"] == "1");
  EXPECT_EQ(severity_of(j, "doctor.storage"), static_cast<int>(expected.severity)) << r.out;
  const std::string verdict = verdict_of(j);
  const bool bottleneck = expected.severity == doctor::Severity::kBottleneck;
  EXPECT_EQ(verdict.find("storage is the bottleneck") != std::string::npos, bottleneck) << verdict;
  // With no area past its bottleneck threshold the verdict names nothing.
  if (!bottleneck && severity_of(j, "doctor.cpu") < 3 && severity_of(j, "doctor.memory") < 3) {
    EXPECT_EQ(verdict.rfind("no ", 0), 0u) << verdict;
  }
  EXPECT_TRUE(dir.empty());
}

TEST(DoctorCliTest, TextPrintsTheVerdictFirstThenEachCheck) {
  ScratchDir dir;
  const RunOutput r = run_hostmark(doctor_args(dir.path(), {"--rate-iops=20"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("Verdict: ", 0), 0u) << r.out;
  for (const char* area : {"] memory: ", "] cpu: ", "] processes: ", "] storage: "})
    EXPECT_NE(r.out.find(area), std::string::npos) << area << "\n" << r.out;
  EXPECT_NE(r.out.find("[bottleneck] storage: "), std::string::npos) << r.out;
  EXPECT_TRUE(r.err.empty()) << "no progress on a pipe: " << r.err;
}

TEST(DoctorCliTest, BadPathAndBadDbUrlAreOneLineUsageErrors) {
  ScratchDir dir;
  const std::string file = dir.file("plain");
  { std::ofstream(file) << "x"; }
  const std::vector<std::vector<std::string>> cases = {
      {"doctor", dir.file("missing")},
      {"doctor", file},
      {"doctor", dir.path(), "--db", "mysql://u@h:99999/db"},
      {"doctor", dir.path(), "--db", "nosuch://x"},
      {"doctor", dir.path(), "--duration=soon"},
      {"doctor", dir.path(), "--duration=0.5"},
  };
  for (const auto& args : cases) {
    const RunOutput r = run_hostmark(args);
    EXPECT_EQ(r.exit_code, 2) << args.back() << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(r.err.rfind("hostmark: ", 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  fs::remove(file);
  EXPECT_TRUE(dir.empty()) << "nothing created by a refused run";
}

TEST(DoctorCliTest, SqliteProbeAddsADatabaseFinding) {
  ScratchDir dir;
  const RunOutput r = run_hostmark(
      doctor_args(dir.path(), {"--db", "sqlite:" + dir.file("probe.db"), "--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_GE(severity_of(j, "doctor.database"), 0);
  bool read_write = false;
  for (const auto& p : j["phases"]) {
    if (p["name"] != "doctor.database.read-write") continue;
    read_write = true;
    for (const auto& m : p["metrics"])
      if (m["name"] == "tps") {
        EXPECT_GT(m["value"].get<double>(), 0);
      }
  }
  EXPECT_TRUE(read_write) << r.out;
  EXPECT_TRUE(dir.empty()) << "the probe's database file must be removed";
}

TEST(DoctorCliTest, SigintKeepsWhatWasFoundAndRemovesTheTestFile) {
  if (!fs::exists("/usr/bin/timeout")) GTEST_SKIP() << "coreutils timeout is missing";
  ScratchDir dir;
  // --duration=24: 2 s host samples (6 s), then 3.2 s storage probes: at 9 s a probe runs (on
  // a slow machine maybe still a sample; the file must be gone either way).
  const RunOutput r = run_interrupted(
      {"doctor", dir.path(), "--duration=24", "--size=8M", "--output-format=json"}, 9);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << "stdout:\n" << r.out << "\nstderr:\n" << r.err;
  EXPECT_TRUE(j["interrupted"].get<bool>());
  EXPECT_FALSE(verdict_of(j).empty());
  EXPECT_GE(j["phases"].size(), 1u);
  EXPECT_TRUE(dir.empty()) << "the test file must be removed after SIGINT";
}

}  // namespace
}  // namespace hostmark
