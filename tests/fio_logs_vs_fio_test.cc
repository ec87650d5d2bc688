// write_bw_log, write_lat_log, write_iops_log and write_hist_log against real fio 3.33 (skipped
// when /usr/bin/fio is absent): the same small job run by both, each into its own directory;
// the same file names, the same columns on every line, the same directions and block sizes,
// one line per I/O without log_avg_msec and a line per window with it, msec that never go back.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "real_fio.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;
using Line = std::vector<std::uint64_t>;
using LogFiles = std::map<std::string, std::vector<Line>>;  // file name -> its lines

std::vector<Line> read_lines(const fs::path& path) {
  std::vector<Line> lines;
  std::ifstream in(path);
  std::string text;
  while (std::getline(in, text)) {
    Line line;
    std::istringstream fields(text);
    std::string field;
    while (std::getline(fields, field, ',')) line.push_back(std::stoull(field));
    lines.push_back(std::move(line));
  }
  return lines;
}

LogFiles logs_in(const std::string& dir) {
  LogFiles files;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.ends_with(".log")) files[name] = read_lines(e.path());
  }
  return files;
}

std::set<std::string> log_names(const LogFiles& files) {
  std::set<std::string> out;
  for (const auto& [name, lines] : files) out.insert(name);
  return out;
}

struct BothRuns {
  LogFiles fio, ours;
};

// Runs `options` (job options, without --name and --filename) with fio and with hostmark, each
// with a data file and the log prefix "p" in a directory of its own.
BothRuns run_logs_both(const std::vector<std::string>& options) {
  BothRuns out;
  ScratchDir theirs, mine;
  const auto args = [&options](const ScratchDir& d) {
    std::vector<std::string> a{"--name=logjob", "--filename=" + d.file("data")};
    for (const auto& o : options) {
      const auto eq = o.find('=');
      // The log prefixes name a file in the run's directory.
      if (o.starts_with("--write_") && eq != std::string::npos)
        a.push_back(o.substr(0, eq + 1) + d.file(o.substr(eq + 1)));
      else a.push_back(o);
    }
    return a;
  };
  const RunOutput f = run_program(::hostmark::testing::kRealFioBinary, args(theirs));
  EXPECT_EQ(f.exit_code, 0) << f.err;
  auto ours_args = args(mine);
  ours_args.insert(ours_args.begin(), "fio");
  ours_args.push_back("--no-save");
  const RunOutput h = run_hostmark(ours_args);
  EXPECT_EQ(h.exit_code, 0) << h.err;
  fs::remove(theirs.file("data"));
  fs::remove(mine.file("data"));
  out.fio = logs_in(theirs.path());
  out.ours = logs_in(mine.path());
  return out;
}

// Every line of every file has as many columns as fio's lines of the same file.
void expect_same_columns(const BothRuns& r) {
  for (const auto& [name, lines] : r.fio) {
    if (lines.empty() || !r.ours.count(name)) continue;
    for (const Line& l : r.ours.at(name))
      ASSERT_EQ(l.size(), lines.front().size()) << name << " has lines of another width";
  }
}

void expect_monotonic(const std::string& name, const std::vector<Line>& lines) {
  for (std::size_t i = 1; i < lines.size(); ++i)
    ASSERT_LE(lines[i - 1][0], lines[i][0]) << name << " line " << i + 1 << ": msec went back";
}

const std::vector<std::string> kJob{"--size=4M", "--bs=4k", "--ioengine=psync"};

std::vector<std::string> logged_job(std::initializer_list<std::string> more) {
  std::vector<std::string> v = kJob;
  v.insert(v.end(), more);
  return v;
}

TEST(FioLogsVsFio, OneLinePerIoForEachLogOfARandomRead) {
  SKIP_WITHOUT_FIO();
  const BothRuns r = run_logs_both(
      logged_job({"--rw=randread", "--write_lat_log=p", "--write_bw_log=p", "--write_iops_log=p"}));
  const std::set<std::string> expected{"p_bw.1.log", "p_clat.1.log", "p_iops.1.log", "p_lat.1.log",
                                       "p_slat.1.log"};
  EXPECT_EQ(log_names(r.fio), expected);
  ASSERT_EQ(log_names(r.ours), expected);
  expect_same_columns(r);
  for (const auto& [name, lines] : r.ours) {
    const std::size_t want = name == "p_slat.1.log" ? 0 : 1024;  // psync: no submission latency
    EXPECT_EQ(r.fio.at(name).size(), want) << name << " (fio)";
    ASSERT_EQ(lines.size(), want) << name;
    expect_monotonic(name, lines);
    for (const Line& l : lines) {
      ASSERT_EQ(l.size(), 5u) << name;
      EXPECT_EQ(l[2], 0u) << name << ": a read";
      EXPECT_EQ(l[3], 4096u) << name << ": the I/O's bytes";
      EXPECT_EQ(l[4], 0u) << name << ": priority";
      if (name == "p_iops.1.log") {
        EXPECT_EQ(l[1], 1u);
      } else {
        EXPECT_GT(l[1], 0u) << name;
      }
    }
  }
  // lat (from issue) is never below clat (from submission) for the same I/O.
  const auto& lat = r.ours.at("p_lat.1.log");
  const auto& clat = r.ours.at("p_clat.1.log");
  for (std::size_t i = 0; i < lat.size(); ++i) EXPECT_GE(lat[i][1], clat[i][1]);
}

