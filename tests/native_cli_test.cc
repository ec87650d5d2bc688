// The native commands (cpu, suite) and the top level, driven through the built binary.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "background_hostmark.h"
#include "run_binary.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

std::set<std::string> phase_names(const nlohmann::json& j) {
  std::set<std::string> names;
  for (const auto& p : j["phases"]) names.insert(p["name"].get<std::string>());
  return names;
}

const nlohmann::json* find_metric(const nlohmann::json& phase, const std::string& name) {
  for (const auto& m : phase["metrics"])
    if (m["name"] == name) return &m;
  return nullptr;
}

class TempDir {
 public:
  TempDir()
      : path_(fs::temp_directory_path() /
              ("hostmark-test-" + std::to_string(getpid()) + "-" + std::to_string(counter_++))) {
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

TEST(TopLevelCliTest, VersionUsageAndUnknownCommand) {
  const RunOutput v = run_hostmark({"--version"});
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_EQ(v.out.rfind("hostmark ", 0), 0u);
  const RunOutput none = run_hostmark({});
  EXPECT_EQ(none.exit_code, 2);
  const RunOutput help = run_hostmark({"--help"});
  EXPECT_EQ(help.exit_code, 0);
  for (const char* c : {"suite", "cpu", "memory", "info", "sysbench"})
    EXPECT_NE(help.out.find(c), std::string::npos);
  const RunOutput bad = run_hostmark({"frobnicate"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.err, "hostmark: frobnicate: unknown command (see 'hostmark --help')\n");
}

TEST(CpuCliTest, JsonHasBothPhasesAndScaling) {
  const RunOutput r = run_hostmark({"cpu", "--time=200ms", "--threads=2", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["command"], "cpu");
  EXPECT_EQ(phase_names(j), (std::set<std::string>{"single-thread", "all-threads", "scaling"}));
  for (const auto& p : j["phases"]) {
    if (p["name"] == "scaling") continue;
    EXPECT_GT(p["metrics"][0]["value"].get<double>(), 0);
    EXPECT_EQ(p["metrics"][0]["unit"], "events/s");
    // Measured from the first event's start to the last one's end: about --time, a little less
    // when the first event started late on a loaded machine.
    EXPECT_GT(p["duration_s"].get<double>(), 0.1);
  }
  EXPECT_NE(j["notes"][0].get<std::string>().find("sysbench"), std::string::npos);
}

TEST(CpuCliTest, SigintReportsWhatWasMeasured) {
  const RunOutput r = run_interrupted({"cpu", "--time=5s", "--output-format=json"}, 1.0);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << "stdout:\n" << r.out << "\nstderr:\n" << r.err;
  EXPECT_TRUE(j["interrupted"].get<bool>());
  ASSERT_GE(j["phases"].size(), 1u);
  EXPECT_EQ(j["phases"][0]["name"], "single-thread");
  EXPECT_GT(j["phases"][0]["metrics"][0]["value"].get<double>(), 0);
  EXPECT_EQ(phase_names(j).count("scaling"), 0u) << "no scaling without both phases";
}

TEST(CpuCliTest, TextNamesTheSysbenchWork) {
  const RunOutput r = run_hostmark({"cpu", "--time=100ms"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("CPU (sysbench prime work, --cpu-max-prime=10000)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("scaling: "), std::string::npos);
}

TEST(CpuCliTest, BadOptionsAreOneLineUsageErrors) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"cpu", "--time=0"},
                                                                {"cpu", "--time=soon"},
                                                                {"cpu", "--threads=-1"},
                                                                {"cpu", "--bogus"}}) {
    const RunOutput r = run_hostmark(args);
    EXPECT_EQ(r.exit_code, 2) << args[1];
    EXPECT_EQ(output_lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("hostmark: ", 0), 0u) << r.err;
  }
}

TEST(SuiteCliTest, SmokeSuiteSavesItsResultInTheStoreAndPrintsASummary) {
  TempDir dir;
  TempDir work;
  const std::string db = (dir.path() / "results.db").string();
  const RunOutput r = run_hostmark(
      {"suite", "--profile=smoke", "--results-db=" + db, "--dir=" + work.path().string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("cpu.single-thread"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("memory.bandwidth"), std::string::npos);
  EXPECT_NE(r.out.find("storage.RND4K Q1T1 write"), std::string::npos);
  // Against the references: the single-thread CPU figure is the sysbench article's.
  EXPECT_NE(r.out.find("against the closest reference machines"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::is_empty(work.path())) << "the suite left files in " << work.path();
  const RunOutput shown =
      run_hostmark({"results", "list", "--results-db=" + db, "--output-format=json"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const auto list = nlohmann::json::parse(shown.out);
  ASSERT_EQ(list.size(), 1u) << shown.out;
  const RunOutput one = run_hostmark(
      {"results", "show", list[0]["id"].dump(), "--results-db=" + db, "--output-format=json"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto j = nlohmann::json::parse(one.out);
  EXPECT_EQ(j["command"], "suite");
  EXPECT_TRUE(j.contains("host"));
  const auto names = phase_names(j);
  for (const char* p : {"cpu.single-thread", "cpu.all-threads", "memory.bandwidth",
                        "memory.latency", "memory.sysbench-style", "storage.SEQ1M Q8T1 read",
                        "storage.RND4K Q32T1 write", "fs.put_block", "db.point-select"}) {
    EXPECT_TRUE(names.count(p)) << p;
  }
  EXPECT_EQ(j["options"]["profile"], "smoke");
}

TEST(SuiteCliTest, JsonOnStdoutWithoutSaving) {
  TempDir dir;
  TempDir work;
  const RunOutput r =
      run_hostmark({"suite", "--profile=smoke", "--no-save", "--output-format=json",
                    "--dir=" + work.path().string()},
                   RunOptions{"", 120'000, {"XDG_DATA_HOME=" + dir.path().string()}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_TRUE(fs::is_empty(dir.path()));  // --no-save wrote nothing in the default store
  // The database step, on SQLite (no server needed), with its four phases.
  const auto names = phase_names(j);
  for (const char* p : {"db.prepare", "db.read-write", "db.read-only", "db.point-select"})
    EXPECT_TRUE(names.contains(p)) << p;
  for (const auto& p : j["phases"]) {
    if (p["name"] == "db.point-select") {
      const nlohmann::json* tps = find_metric(p, "tps");
      ASSERT_NE(tps, nullptr) << p;
      EXPECT_GT((*tps)["value"].get<double>(), 0);
    }
  }
}

TEST(SuiteCliTest, BadArgumentsAreOneLine) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"suite", "--profile=huge", "--no-save"},
        std::vector<std::string>{"suite", "--dir=/proc/hostmark-cannot-exist", "--no-save"}}) {
    const RunOutput r = run_hostmark(args);
    EXPECT_EQ(r.exit_code, 2) << args[1];
    EXPECT_EQ(output_lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("hostmark: ", 0), 0u) << r.err;
  }
}

TEST(SuiteCliTest, UnwritableResultsStoreIsARunError) {
  const RunOutput r =
      run_hostmark({"suite", "--profile=smoke", "--results-db=/proc/hostmark-cannot-exist/r.db"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(output_lines(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("/proc/hostmark-cannot-exist"), std::string::npos) << r.err;
}

// SIGINT in the middle of a phase: the phase ends at its next repetition or working set, the
// phases after it are skipped, and the report of what ran is printed marked interrupted, with
// exit status 1 as for every interrupted command. `hostmark memory args...` with one SIGINT
// `seconds` after hostmark owns the signal.
RunOutput memory_interrupted_after(double seconds, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"memory"};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_interrupted(argv, seconds);
}

TEST(MemoryCliTest, SigintDuringBandwidthReportsTheRepetitionsDone) {
  // 1000 repetitions over 3 x 64 MiB take far longer than the second before the signal.
  const RunOutput r = memory_interrupted_after(
      1.0, {"--size=64M", "--reps=1000", "--threads=1", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["interrupted"], true);
  EXPECT_EQ(phase_names(j),
            (std::set<std::string>{"bandwidth"}));  // latency, sysbench-style skipped
  const auto& bw = j["phases"][0];
  const nlohmann::json* reps = find_metric(bw, "repetitions");
  ASSERT_NE(reps, nullptr);
  EXPECT_GE((*reps)["value"].get<double>(), 1);
  EXPECT_LT((*reps)["value"].get<double>(), 1000);
  for (const char* k : {"copy_gb_per_s", "scale_gb_per_s", "add_gb_per_s", "triad_gb_per_s"}) {
    const nlohmann::json* m = find_metric(bw, k);
    ASSERT_NE(m, nullptr) << k;
    EXPECT_GT((*m)["value"].get<double>(), 0) << k;
  }
  for (const auto& n : j["notes"])
    EXPECT_EQ(n.get<std::string>().find("latency is"), std::string::npos) << n;
}

TEST(MemoryCliTest, SigintDuringBandwidthInTextSaysInterrupted) {
  const RunOutput r = memory_interrupted_after(1.0, {"--size=64M", "--reps=1000", "--threads=1"});
  ASSERT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("(interrupted"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("bandwidth: 1 thread(s)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("load latency"), std::string::npos) << r.out;
}

TEST(MemoryCliTest, SigintDuringLatencyReportsTheWorkingSetsDone) {
  // 18 working sets (4 KiB to 512 MiB) of at least 80 ms each: more than the second before the
  // signal.
  const RunOutput r = memory_interrupted_after(
      1.0, {"--no-bandwidth", "--max-working-set=512M", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["interrupted"], true);
  EXPECT_EQ(phase_names(j), (std::set<std::string>{"latency"}));
  const auto& points = j["phases"][0]["series"][0]["points"];
  EXPECT_GE(points.size(), 1u);
  EXPECT_LT(points.size(), 18u);
}

}  // namespace
}  // namespace hostmark
