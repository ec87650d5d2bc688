// `hostmark sysbench` options that scripts use, compared with the real sysbench 1.0.20 on the
// same command where it is installed: --report-checkpoints, --config-file, and an OLTP run or
// cleanup without a prepare on SQLite.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "sysbench_fileio_env.h"
#include "sysbench_peer_text.h"

namespace hostmark {
namespace {

constexpr const char* kRealSysbench = "/usr/bin/sysbench";

RunOutput hostmark_sysbench(std::vector<std::string> args) {
  args.insert(args.begin(), "sysbench");
  return run_hostmark(args);
}

// The lines of a report from "Running the test" on, numbers as '#', padding before them as one
// blank, histogram rows dropped (their bars differ run to run): what a script parsing the
// output sees of its layout.
std::vector<std::string> report_shape(const std::string& text) {
  static const std::regex number(R"([0-9]+(\.[0-9]+)?)");
  static const std::regex padding(" +#");
  std::vector<std::string> out;
  bool started = false;
  for (const auto& line : output_lines(text)) {
    started = started || line == "Running the test with following options:";
    if (!started || line.find(" |") != std::string::npos) continue;
    out.push_back(std::regex_replace(std::regex_replace(line, number, "#"), padding, " #"));
  }
  return out;
}

std::vector<std::string> checkpoint_lines(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& line : output_lines(text))
    if (line.find("heckpoint") != std::string::npos) out.push_back(line);
  return out;
}

void expect_dropin_error(const RunOutput& r, int code, const std::string& text) {
  EXPECT_EQ(r.exit_code, code) << r.err;
  const auto lines = output_lines(r.err);
  ASSERT_EQ(lines.size(), 1u) << r.err;
  EXPECT_EQ(lines[0].rfind("hostmark: ", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find(text), std::string::npos) << lines[0];
}

class SysbenchDropinTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(dir_.path().empty()); }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_.file(name)) << text;
  }
  ScratchDir dir_;
  CwdGuard cwd_{dir_.path()};
};

// --- --report-checkpoints ------------------------------------------------------------------

TEST_F(SysbenchDropinTest, CheckpointReportsAreSysbenchsLayout) {
  const std::vector<std::string> args = {"--report-checkpoints=2,1", "--time=3", "cpu", "run"};
  const RunOutput ours = hostmark_sysbench(args);
  ASSERT_EQ(ours.exit_code, 0) << ours.err;
  const std::vector<std::string> expected = {
      "Report checkpoint(s) at 1, 2 seconds",
      "[ 1s ] Checkpoint report:", "[ 2s ] Checkpoint report:"};
  EXPECT_EQ(checkpoint_lines(ours.out), expected) << ours.out;
  const auto shape = report_shape(ours.out);
  // Three reports, each complete: the two checkpoints and the final one.
  EXPECT_EQ(std::count(shape.begin(), shape.end(), "General statistics:"), 3) << ours.out;
  EXPECT_EQ(std::count(shape.begin(), shape.end(), "Threads fairness:"), 3) << ours.out;
  if (!std::filesystem::exists(kRealSysbench)) GTEST_SKIP() << "sysbench is not installed";
  const RunOutput theirs = run_program(kRealSysbench, args);
  ASSERT_EQ(theirs.exit_code, 0) << theirs.err;
  EXPECT_EQ(report_shape(ours.out), report_shape(theirs.out)) << ours.out << theirs.out;
}

