// The built binary driven as a sysbench user would drive it.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>

#include "background_hostmark.h"
#include "run_binary.h"
#include "sysbench_peer_text.h"

namespace hostmark {
namespace {

bool has_line(const std::string& out, const std::string& line) {
  for (const auto& l : output_lines(out))
    if (l == line) return true;
  return false;
}

// Replaces every number with '#' so two reports of the same layout compare equal.
std::string layout_of(const std::string& report) {
  static const std::regex number(R"([0-9]+(\.[0-9]+)?)");
  std::string out;
  const auto lines = output_lines(report);
  for (std::size_t i = 1; i < lines.size(); ++i) {  // line 0 names the program and version
    std::string l = std::regex_replace(lines[i], number, "#");
    // sysbench aligns numbers in fixed-width fields: compare without the padding.
    l = std::regex_replace(l, std::regex(" +#"), " #");
    out += l + "\n";
  }
  return out;
}

void expect_sysbench_error(const RunOutput& r, const std::string& culprit) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  const auto lines = output_lines(r.err);
  ASSERT_EQ(lines.size(), 1u) << r.err;
  EXPECT_EQ(lines[0].rfind("hostmark: ", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find(culprit), std::string::npos) << lines[0];
}

TEST(SysbenchCliTest, CpuEventsSplitEvenlyInSysbenchLayout) {
  const RunOutput r = run_hostmark({"sysbench", "--events=100", "--threads=2", "cpu", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;  // no progress when stderr is not a terminal
  EXPECT_TRUE(has_line(r.out, "Number of threads: 2"));
  EXPECT_TRUE(has_line(r.out, "Prime numbers limit: 10000"));
  EXPECT_TRUE(has_line(r.out, "    total number of events:              100"));
  EXPECT_TRUE(has_line(r.out, "    events (avg/stddev):           50.0000/0.00"));
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex(R"(\n    events per second: +[0-9]+\.[0-9]{2}\n)")));
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex(R"(\n         95th percentile: +[0-9]+\.[0-9]{2}\n)")));
}

// Same layout as the real sysbench 1.0.20, line for line, numbers aside.
TEST(SysbenchCliTest, ReportLayoutMatchesRealSysbench) {
  if (!std::filesystem::exists("/usr/bin/sysbench"))
    GTEST_SKIP() << "sysbench is not installed (apt-get install sysbench)";
  const std::vector<std::vector<std::string>> cases = {
      {"--events=50", "--threads=2", "cpu", "run"},
      {"--memory-total-size=1M", "memory", "run"},
      {"--events=20", "--thread-yields=10", "threads", "run"},
      {"--mutex-locks=200", "--mutex-loops=10", "--threads=2", "mutex", "run"},
      {"--events=30", "--percentile=0", "cpu", "run"},
      {"--events=30", "--percentile=99", "--rand-seed=5", "cpu", "run"},
  };
  for (const auto& args : cases) {
    const RunOutput ours = run_hostmark([&] {
      std::vector<std::string> a{"sysbench"};
      a.insert(a.end(), args.begin(), args.end());
      return a;
    }());
    const RunOutput theirs = run_program("/usr/bin/sysbench", args);
    ASSERT_EQ(ours.exit_code, 0) << ours.err;
    ASSERT_EQ(theirs.exit_code, 0) << theirs.err;
    EXPECT_EQ(layout_of(ours.out), layout_of(theirs.out)) << args[args.size() - 2];
  }
}

TEST(SysbenchCliTest, MemoryQuotaAndTransferLines) {
  const RunOutput r =
      run_hostmark({"sysbench", "--memory-total-size=1M", "--threads=2", "memory", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::regex_search(
      r.out, std::regex(R"(\nTotal operations: 1024 \( *[0-9.]+ per second\)\n)")))
      << r.out;
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex(R"(\n1\.00 MiB transferred \([0-9.]+ MiB/sec\)\n)")))
      << r.out;
  EXPECT_TRUE(has_line(r.out, "    events (avg/stddev):           512.0000/0.00"));
  EXPECT_TRUE(has_line(r.out, "  block size: 1KiB"));
}