TEST(FioLogsVsFio, LogOffsetAddsTheOffsetColumnOfAWrite) {
  SKIP_WITHOUT_FIO();
  const BothRuns r =
      run_logs_both(logged_job({"--rw=randwrite", "--write_lat_log=p", "--log_offset=1"}));
  EXPECT_EQ(log_names(r.ours), log_names(r.fio));
  expect_same_columns(r);
  const auto& lines = r.ours.at("p_clat.1.log");
  ASSERT_EQ(lines.size(), 1024u);
  ASSERT_EQ(r.fio.at("p_clat.1.log").front().size(), 6u);
  std::set<std::uint64_t> offsets;
  for (const Line& l : lines) {
    EXPECT_EQ(l[2], 1u) << "a write";
    EXPECT_EQ(l[4] % 4096, 0u);
    EXPECT_LT(l[4], 4u << 20);
    offsets.insert(l[4]);
  }
  EXPECT_EQ(offsets.size(), 1024u) << "randwrite covers every block once (random map)";
}

TEST(FioLogsVsFio, NumjobsNumberTheFilesAndPerJobLogsZeroSharesThem) {
  SKIP_WITHOUT_FIO();
  const BothRuns per_job =
      run_logs_both(logged_job({"--rw=randread", "--numjobs=2", "--write_bw_log=p"}));
  const std::set<std::string> numbered{"p_bw.1.log", "p_bw.2.log"};
  EXPECT_EQ(log_names(per_job.fio), numbered);
  EXPECT_EQ(log_names(per_job.ours), numbered);
  const BothRuns shared = run_logs_both(
      logged_job({"--rw=randread", "--numjobs=2", "--per_job_logs=0", "--write_bw_log=p"}));
  EXPECT_EQ(log_names(shared.fio), std::set<std::string>{"p_bw.log"});
  ASSERT_EQ(log_names(shared.ours), std::set<std::string>{"p_bw.log"});
  expect_same_columns(shared);
  EXPECT_EQ(shared.fio.at("p_bw.log").size(), 2048u);
  EXPECT_EQ(shared.ours.at("p_bw.log").size(), 2048u) << "both jobs' lines, one after the other";
}

TEST(FioLogsVsFio, LogAvgMsecWritesOneLinePerWindow) {
  SKIP_WITHOUT_FIO();
  const BothRuns r = run_logs_both(
      logged_job({"--rw=randread", "--time_based", "--runtime=1", "--log_avg_msec=100",
                  "--write_lat_log=p", "--write_bw_log=p", "--write_iops_log=p"}));
  EXPECT_EQ(log_names(r.ours), log_names(r.fio));
  expect_same_columns(r);
  for (const auto& [name, lines] : r.ours) {
    if (name == "p_slat.1.log") {
      EXPECT_TRUE(lines.empty());
      continue;
    }
    // 1 s in windows of 100 ms: about ten lines (a slow I/O can merge two windows).
    EXPECT_GE(lines.size(), 3u) << name;
    EXPECT_LE(lines.size(), 11u) << name;
    EXPECT_GE(r.fio.at(name).size(), 3u) << name << " (fio)";
    EXPECT_LE(r.fio.at(name).size(), 11u) << name << " (fio)";
    for (std::size_t i = 0; i < lines.size(); ++i) {
      EXPECT_EQ(lines[i][2], 0u);
      EXPECT_EQ(lines[i][3], 0u) << name << ": an averaged line has no block size";
      EXPECT_GT(lines[i][1], 0u) << name;
      EXPECT_GE(lines[i][0], 99u) << name << ": no window closes before its 100 ms";
      if (i > 0) {
        EXPECT_GE(lines[i][0], lines[i - 1][0]) << name;
      }
    }
  }
}

// A hostmark run of `options` (logs with the prefix "p" in a directory of its own) with its
// JSON: the lat log's lines and the job's read lat_ns object.
struct LoggedRun {
  std::vector<Line> lat;
  nlohmann::json lat_ns;
};

