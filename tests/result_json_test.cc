// Reading results back: every field result_to_json writes (but `host`) survives a round trip,
// and a bad file gets one line naming the field.
#include "results/result_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "results/result_to_json.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

Result full_result() {
  Result r;
  r.command = "disk";
  r.options = {{"profile", "standard"}, {"loops", "5"}};
  r.context.hostname = "web<1>";
  r.context.kernel = "6.1.0-18-amd64";
  r.context.kernel_version = "#1 SMP";
  r.context.arch = "x86_64";
  r.context.cpu_model = "AMD EPYC 7B13";
  r.context.cpu_count = 2;
  r.context.memory_bytes = 25275953152;
  r.context.virtualization = "kvm";
  r.context.hostmark_version = "0.1.0";
  r.context.build_type = "Release";
  r.context.start_time_utc = "2026-12-02T09:19:13Z";
  r.context.start_time_unix_ns = 1796203153523120323;
  Phase p;
  p.name = "RND4K Q32T1 read";
  p.duration_s = 5.25;
  p.metrics = {{"mb_per_s", 1006.5, "MB/s"}, {"iops", 245617, "IOPS"}};
  LatencyStats l;
  l.count = 1228085;
  l.min_ns = 20000;
  l.max_ns = 4470586;
  l.mean_ns = 130000.5;
  l.stddev_ns = 9216.25;
  l.sum_ns = 159651050000;
  l.percentiles_ns = {{50, 128000}, {99, 310000}, {99.9, 500000}};
  p.latency = l;
  p.fairness = Fairness{14150, 3.5, 9.99, 0.001};
  p.intervals = {{1, 1, 245000.5, 300000}, {2, 1, 246000, 301000}};
  p.series = {{"load_latency", "bytes", "ns", {{4096, 1.1}, {8192, 1.25}}}};
  TimeSeries ts;
  ts.interval_ms = 100;
  ts.end_ms = {100.25, 200, 250.5};
  ts.read_ios = {10, 20, 5};
  ts.write_ios = {0, 1, 0};
  ts.read_bytes = {40960, 81920, 20480};
  ts.write_bytes = {0, 4096, 0};
  p.time_series = ts;
  p.latency_histogram = {{20000, 20155, 3}, {128000, 128999, 1228080}, {4400000, 4470586, 2}};
  PhaseActivity a;
  a.interval_s = 5.25;
  a.disk = "vda";
  monitor::DiskRates d;
  d.r_s = 245000;
  d.rkb_s = 980000;
  d.r_await_ms = 0.125;
  d.aqu_sz = 31.5;
  d.util_pct = 100;
  d.tps = 245000;
  d.rd_sectors = 10289152;
  a.device = d;
  a.cpu = {10, 0, 40, 5, 0, 45};
  a.process_cpu_s = 3.5;
  a.util_note = "virtio serves requests in parallel";
  p.activity = a;
  r.phases.push_back(p);
  Phase bare;
  bare.name = "cpu";
  bare.metrics = {{"events_per_s", 4040.25, "events/s"}};
  r.phases.push_back(bare);
  r.notes = {"a note"};
  r.warnings = {"a warning with \"quotes\" & <tags>"};
  StorageTarget t;
  t.path = "/var/tmp/x";
  t.resolved_path = "/var/tmp/x";
  t.fs_type = "ext4";
  t.mount_point = "/";
  t.device = "vda1";
  t.disk = "vda";
  t.logical_sector_bytes = 512;
  t.queue_depth = 256;
  t.virtual_disk = true;
  t.warnings = {{StorageWarningKind::kVirtualDisk, "virtual disk"},
                {StorageWarningKind::kNetworkFilesystem, "network"}};
  r.storage.push_back(t);
  r.server = ServerInfo{"mysql 127.0.0.1:3306", "10.11", {{"a", "1"}, {"b", "2"}}};
  r.interrupted = true;
  return r;
}

