#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "output/csv.h"
#include "output/format.h"
#include "results/result.h"
#include "results/result_to_json.h"

namespace hostmark {
namespace {

// A small result with fixed values in every field the formatters read.
Result output_sample_result() {
  Result r;
  r.command = "sysbench cpu";
  r.options = {{"threads", "2"}, {"time", "10s"}};
  Context& c = r.context;
  c.hostname = "bench-01";
  c.kernel = "6.1.0-18-amd64";
  c.kernel_version = "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)";
  c.arch = "x86_64";
  c.cpu_model = "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz";
  c.cpu_count = 2;
  c.memory_bytes = 25'769'803'776;
  c.virtualization = "kvm";
  c.hostmark_version = "0.1.0";
  c.build_type = "Release";
  c.start_time_utc = "2026-12-02T09:00:00Z";
  c.start_time_unix_ns = 1'796'288'400'000'000'000;

  Phase cpu;
  cpu.name = "cpu";
  cpu.duration_s = 10.0;
  cpu.metrics = {{"events_per_s", 4040.25, "events/s"}, {"events", 40403, "events"}};
  LatencyStats l;
  l.count = 40403;
  l.min_ns = 240'000;
  l.max_ns = 1'500'000;
  l.mean_ns = 247'500.5;
  l.stddev_ns = 1234.25;
  l.sum_ns = 9'999'762'701;
  l.percentiles_ns = {{50, 246'000}, {95, 250'000}, {99.9, 1'000'000}};
  cpu.latency = l;
  cpu.fairness = Fairness{20201.5, 12.5, 9.75, 0.125};
  cpu.intervals = {{1.0, 2, 4040.5, 250'000}};
  cpu.series = {{"latency_by_size", "bytes", "ns", {{4096, 1.25}, {1'048'576, 3.5}}}};

  Phase cold;
  cold.name = "read, \"cold\"";
  cold.duration_s = 2.5;
  cold.metrics = {{"mib_per_s", 812.5, "MiB/s"}};

  r.phases = {cpu, cold};
  r.notes = {"events are prime searches up to 10000"};
  r.warnings = {"CPU frequency scaling is on: use the performance governor"};
  r.interrupted = false;
  return r;
}

constexpr const char* kExpectedJson = R"json({
  "schema": "hostmark.result",
  "schema_version": 1,
  "command": "sysbench cpu",
  "context": {
    "hostname": "bench-01",
    "kernel": "6.1.0-18-amd64",
    "kernel_version": "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)",
    "arch": "x86_64",
    "cpu_model": "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz",
    "cpu_count": 2,
    "memory_bytes": 25769803776,
    "virtualization": "kvm",
    "hostmark_version": "0.1.0",
    "build_type": "Release",
    "start_time_utc": "2026-12-02T09:00:00Z",
    "start_time_unix_ns": 1796288400000000000
  },
  "options": {"threads": "2", "time": "10s"},
  "phases": [
    {
      "name": "cpu",
      "duration_s": 10.0,
      "metrics": [
        {"name": "events_per_s", "value": 4040.25, "unit": "events/s"},
        {"name": "events", "value": 40403.0, "unit": "events"}
      ],
      "latency": {
        "count": 40403,
        "min_ns": 240000,
        "max_ns": 1500000,
        "mean_ns": 247500.5,
        "stddev_ns": 1234.25,
        "sum_ns": 9999762701,
        "percentiles_ns": {"50": 246000, "95": 250000, "99.9": 1000000}
      },
      "fairness": {
        "events_avg": 20201.5,
        "events_stddev": 12.5,
        "exec_time_s_avg": 9.75,
        "exec_time_s_stddev": 0.125
      },
      "intervals": [
        {"time_s": 1.0, "threads": 2, "events_per_s": 4040.5, "latency_pct_ns": 250000}
      ],
      "series": [
        {
          "name": "latency_by_size",
          "x_unit": "bytes",
          "y_unit": "ns",
          "points": [[4096.0, 1.25], [1048576.0, 3.5]]
        }
      ]
    },
    {
      "name": "read, \"cold\"",
      "duration_s": 2.5,
      "metrics": [{"name": "mib_per_s", "value": 812.5, "unit": "MiB/s"}]
    }
  ],
  "notes": ["events are prime searches up to 10000"],
  "warnings": ["CPU frequency scaling is on: use the performance governor"],
  "interrupted": false
})json";

TEST(JsonTest, ResultGolden) {
  const nlohmann::json got = result_to_json(output_sample_result());
  const nlohmann::json want = nlohmann::json::parse(kExpectedJson);
  EXPECT_EQ(got, want) << "got:\n" << got.dump(2) << "\nwant:\n" << want.dump(2);
  // Same text too: integers stay integers and floating point stays floating point.
  EXPECT_EQ(got.dump(), want.dump());
}

TEST(JsonTest, SchemaAndUnitsAreWhereConsumersLook) {
  const nlohmann::json j = result_to_json(output_sample_result());
  EXPECT_EQ(j.at("schema"), "hostmark.result");
  EXPECT_EQ(j.at("schema_version"), kSchemaVersion);
  EXPECT_TRUE(j.at("schema_version").is_number_integer());
  const auto& phase = j.at("phases").at(0);
  EXPECT_EQ(phase.at("metrics").at(0).at("unit"), "events/s");
  const auto& pct = phase.at("latency").at("percentiles_ns");
  ASSERT_EQ(pct.size(), 3u);
  EXPECT_EQ(pct.at("95"), 250'000u);
  EXPECT_EQ(pct.at("99.9"), 1'000'000u);
  EXPECT_TRUE(pct.at("50").is_number_unsigned());
  EXPECT_TRUE(j.at("context").at("start_time_unix_ns").is_number_integer());
}

TEST(JsonTest, EmptyResult) {
  const nlohmann::json j = result_to_json(Result{});
  EXPECT_EQ(j.at("phases"), nlohmann::json::array());
  EXPECT_EQ(j.at("options"), nlohmann::json::object());
  EXPECT_EQ(j.at("notes"), nlohmann::json::array());
  EXPECT_EQ(j.at("warnings"), nlohmann::json::array());
  EXPECT_EQ(j.at("command"), "");
  EXPECT_EQ(j.at("interrupted"), false);
}

TEST(JsonTest, PercentileKeysKeepTheirDecimals) {
  Result r;
  Phase p;
  p.name = "x";
  LatencyStats l;
  l.count = 1;
  l.percentiles_ns = {{0, 1}, {99.99, 2}, {100, 3}, {12.5, 4}};
  p.latency = l;
  r.phases = {p};
  const nlohmann::json j = result_to_json(r);
  const auto& pct = j.at("phases").at(0).at("latency").at("percentiles_ns");
  EXPECT_EQ(pct, nlohmann::json::parse(R"({"0": 1, "99.99": 2, "100": 3, "12.5": 4})"));
}

constexpr const char* kExpectedCsv =
    "command,phase,metric,value,unit\n"
    "sysbench cpu,cpu,events_per_s,4040.25,events/s\n"
    "sysbench cpu,cpu,events,40403,events\n"
    "sysbench cpu,cpu,latency_count,40403,events\n"
    "sysbench cpu,cpu,latency_min,240000,ns\n"
    "sysbench cpu,cpu,latency_mean,247500.5,ns\n"
    "sysbench cpu,cpu,latency_stddev,1234.25,ns\n"
    "sysbench cpu,cpu,latency_max,1500000,ns\n"
    "sysbench cpu,cpu,latency_p50,246000,ns\n"
    "sysbench cpu,cpu,latency_p95,250000,ns\n"
    "sysbench cpu,cpu,latency_p99.9,1000000,ns\n"
    "sysbench cpu,cpu,latency_by_size@4096,1.25,ns\n"
    "sysbench cpu,cpu,latency_by_size@1048576,3.5,ns\n"
    "sysbench cpu,\"read, \"\"cold\"\"\",mib_per_s,812.5,MiB/s\n";

TEST(CsvTest, ResultGolden) {
  std::ostringstream out;
  write_csv(output_sample_result(), out);
  EXPECT_EQ(out.str(), kExpectedCsv);
}

TEST(CsvTest, QuotesCommasQuotesAndNewlines) {
  Result r;
  r.command = "a,b";
  Phase p;
  p.name = "say \"hi\"";
  p.metrics = {{"multi\nline", 1.5, "x"}, {"plain", -2, "carriage\rreturn"}};
  r.phases = {p};
  std::ostringstream out;
  write_csv(r, out);
  EXPECT_EQ(out.str(),
            "command,phase,metric,value,unit\n"
            "\"a,b\",\"say \"\"hi\"\"\",\"multi\nline\",1.5,x\n"
            "\"a,b\",\"say \"\"hi\"\"\",plain,-2,\"carriage\rreturn\"\n");
}

TEST(CsvTest, EmptyResultIsJustTheHeader) {
  std::ostringstream out;
  write_csv(Result{}, out);
  EXPECT_EQ(out.str(), "command,phase,metric,value,unit\n");
}

TEST(CsvJsonOutputTest, ParseOutputFormat) {
  ASSERT_TRUE(parse_output_format("normal").ok());
  EXPECT_EQ(parse_output_format("normal").value(), OutputFormat::kNormal);
  EXPECT_EQ(parse_output_format("json").value(), OutputFormat::kJson);
  EXPECT_EQ(parse_output_format("csv").value(), OutputFormat::kCsv);
  const auto xml = parse_output_format("xml");
  ASSERT_FALSE(xml.ok());
  EXPECT_EQ(xml.error().kind, ErrorKind::kUsage);
  EXPECT_EQ(xml.error().exit_code(), 2);
  EXPECT_EQ(xml.error().what, "--output-format");
  EXPECT_EQ(xml.error().message(), "--output-format: 'xml' is not one of normal, json, csv");
  for (const char* bad : {"", "JSON", "Csv", "json ", "text"}) {
    EXPECT_FALSE(parse_output_format(bad).ok()) << "'" << bad << "'";
  }
}

TEST(CsvJsonOutputTest, WriteResultDispatchesOnFormat) {
  const Result r = output_sample_result();
  int text_calls = 0;
  const TextRenderer text = [&](const Result& res, std::ostream& o) {
    ++text_calls;
    o << "text of " << res.command << '\n';
  };
  std::ostringstream json_out;
  write_result(r, OutputFormat::kJson, text, json_out);
  EXPECT_EQ(nlohmann::json::parse(json_out.str()), nlohmann::json::parse(kExpectedJson));
  EXPECT_EQ(json_out.str().back(), '\n');
  std::ostringstream csv_out;
  write_result(r, OutputFormat::kCsv, text, csv_out);
  EXPECT_EQ(csv_out.str(), kExpectedCsv);
  EXPECT_EQ(text_calls, 0);
  std::ostringstream normal_out;
  write_result(r, OutputFormat::kNormal, text, normal_out);
  EXPECT_EQ(normal_out.str(), "text of sysbench cpu\n");
  EXPECT_EQ(text_calls, 1);
}

TEST(CsvJsonOutputTest, SinkOnUnwritablePathIsARunErrorNamingThePath) {
  std::ostringstream stdout_stream;
  const auto sink = OutputSink::open({OutputFormat::kJson, "/nonexistent-dir/x"}, stdout_stream);
  ASSERT_FALSE(sink.ok());
  EXPECT_EQ(sink.error().kind, ErrorKind::kRun);
  EXPECT_EQ(sink.error().exit_code(), 1);
  EXPECT_NE(sink.error().message().find("/nonexistent-dir/x"), std::string::npos)
      << sink.error().message();
  EXPECT_EQ(sink.error().message(),
            "--output: cannot create '/nonexistent-dir/x': No such file or directory");
}

TEST(CsvJsonOutputTest, SinkWithoutPathWritesToTheGivenStream) {
  for (const char* path : {"", "-"}) {
    std::ostringstream stdout_stream;
    auto sink = OutputSink::open({OutputFormat::kCsv, path}, stdout_stream);
    ASSERT_TRUE(sink.ok()) << path;
    sink.value()->stream() << "hello\n";
    EXPECT_TRUE(sink.value()->close().ok());
    EXPECT_EQ(stdout_stream.str(), "hello\n");
  }
}

TEST(CsvJsonOutputTest, SinkWritesAndTruncatesTheFile) {
  const std::string path = ::testing::TempDir() + "hostmark_output_format_test.csv";
  {
    std::ofstream old(path);
    old << "old content that is longer than the new one\n";
  }
  std::ostringstream stdout_stream;
  auto sink = OutputSink::open({OutputFormat::kCsv, path}, stdout_stream);
  ASSERT_TRUE(sink.ok()) << sink.error().message();
  write_csv(output_sample_result(), sink.value()->stream());
  EXPECT_TRUE(sink.value()->close().ok());
  std::ifstream in(path);
  const std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(content, kExpectedCsv);
  EXPECT_EQ(stdout_stream.str(), "");
  std::remove(path.c_str());
}

TEST(CsvJsonOutputTest, SinkCloseReportsAFailedWrite) {
  std::ostringstream stdout_stream;
  auto sink = OutputSink::open({OutputFormat::kCsv, "/dev/full"}, stdout_stream);
  ASSERT_TRUE(sink.ok()) << sink.error().message();
  sink.value()->stream() << "no room for this\n";
  const auto closed = sink.value()->close();
  ASSERT_FALSE(closed.ok());
  EXPECT_EQ(closed.error().kind, ErrorKind::kRun);
  EXPECT_EQ(closed.error().message(), "/dev/full: No space left on device");
}

}  // namespace
}  // namespace hostmark
