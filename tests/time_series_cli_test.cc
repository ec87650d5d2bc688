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
    EXPECT_GE(ts["end_ms"].size(), 6u);  // 0.8 s in 100 ms samples
    const double measured_ms = p["duration_s"].get<double>() * 1e3;
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
  EXPECT_GE(ts["end_ms"].size(), 9u);
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