TEST(ResultJsonTest, RoundTripKeepsEveryField) {
  const nlohmann::json written = result_to_json(full_result());
  auto back = result_from_json(written);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(result_to_json(*back), written);
  EXPECT_EQ(back->context.start_time_unix_ns, 1796203153523120323);
  ASSERT_EQ(back->phases.size(), 2u);
  ASSERT_TRUE(back->phases[0].activity && back->phases[0].activity->device);
  EXPECT_EQ(back->phases[0].activity->device->rd_sectors, 10289152u);
  EXPECT_FALSE(back->phases[1].latency);
  EXPECT_EQ(back->storage[0].warnings[1].kind, StorageWarningKind::kNetworkFilesystem);
  ASSERT_TRUE(back->phases[0].time_series);
  EXPECT_EQ(back->phases[0].time_series->end_ms[2], 250.5);
  EXPECT_EQ(back->phases[0].time_series->write_bytes[1], 4096u);
  EXPECT_TRUE(back->phases[0].time_series->events.empty());
  ASSERT_EQ(back->phases[0].latency_histogram.size(), 3u);
  EXPECT_EQ(back->phases[0].latency_histogram[2].upper_ns, 4470586u);
  EXPECT_FALSE(back->phases[1].time_series);
  EXPECT_TRUE(back->phases[1].latency_histogram.empty());
  EXPECT_FALSE(written["phases"][1].contains("time_series"));
  EXPECT_FALSE(written["phases"][1].contains("latency_histogram"));
}

TEST(ResultJsonTest, EventSeriesRoundTrip) {
  Result r = full_result();
  TimeSeries ts;
  ts.interval_ms = 1000;
  ts.end_ms = {1000, 1500};
  ts.events = {7, 3};
  r.phases[1].time_series = ts;
  const nlohmann::json written = result_to_json(r);
  EXPECT_FALSE(written["phases"][1]["time_series"].contains("read_ios"));
  auto back = result_from_json(written);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_EQ(back->phases[1].time_series->events, (std::vector<std::uint64_t>{7, 3}));
  EXPECT_EQ(result_to_json(*back), written);
}

// Results written before time series and histograms existed (same schema version: the fields
// are optional) still read.
TEST(ResultJsonTest, ResultsWithoutTheNewFieldsStillRead) {
  nlohmann::json j = result_to_json(full_result());
  j["phases"][0].erase("time_series");
  j["phases"][0].erase("latency_histogram");
  auto back = result_from_json(j);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_FALSE(back->phases[0].time_series);
  EXPECT_TRUE(back->phases[0].latency_histogram.empty());
}

TEST(ResultJsonTest, BadSeriesAndHistogramsAreNamed) {
  nlohmann::json j = result_to_json(full_result());
  j["phases"][0]["time_series"]["read_ios"] = {1, 2};
  EXPECT_EQ(result_from_json(j).error().message(),
            "phases[0].time_series.read_ios: not as long as end_ms");
  // The report indexes every I/O column by sample: one missing is refused, not read past.
  j = result_to_json(full_result());
  j["phases"][0]["time_series"].erase("read_bytes");
  EXPECT_EQ(result_from_json(j).error().message(),
            "phases[0].time_series: read_ios, write_ios, read_bytes and write_bytes go together");
  j = result_to_json(full_result());
  for (const char* c : {"read_ios", "write_ios", "read_bytes", "write_bytes"})
    j["phases"][0]["time_series"].erase(c);
  EXPECT_EQ(result_from_json(j).error().message(),
            "phases[0].time_series: no column (I/O counts or events)");
  j = result_to_json(full_result());
  j["phases"][0]["time_series"].erase("end_ms");
  EXPECT_EQ(result_from_json(j).error().message(), "phases[0].time_series.end_ms: missing");
  j = result_to_json(full_result());
  j["phases"][0]["latency_histogram"][1] = {1, 2};
  EXPECT_EQ(result_from_json(j).error().message(),
            "phases[0].latency_histogram[1]: not a [lower_ns, upper_ns, count] triple");
  j = result_to_json(full_result());
  j["phases"][0]["latency_histogram"][1] = {1, 2, 3};
  EXPECT_EQ(result_from_json(j).error().message(),
            "phases[0].latency_histogram[1]: buckets must be ascending and disjoint");
}

TEST(ResultJsonTest, PercentilesComeBackInNumericOrder) {
  Result r = full_result();
  r.phases[0].latency->percentiles_ns = {{99.9, 3}, {5, 1}, {50, 2}};
  auto back = result_from_json(result_to_json(r));
  ASSERT_TRUE(back.ok());
  const auto& pct = back->phases[0].latency->percentiles_ns;
  ASSERT_EQ(pct.size(), 3u);
  EXPECT_EQ(pct[0].first, 5);
  EXPECT_EQ(pct[2].first, 99.9);
}