LoggedRun hostmark_lat_log(const std::vector<std::string>& options) {
  ScratchDir d;
  std::vector<std::string> a{"fio", "--name=logjob", "--filename=" + d.file("data")};
  for (const auto& o : options)
    a.push_back(o == "--write_lat_log=p" ? "--write_lat_log=" + d.file("p") : o);
  a.insert(a.end(), {"--output-format=json", "--no-save"});
  const RunOutput r = run_hostmark(a);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  LoggedRun out;
  out.lat = read_lines(d.file("p_lat.1.log"));
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  if (!j.is_discarded() && j.contains("jobs")) out.lat_ns = j["jobs"][0]["read"]["lat_ns"];
  fs::remove(d.file("data"));
  return out;
}

// log_max_value=1 logs each window's largest latency, 0 its mean. Checked within each run,
// against that run's own figures: comparing two runs' latencies (the maxima of one with the
// means of another) failed when a loaded machine slowed the second run.
TEST(FioLogsVsFio, LogMaxValueIsNoLessThanTheMean) {
  SKIP_WITHOUT_FIO();
  const auto options = [](bool max) {
    return logged_job({"--rw=randread", "--number_ios=600", "--rate_iops=2000",
                       "--log_avg_msec=100", "--write_lat_log=p",
                       max ? "--log_max_value=1" : "--log_max_value=0"});
  };
  expect_same_columns(run_logs_both(options(true)));
  for (const bool max : {false, true}) {
    SCOPED_TRACE(max ? "log_max_value=1" : "log_max_value=0");
    const LoggedRun run = hostmark_lat_log(options(max));
    ASSERT_FALSE(run.lat.empty());
    ASSERT_TRUE(run.lat_ns.is_object()) << "no lat_ns in the JSON";
    const auto lowest = run.lat_ns["min"].get<std::uint64_t>();
    const auto highest = run.lat_ns["max"].get<std::uint64_t>();
    std::uint64_t top = 0;
    std::uint64_t bottom = UINT64_MAX;
    for (const Line& l : run.lat) {
      EXPECT_GE(l[1], lowest);  // a window's mean or maximum is within its latencies' range
      EXPECT_LE(l[1], highest);
      top = std::max(top, l[1]);
      bottom = std::min(bottom, l[1]);
    }
    if (max) {
      // Every I/O is in a window: the one holding the slowest I/O logs exactly it.
      EXPECT_EQ(top, highest);
    } else {
      // The run's mean latency is a weighted mean of the windows' means, so it lies between
      // the smallest and the largest logged (rounded to whole ns); windows' maxima would
      // normally all lie above it.
      const double mean = run.lat_ns["mean"].get<double>();
      EXPECT_LE(static_cast<double>(bottom), mean + 0.5);
      EXPECT_GE(static_cast<double>(top), mean - 0.5);
    }
  }
}

TEST(FioLogsVsFio, HistogramLogHasFiosBucketsPerWindow) {
  SKIP_WITHOUT_FIO();
  for (const char* coarseness : {"0", "3"}) {
    const BothRuns r = run_logs_both(
        logged_job({"--rw=randread", "--time_based", "--runtime=1", "--write_hist_log=p",
                    "--log_hist_msec=100", std::string("--log_hist_coarseness=") + coarseness}));
    EXPECT_EQ(log_names(r.fio), std::set<std::string>{"p_clat_hist.1.log"});
    ASSERT_EQ(log_names(r.ours), std::set<std::string>{"p_clat_hist.1.log"});
    expect_same_columns(r);
    const auto& lines = r.ours.at("p_clat_hist.1.log");
    const std::size_t columns = 3 + (1856 >> std::stoi(coarseness));
    ASSERT_FALSE(r.fio.at("p_clat_hist.1.log").empty());
    EXPECT_EQ(r.fio.at("p_clat_hist.1.log").front().size(), columns);
    EXPECT_GE(lines.size(), 3u);
    EXPECT_LE(lines.size(), 11u);
    expect_monotonic("p_clat_hist.1.log", lines);
    for (const Line& l : lines) {
      ASSERT_EQ(l.size(), columns);
      EXPECT_EQ(l[1], 0u) << "a read";
      EXPECT_EQ(l[2], 4096u);
      std::uint64_t ios = 0;
      for (std::size_t i = 3; i < l.size(); ++i) ios += l[i];
      EXPECT_GT(ios, 0u) << "a window's completions";
    }
  }
}

TEST(FioLogsVsFio, AsynchronousEngineLogsSubmissionLatency) {
  SKIP_WITHOUT_FIO();
  const BothRuns r = run_logs_both({"--size=4M", "--bs=4k", "--ioengine=libaio", "--iodepth=4",
                                    "--rw=randread", "--write_lat_log=p"});
  EXPECT_EQ(log_names(r.ours), log_names(r.fio));
  expect_same_columns(r);
  if (r.fio.at("p_slat.1.log").size() != 1024)
    GTEST_SKIP() << "fio logged no submission latency with libaio here";
  ASSERT_EQ(r.ours.at("p_slat.1.log").size(), 1024u);
  expect_monotonic("p_slat.1.log", r.ours.at("p_slat.1.log"));
}

}  // namespace
}  // namespace hostmark
