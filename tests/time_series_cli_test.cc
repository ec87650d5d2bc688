// Time series and latency histograms from real short runs (issue 7): what the phases carry adds
// up to what they report, and `hostmark fio` keeps its output unchanged while saving a result
// with them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "run_binary.h"
#include "scratch_dir.h"
#include "sysbench_fileio_env.h"

namespace hostmark {
namespace {

using Json = nlohmann::json;

std::uint64_t sum(const Json& column) {
  std::uint64_t n = 0;
  for (const auto& v : column) n += v.get<std::uint64_t>();
  return n;
}

std::uint64_t histogram_count(const Json& phase) {
  std::uint64_t n = 0;
  for (const auto& b : phase["latency_histogram"]) n += b[2].get<std::uint64_t>();
  return n;
}

double metric(const Json& phase, const std::string& name) {
  for (const auto& m : phase["metrics"])
    if (m["name"] == name) return m["value"].get<double>();
  ADD_FAILURE() << phase["name"] << ": no metric " << name;
  return -1;
}

// The series' sample ends (ms since the measured start) never go back.
void expect_ends_in_order(const Json& ts) {
  const Json& ends = ts["end_ms"];
  for (std::size_t i = 1; i < ends.size(); ++i)
    EXPECT_GE(ends[i].get<double>(), ends[i - 1].get<double>()) << ends;
}

TEST(TimeSeriesCli, DiskPhasesCarrySeriesAndHistogramsThatAddUp) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  // Two loops of 0.4 s averaged: the series is both loops one after the other.
  const RunOutput r = run_hostmark({"disk", dir.path(), "--profile=realworld", "--read-only",
                                    "--size=8M", "--duration=0.4", "--loops=2",
                                    "--aggregate=average", "--output-format=json", "--no-save"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json j = Json::parse(r.out);
  ASSERT_EQ(j["phases"].size(), 2u);
  for (const auto& p : j["phases"]) {
    SCOPED_TRACE(p["name"].get<std::string>());
    ASSERT_TRUE(p.contains("time_series")) << p.dump().substr(0, 500);
    const Json& ts = p["time_series"];
    const std::uint64_t ios = p["latency"]["count"].get<std::uint64_t>();
    ASSERT_GT(ios, 0u);
    EXPECT_EQ(sum(ts["read_ios"]) + sum(ts["write_ios"]), ios);
    EXPECT_EQ(sum(ts["write_ios"]), 0u);
    const std::uint64_t block = p["name"].get<std::string>().starts_with("SEQ1M") ? 1 << 20 : 4096;
    EXPECT_EQ(sum(ts["read_bytes"]), sum(ts["read_ios"]) * block);
    EXPECT_EQ(histogram_count(p), ios);
    EXPECT_EQ(ts["interval_ms"], 100);
    const double measured_ms = p["duration_s"].get<double>() * 1e3;
    // 0.8 s in 100 ms samples: about eight, fewer when a loaded machine delays the sampler by
    // an interval or more (it then skips the grid points it missed). What load cannot change:
    // each loop ends with a sample, no loop samples more often than its grid allows (one per
    // 100 ms plus its last), and the ends never go back.
    EXPECT_GE(ts["end_ms"].size(), 2u) << "a sample at the end of each loop";
    EXPECT_LE(static_cast<double>(ts["end_ms"].size()), ts["end_ms"].back().get<double>() / 100 + 2)
        << ts["end_ms"];
    expect_ends_in_order(ts);
    EXPECT_NEAR(ts["end_ms"].back().get<double>(), measured_ms, 100) << "within one interval";
    // The reported IOPS is the series' ops over the measured time.
    EXPECT_NEAR(metric(p, "iops"), static_cast<double>(ios) / (measured_ms / 1e3),
                metric(p, "iops") * 1e-6);
  }
}

TEST(TimeSeriesCli, FileioCountsReadsPerIntervalAndEventsInTheHistogram) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  CwdGuard cwd(dir.path());
  const std::vector<std::string> size = {"--file-total-size=8M", "--file-num=2"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = size;
    a.insert(a.end(), extra.begin(), extra.end());
    return fileio(a);
  };
  ASSERT_EQ(with({"prepare"}).exit_code, 0);
  const RunOutput r = with({"--file-test-mode=rndrd", "--file-block-size=4k", "--time=1",
                            "--output-format=json", "--no-save", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(with({"cleanup"}).exit_code, 0);
  const Json j = Json::parse(r.out);
  const Json& p = j["phases"][0];
  ASSERT_TRUE(p.contains("time_series")) << p.dump().substr(0, 500);
  const Json& ts = p["time_series"];
  EXPECT_EQ(sum(ts["read_ios"]), static_cast<std::uint64_t>(metric(p, "reads")));
  EXPECT_EQ(sum(ts["read_bytes"]), static_cast<std::uint64_t>(metric(p, "read_bytes")));
  EXPECT_EQ(sum(ts["write_ios"]), 0u);
  // 1 s in 100 ms samples: about ten, fewer when a loaded machine delays the sampler by an
  // interval or more (the grid points it missed are skipped, not made up). The grid itself is
  // checked instead: sample k (all but the last) ends no earlier than (k + 1) x 100 ms, and there
  // is at most one per 100 ms plus the last.
  EXPECT_EQ(ts["interval_ms"], 100);
  const Json& ends = ts["end_ms"];
  ASSERT_GE(ends.size(), 1u);
  expect_ends_in_order(ts);
  for (std::size_t k = 0; k + 1 < ends.size(); ++k)
    EXPECT_GE(ends[k].get<double>(), 100.0 * static_cast<double>(k + 1)) << ends;
  EXPECT_LE(static_cast<double>(ends.size()), ends.back().get<double>() / 100 + 1) << ends;
  EXPECT_EQ(histogram_count(p), static_cast<std::uint64_t>(metric(p, "total_events")));
}

TEST(TimeSeriesCli, CpuEventsPerInterval) {
  const RunOutput r =
      run_hostmark({"sysbench", "--time=1", "--output-format=json", "--no-save", "cpu", "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Json p = Json::parse(r.out)["phases"][0];
  ASSERT_TRUE(p.contains("time_series"));
  EXPECT_FALSE(p["time_series"].contains("read_ios"));
  EXPECT_EQ(sum(p["time_series"]["events"]), p["latency"]["count"].get<std::uint64_t>());
  EXPECT_EQ(histogram_count(p), p["latency"]["count"].get<std::uint64_t>());
}

// fio's JSON stays fio's (nothing added, nothing on stderr); the store gets a hostmark result
// with the job as a phase, its series and histogram.
TEST(TimeSeriesCli, FioRunsAreSavedSilentlyAndListed) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const std::string db = dir.file("r.db");
  const RunOutput r =
      run_hostmark({"fio", "--name=probe", "--filename=" + dir.file("f"), "--size=4M",
                    "--rw=randrw", "--bs=4k", "--runtime=500ms", "--time_based", "--ioengine=psync",
                    "--output-format=json", "--results-db=" + db});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "probe: Laying out IO file (4 MiB)\n") << "fio's own line, nothing on saving";
  const Json fio = Json::parse(r.out);  // the whole stdout is the one fio document
  ASSERT_EQ(fio["jobs"].size(), 1u);
  EXPECT_FALSE(fio["jobs"][0].contains("time_series"));

  const RunOutput list =
      run_hostmark({"results", "list", "--results-db", db, "--output-format=json"});
  ASSERT_EQ(list.exit_code, 0) << list.err;
  const Json rows = Json::parse(list.out);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0]["command"], "fio");
  const RunOutput show = run_hostmark({"results", "show", std::to_string(rows[0]["id"].get<int>()),
                                       "--results-db", db, "--output-format=json"});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  const Json saved = Json::parse(show.out);
  ASSERT_EQ(saved["phases"].size(), 1u);
  const Json& p = saved["phases"][0];
  EXPECT_EQ(p["name"], "probe");
  const std::uint64_t reads = fio["jobs"][0]["read"]["total_ios"].get<std::uint64_t>();
  const std::uint64_t writes = fio["jobs"][0]["write"]["total_ios"].get<std::uint64_t>();
  EXPECT_EQ(sum(p["time_series"]["read_ios"]), reads);
  EXPECT_EQ(sum(p["time_series"]["write_ios"]), writes);
  EXPECT_EQ(histogram_count(p), reads + writes);
  EXPECT_NEAR(metric(p, "read_iops"), fio["jobs"][0]["read"]["iops"].get<double>(),
              1e-6 * static_cast<double>(reads));
  bool has_rw = false;
  for (const auto& [k, v] : saved["options"].items())
    has_rw = has_rw || (k == "probe.rw" && v == "randrw");
  EXPECT_TRUE(has_rw) << saved["options"];

  // The saved fio result in a report (its charts) and in compare (its figures, the new fields
  // read back without complaint).
  const std::string id = std::to_string(rows[0]["id"].get<int>());
  const RunOutput report =
      run_hostmark({"report", id, "--results-db", db, "-o", dir.file("report.html")});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  std::ifstream page_in(dir.file("report.html"));
  const std::string page((std::istreambuf_iterator<char>(page_in)), {});
  for (const char* title : {">IOPS over time: probe</text>", ">bandwidth over time: probe</text>",
                            ">Latency histogram: probe</text>", ">Latency percentiles</text>"})
    EXPECT_NE(page.find(title), std::string::npos) << title;
  const RunOutput compare =
      run_hostmark({"compare", id, id, "--results-db", db, "--output-format=json"});
  ASSERT_EQ(compare.exit_code, 0) << compare.err;
  EXPECT_NE(compare.out.find("fio.rw=randrw.rwmixread=50.bs=4KiB.ioengine=psync"),
            std::string::npos)
      << compare.out.substr(0, 1000);

  const RunOutput none = run_hostmark({"fio", "--name=probe", "--filename=" + dir.file("f"),
                                       "--size=4M", "--rw=read", "--bs=64k", "--ioengine=psync",
                                       "--output-format=terse", "--results-db=" + db, "--no-save"});
  ASSERT_EQ(none.exit_code, 0) << none.err;
  EXPECT_EQ(std::count(none.out.begin(), none.out.end(), '\n'), 1) << none.out;
  const RunOutput again =
      run_hostmark({"results", "list", "--results-db", db, "--output-format=json"});
  EXPECT_EQ(Json::parse(again.out).size(), 1u) << "--no-save keeps nothing";
}

}  // namespace
}  // namespace hostmark