TEST(ResultJsonTest, NanMetricIsWrittenAsNullAndReadAsNan) {
  Result r = full_result();
  r.phases[1].metrics[0].value = std::nan("");
  const nlohmann::json reparsed = nlohmann::json::parse(result_to_json(r).dump());
  EXPECT_TRUE(reparsed["phases"][1]["metrics"][0]["value"].is_null());
  auto back = result_from_json(reparsed);
  ASSERT_TRUE(back.ok()) << back.error().message();
  EXPECT_TRUE(std::isnan(back->phases[1].metrics[0].value));
}

TEST(ResultJsonTest, BadFieldsAreNamed) {
  nlohmann::json j = result_to_json(full_result());
  j["phases"][1]["metrics"][0]["value"] = "fast";
  auto r = result_from_json(j);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message(), "phases[1].metrics[0].value: not a number");

  j = result_to_json(full_result());
  j["context"].erase("hostname");
  EXPECT_EQ(result_from_json(j).error().message(), "context.hostname: missing");

  j = result_to_json(full_result());
  j["storage"][0]["warnings"][0]["kind"] = "gremlins";
  EXPECT_EQ(result_from_json(j).error().message(),
            "storage[0].warnings[0].kind: 'gremlins' is not a storage warning kind");

  j = result_to_json(full_result());
  j["context"]["cpu_count"] = -1;
  EXPECT_EQ(result_from_json(j).error().message(), "context.cpu_count: not a non-negative integer");

  // Paths at every depth, from a top-level member, an array and an object's own keys.
  j = result_to_json(full_result());
  j["options"]["threads"] = 4;
  EXPECT_EQ(result_from_json(j).error().message(), "options.threads: not a string");
  j = result_to_json(full_result());
  j["notes"] = {"fine", 7};
  EXPECT_EQ(result_from_json(j).error().message(), "notes[1]: not a string");
  j = result_to_json(full_result());
  j["phases"][1]["metrics"][0].erase("name");
  EXPECT_EQ(result_from_json(j).error().message(), "phases[1].metrics[0].name: missing");
  j = result_to_json(full_result());
  ASSERT_TRUE(j["phases"][0].contains("latency"));
  j["phases"][0]["latency"]["percentiles_ns"]["most"] = 1;
  EXPECT_EQ(result_from_json(j).error().message(),
            "phases[0].latency.percentiles_ns.most: not a percentile");
}

TEST(ResultJsonTest, OtherDocumentsAndNewerSchemasAreRefused) {
  EXPECT_FALSE(result_from_json(nlohmann::json::array()).ok());
  nlohmann::json info = {{"schema", "hostmark.info"}, {"schema_version", 1}};
  EXPECT_EQ(result_from_json(info).error().what, "schema");
  nlohmann::json j = result_to_json(full_result());
  j["schema_version"] = kSchemaVersion + 1;
  EXPECT_EQ(result_from_json(j).error().message(),
            "schema_version: version 2 is not one this build reads (1-1)");
}

TEST(ResultJsonTest, UnknownKeysAreIgnored) {
  nlohmann::json j = result_to_json(full_result());
  j["future"] = {1, 2};
  j["phases"][0]["future"] = "x";
  EXPECT_TRUE(result_from_json(j).ok());
}

TEST(ResultJsonTest, ReadsFilesAndNamesTheBadOnes) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  std::ofstream(dir.file("good.json")) << result_to_json(full_result()).dump(2);
  auto good = read_result_file(dir.file("good.json"));
  ASSERT_TRUE(good.ok()) << good.error().message();
  EXPECT_EQ(good->command, "disk");

  std::ofstream(dir.file("bad.json")) << "{\"schema\": ";
  auto bad = read_result_file(dir.file("bad.json"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().what, dir.file("bad.json"));
  EXPECT_NE(bad.error().why.find("not JSON"), std::string::npos);

  auto missing = read_result_file(dir.file("missing.json"));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().exit_code(), 2);

  std::ofstream(dir.file("other.json")) << "{\"schema\": \"hostmark.info\"}";
  auto other = read_result_file(dir.file("other.json"));
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.error().message().find("not a hostmark result"), std::string::npos);
}

}  // namespace
}  // namespace hostmark