// Counters start again at a checkpoint: the reports' event counts add up to --events (without
// the reset the final report would count them all again), and "total time" counts from the
// start in every report, as sysbench's does. A run too fast to reach the checkpoint has one
// report holding every event: the sum holds either way.
TEST_F(SysbenchDropinTest, CheckpointResetsTheCounters) {
  const RunOutput r = hostmark_sysbench({"--report-checkpoints=1", "--time=0", "--events=600",
                                         "--cpu-max-prime=30000", "cpu", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::smatch m;
  double events = 0;
  std::vector<double> totals;
  const std::regex ev(R"(total number of events: +([0-9]+))");
  const std::regex tt(R"(total time: +([0-9.]+)s)");
  for (const auto& line : output_lines(r.out)) {
    if (std::regex_search(line, m, ev)) events += std::stod(m[1]);
    if (std::regex_search(line, m, tt)) totals.push_back(std::stod(m[1]));
  }
  EXPECT_EQ(events, 600) << r.out;
  ASSERT_FALSE(totals.empty()) << r.out;
  for (std::size_t i = 1; i < totals.size(); ++i) EXPECT_GT(totals[i], totals[i - 1]) << r.out;
  if (totals.size() == 2) {
    EXPECT_GE(totals[1], 1.0) << r.out;  // from the start, not from 1 s
  }
}

TEST_F(SysbenchDropinTest, BadCheckpointValuesAreOneLine) {
  expect_dropin_error(hostmark_sysbench({"--report-checkpoints=1,x", "cpu", "run"}), 2,
                      "--report-checkpoints: invalid value 'x'");
  expect_dropin_error(hostmark_sysbench({"--report-checkpoints=-1", "cpu", "run"}), 2,
                      "--report-checkpoints: invalid value '-1'");
  std::string many = "--report-checkpoints=1";
  for (int i = 2; i <= 257; ++i) many += "," + std::to_string(i);
  expect_dropin_error(hostmark_sysbench({many, "cpu", "run"}), 2, "too many checkpoints");
}

// --- --config-file -------------------------------------------------------------------------

const char* const kConfig =
    "# options of a saved run\n"
    "\n"
    "threads=2\n"
    "events=50\n"
    "time=0\n"
    "percentile=99   # a comment after the value\n"
    "rand-seed='5'\n"
    "report-checkpoints=1,2\n";
const std::vector<std::string> kSameOnCommandLine = {"--threads=2",   "--events=50",
                                                     "--time=0",      "--percentile=99",
                                                     "--rand-seed=5", "--report-checkpoints=1,2",
                                                     "cpu",           "run"};

TEST_F(SysbenchDropinTest, ConfigFileIsTheCommandLine) {
  write("run.cfg", kConfig);
  const RunOutput file = hostmark_sysbench({"--config-file=run.cfg", "cpu", "run"});
  const RunOutput line = hostmark_sysbench(kSameOnCommandLine);
  ASSERT_EQ(file.exit_code, 0) << file.err;
  ASSERT_EQ(line.exit_code, 0) << line.err;
  EXPECT_EQ(report_shape(file.out), report_shape(line.out));
  const auto shape = report_shape(file.out);
  EXPECT_NE(std::find(shape.begin(), shape.end(), "Number of threads: #"), shape.end());
  EXPECT_NE(file.out.find("Number of threads: 2\n"), std::string::npos) << file.out;
  EXPECT_NE(file.out.find("total number of events:              50\n"), std::string::npos);
  EXPECT_NE(file.out.find("99th percentile:"), std::string::npos) << file.out;
  if (!std::filesystem::exists(kRealSysbench)) GTEST_SKIP() << "sysbench is not installed";
  const RunOutput theirs = run_program(kRealSysbench, {"--config-file=run.cfg", "cpu", "run"});
  ASSERT_EQ(theirs.exit_code, 0) << theirs.err;
  EXPECT_EQ(report_shape(file.out), report_shape(theirs.out)) << file.out << theirs.out;
}

TEST_F(SysbenchDropinTest, CommandLineOverridesTheConfigFile) {
  write("run.cfg", "threads=2\nevents=20\ntime=0\n");
  for (const auto& args : {std::vector<std::string>{"--threads=3", "--config-file=run.cfg"},
                           std::vector<std::string>{"--config-file=run.cfg", "--threads=3"}}) {
    auto a = args;
    a.insert(a.end(), {"cpu", "run"});
    const RunOutput r = hostmark_sysbench(a);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("Number of threads: 3\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("total number of events:              20\n"), std::string::npos);
  }
}

TEST_F(SysbenchDropinTest, ConfigFileTakesTestOptionsAndBooleans) {
  write("run.cfg", "cpu_max_prime = 2000\nhistogram=true\nevents=5\ntime=0\n");
  const RunOutput r = hostmark_sysbench({"--config-file=run.cfg", "cpu", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Prime numbers limit: 2000\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Latency histogram (values are in milliseconds)"), std::string::npos);
}

TEST_F(SysbenchDropinTest, BadConfigLinesNameFileAndLine) {
  write("bad1.cfg", "threads=2\n\n# fine\nbogus=1\n");
  expect_dropin_error(hostmark_sysbench({"--config-file=bad1.cfg", "cpu", "run"}), 2,
                      "bad1.cfg:4: --bogus: unknown option");
  write("bad2.cfg", "threads=two\n");
  expect_dropin_error(hostmark_sysbench({"--config-file=bad2.cfg", "cpu", "run"}), 2,
                      "bad2.cfg:1: --threads: 'two'");
  write("bad3.cfg", "events=1\nthreads\n");
  expect_dropin_error(hostmark_sysbench({"--config-file=bad3.cfg", "cpu", "run"}), 2,
                      "bad3.cfg:2: 'threads' is not option=value");
  write("bad4.cfg", "rand-type='uniform\n");
  expect_dropin_error(hostmark_sysbench({"--config-file=bad4.cfg", "cpu", "run"}), 2,
                      "bad4.cfg:1: no closing '");
  write("bad5.cfg", "memory-block-size=1K\n");  // another test's option
  expect_dropin_error(hostmark_sysbench({"--config-file=bad5.cfg", "cpu", "run"}), 2,
                      "bad5.cfg:1: --memory-block-size: unknown option");
  expect_dropin_error(hostmark_sysbench({"--config-file=missing.cfg", "cpu", "run"}), 2,
                      "--config-file: missing.cfg: No such file or directory");
}

// --- OLTP on SQLite without a prepare --------------------------------------------------------

TEST_F(SysbenchDropinTest, RunWithoutPrepareFailsAndLeavesNoFile) {
  for (const char* test : {"oltp_read_write", "oltp_point_select", "select_random_points"}) {
    const RunOutput r = hostmark_sysbench({test, "--db-driver=sqlite", "--events=5", "run"});
    expect_dropin_error(r, 1, "sbtest.db: no such table: sbtest1");
    EXPECT_TRUE(dir_.empty()) << test << " left a file behind";
  }
}

TEST_F(SysbenchDropinTest, CleanupWithoutPrepareDropsNothingAndLeavesNoFile) {
  const RunOutput r =
      hostmark_sysbench({"oltp_read_write", "--db-driver=sqlite", "--tables=2", "cleanup"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Dropping table 'sbtest1'...\nDropping table 'sbtest2'...\n"),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(dir_.empty());
}

// A prepared database whose tables were dropped: the same message, from SQLite itself.
TEST_F(SysbenchDropinTest, RunAfterCleanupNamesTheMissingTable) {
  ASSERT_EQ(
      hostmark_sysbench({"oltp_read_only", "--db-driver=sqlite", "--table-size=10", "prepare"})
          .exit_code,
      0);
  ASSERT_EQ(hostmark_sysbench({"oltp_read_only", "--db-driver=sqlite", "cleanup"}).exit_code, 0);
  const RunOutput r =
      hostmark_sysbench({"oltp_read_only", "--db-driver=sqlite", "--events=5", "run"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("no such table: sbtest1"), std::string::npos) << r.err;
}

// --- what sysbench's own suite (tests/t) checks --------------------------------------------

// opt_report_checkpoints.t and opt_report_interval.t: the OLTP tests with --mysql-dry-run need
// no server; every statement is "other", as in sysbench's dry run.
TEST_F(SysbenchDropinTest, MysqlDryRunNeedsNoServer) {
  const RunOutput r =
      hostmark_sysbench({"oltp_read_write", "--db-driver=mysql", "--mysql-dry-run",
                         "--mysql-host=nonexistent.invalid", "--events=10", "--time=0", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("        read:                            0\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("        other:                           200\n"), std::string::npos)
      << r.out;
  EXPECT_TRUE(dir_.empty());
}

// test_memory.t: sysbench's memory test drops --events; --events=1 moves the whole total.
TEST_F(SysbenchDropinTest, MemoryIgnoresEvents) {
  const RunOutput r =
      hostmark_sysbench({"memory", "--memory-block-size=4K", "--memory-total-size=8M", "--events=1",
                         "--time=0", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Total operations: 2048 ("), std::string::npos) << r.out;
}

// opt_rate.t: a rate the workers cannot keep up with fails (exit 1) once sysbench's event queue
// (131072 events) would be full; --verbosity=1 hides everything but the error.
TEST_F(SysbenchDropinTest, UnreachableRateFailsAndLowVerbosityIsQuiet) {
  const RunOutput r =
      hostmark_sysbench({"--rate=2000000000", "cpu", "run", "--verbosity=1", "--time=5"});
  expect_sysbench_words(r,
                        "FATAL: The event queue is full. This means the worker threads are "
                        "unable to keep up with the specified event generation rate");
  EXPECT_EQ(output_lines(r.out).size(), 1u) << r.out;  // no banner, no report
}

// --verbosity below 3 hides the report of a run that succeeds, and the run still exits 0
// (a discarded report once failed the run with "standard output: write failed"); the same for
// prepare's banner.
TEST_F(SysbenchDropinTest, LowVerbosityRunSucceedsSilently) {
  const RunOutput run = hostmark_sysbench({"cpu", "run", "--verbosity=1", "--time=1"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
  EXPECT_TRUE(run.err.empty()) << run.err;
  const RunOutput prepare = hostmark_sysbench(
      {"fileio", "prepare", "--verbosity=1", "--file-num=1", "--file-total-size=64K"});
  EXPECT_EQ(prepare.exit_code, 0) << prepare.err;
  EXPECT_TRUE(prepare.out.empty()) << prepare.out;
}

// cmd_*.t: a name that is neither a test nor a script file or module is sysbench's FATAL line
// (scripts of one's own run: tests/sysbench_lua_test.cc).
TEST_F(SysbenchDropinTest, UnknownTestIsSysbenchsFatalLine) {
  const RunOutput r = hostmark_sysbench({"--verbosity=0", "nothing_here", "run"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "FATAL: Cannot find benchmark 'nothing_here': no such built-in test, file or module\n");
}

// tests.t: "Compiled-in tests:" up to the blank line lists sysbench's C tests only.
TEST_F(SysbenchDropinTest, HelpListsCompiledInTestsAsSysbench) {
  const RunOutput r = hostmark_sysbench({"--help"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto at = r.out.find("Compiled-in tests:\n");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string list = r.out.substr(at, r.out.find("\n\n", at) - at);
  EXPECT_EQ(list,
            "Compiled-in tests:\n  fileio - File I/O test\n  cpu - CPU performance test\n"
            "  memory - Memory functions speed test\n  threads - Threads subsystem performance "
            "test\n  mutex - Mutex performance test");
  EXPECT_NE(r.out.find("  --report-checkpoints=[LIST,...] dump full statistics"),
            std::string::npos);
  EXPECT_NE(r.out.find("  --config-file=FILENAME          File containing command line options\n"),
            std::string::npos);
}

}  // namespace
}  // namespace hostmark