TEST(SysbenchCliTest, UnderscoreOptionsAreAccepted) {
  const RunOutput r =
      run_hostmark({"sysbench", "--cpu_max_prime=2000", "--events=5", "cpu", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has_line(r.out, "Prime numbers limit: 2000"));
}

TEST(SysbenchCliTest, JsonOutputIsOneDocumentWithEveryFigure) {
  const RunOutput r = run_hostmark(
      {"sysbench", "--events=40", "--threads=2", "--output-format=json", "cpu", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);  // throws (fails) if anything else is mixed in
  EXPECT_EQ(j["schema"], "hostmark.result");
  EXPECT_EQ(j["command"], "sysbench cpu");
  EXPECT_GT(j["context"]["cpu_count"].get<int>(), 0);
  const auto& p = j["phases"][0];
  EXPECT_EQ(p["latency"]["count"], 40);
  EXPECT_EQ(p["fairness"]["events_avg"], 20.0);
  EXPECT_LE(p["latency"]["min_ns"].get<double>(),
            p["latency"]["percentiles_ns"]["95"].get<double>());
  EXPECT_LE(p["latency"]["percentiles_ns"]["95"].get<double>(),
            p["latency"]["max_ns"].get<double>());
  bool eps = false;
  for (const auto& m : p["metrics"])
    eps |= m["name"] == "events_per_s" && m["unit"] == "events/s" && m["value"] > 0;
  EXPECT_TRUE(eps);
}

TEST(SysbenchCliTest, CsvOutputHasAHeaderAndRows) {
  const RunOutput r =
      run_hostmark({"sysbench", "--events=10", "--output-format=csv", "cpu", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = output_lines(r.out);
  ASSERT_GT(lines.size(), 3u);
  EXPECT_EQ(lines[0], "command,phase,metric,value,unit");
  EXPECT_TRUE(
      std::regex_match(lines[1], std::regex(R"(sysbench cpu,cpu,events_per_s,[0-9.e+]+,events/s)")))
      << lines[1];
}

TEST(SysbenchCliTest, OutputFileGetsTheReportAndStdoutStaysEmpty) {
  const std::string path = std::filesystem::temp_directory_path() /
                           ("hostmark-sb-" + std::to_string(getpid()) + ".json");
  const RunOutput r = run_hostmark(
      {"sysbench", "--events=5", "--output-format=json", "--output=" + path, "cpu", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  std::ifstream in(path);
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["phases"][0]["latency"]["count"], 5);
  std::filesystem::remove(path);
}

TEST(SysbenchCliTest, IntermediateReportsEverySecond) {
  const RunOutput r = run_hostmark({"sysbench", "--time=2", "--report-interval=1", "cpu", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::regex_search(
      r.out,
      std::regex(R"(\n\[ 1s \] thds: 1 eps: [0-9]+\.[0-9]{2} lat \(ms,95%\): [0-9]+\.[0-9]{2}\n)")))
      << r.out;
  EXPECT_TRUE(has_line(r.out, "Report intermediate results every 1 second(s)"));
}

TEST(SysbenchCliTest, HistogramAndPercentileOptions) {
  const RunOutput h = run_hostmark({"sysbench", "--events=50", "--histogram", "cpu", "run"});
  ASSERT_EQ(h.exit_code, 0) << h.err;
  EXPECT_TRUE(has_line(h.out, "Latency histogram (values are in milliseconds)"));
  const RunOutput off = run_hostmark({"sysbench", "--events=5", "--percentile=0", "cpu", "run"});
  EXPECT_TRUE(has_line(off.out, "         percentile stats:               disabled"));
  const RunOutput p99 = run_hostmark({"sysbench", "--events=5", "--percentile=99", "cpu", "run"});
  EXPECT_TRUE(std::regex_search(p99.out, std::regex(R"(\n         99th percentile: +[0-9.]+\n)")));
}

TEST(SysbenchCliTest, HelpListsOptionsWithDefaults) {
  const RunOutput t = run_hostmark({"sysbench", "cpu", "help"});
  ASSERT_EQ(t.exit_code, 0);
  EXPECT_TRUE(has_line(t.out, "  --cpu-max-prime=N upper limit for primes generator [10000]"));
  const RunOutput g = run_hostmark({"sysbench", "--help"});
  ASSERT_EQ(g.exit_code, 0);
  EXPECT_NE(g.out.find("  --threads=N "), std::string::npos);
  EXPECT_NE(g.out.find("  mutex - Mutex performance test"), std::string::npos);
}

TEST(SysbenchCliTest, BadInputGivesOneLineNamingTheCulprit) {
  // (An unknown test name is sysbench's FATAL line now: it may be a Lua script; see
  // SysbenchDropinTest.UnknownTestIsSysbenchsFatalLine.)
  expect_sysbench_error(run_hostmark({"sysbench", "--threads=-1", "cpu", "run"}),
                        "--threads: '-1'");
  expect_sysbench_error(run_hostmark({"sysbench", "--threads=0", "cpu", "run"}), "--threads");
  expect_sysbench_words(run_hostmark({"sysbench", "--memory-block-size=12q", "memory", "run"}),
                        "FATAL: Invalid value for memory-block-size: 12q");
  expect_sysbench_error(run_hostmark({"sysbench", "--time=0", "--events=0", "cpu", "run"}),
                        "--time");
  expect_sysbench_message(run_hostmark({"sysbench", "--foo=1", "cpu", "run"}),
                          "invalid option: --foo=1");
  expect_sysbench_error(run_hostmark({"sysbench", "--foo=1", "--output-format=json", "cpu", "run"}),
                        "--foo: unknown option");
  expect_sysbench_message(run_hostmark({"sysbench", "--cpu-max-prime=5", "memory", "run"}),
                          "invalid option: --cpu-max-prime=5");
  expect_sysbench_words(run_hostmark({"sysbench", "--memory-oper=copy", "memory", "run"}),
                        "FATAL: Invalid value for memory-oper: copy");
  const RunOutput prepare = run_hostmark({"sysbench", "cpu", "prepare"});  // as sysbench
  EXPECT_EQ(prepare.exit_code, 1);
  EXPECT_EQ(prepare.err, "'cpu' test does not implement the 'prepare' command.\n");
  expect_sysbench_message(run_hostmark({"sysbench", "cpu"}),
                          "The 'cpu' test requires a command argument. See 'sysbench cpu help'");
  expect_sysbench_message(run_hostmark({"sysbench", "cpu", "run", "extra"}),
                          "Unrecognized command line argument: extra");
  expect_sysbench_words(run_hostmark({"sysbench", "--memory-block-size=1500", "memory", "run"}),
                        "FATAL: Invalid value for memory-block-size: 1500");
  // The same mistakes with machine-read output: hostmark's one line, saying why.
  expect_sysbench_error(run_hostmark({"sysbench", "--memory-block-size=1500",
                                      "--output-format=json", "memory", "run"}),
                        "--memory-block-size: '1500' is not a power of two");
  expect_sysbench_error(
      run_hostmark({"sysbench", "--memory-block-size=12q", "--output-format=csv", "memory", "run"}),
      "--memory-block-size: '12q' is not a size");
  expect_sysbench_error(
      run_hostmark({"sysbench", "--output-format=xml", "--events=1", "cpu", "run"}),
      "--output-format");
}

TEST(SysbenchCliTest, SigintStopsCleanlyAndStillReports) {
  const RunOutput r = run_interrupted({"sysbench", "--time=60", "--threads=2", "cpu", "run"}, 1.0);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("General statistics:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("interrupted"), std::string::npos);
}

}  // namespace
}  // namespace hostmark

namespace hostmark {
namespace {

// With stderr on a terminal (util-linux `script` gives the command a pty), progress shows there
// while the JSON on stdout (a file) stays clean.
TEST(SysbenchCliTest, ProgressOnATerminalNeverMixesIntoMachineOutput) {
  if (!std::filesystem::exists("/usr/bin/script")) GTEST_SKIP() << "util-linux script is missing";
  const std::string json = std::filesystem::temp_directory_path() /
                           ("hostmark-tty-" + std::to_string(getpid()) + ".json");
  const std::string cmd =
      std::string(HOSTMARK_BINARY) + " sysbench --time=1 --output-format=json cpu run > " + json;
  const RunOutput r = run_program("/usr/bin/script", {"-qec", cmd, "/dev/null"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("sysbench cpu: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ETA"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("events/s"), std::string::npos) << r.out;
  std::ifstream in(json);
  const auto j = nlohmann::json::parse(in);  // nothing but the document
  EXPECT_EQ(j["command"], "sysbench cpu");
  std::filesystem::remove(json);
}

}  // namespace
}  // namespace hostmark

namespace hostmark {
namespace {

TEST(SysbenchCliTest, ForcedShutdownReportsWithoutWaitingForEndlessEvents) {
  // One mutex event of 10^12 locks would run for hours; --forced-shutdown gives up after 0.5 s.
  const RunOutput r = run_hostmark({"sysbench", "--time=1", "--forced-shutdown=0.5",
                                    "--mutex-locks=1000000000000", "--threads=2", "mutex", "run"},
                                   RunOptions{"", 60'000, {}});
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("General statistics:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("WARNING: --forced-shutdown"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace hostmark
