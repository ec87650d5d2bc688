// Golden tests of the fio formatters on a hand-built run (tests/fio_golden_run.h): every number
// below was worked out by hand from the run's values and fio 3.33's layout rules.
#include <gtest/gtest.h>

#include <ctime>
#include <sstream>
#include <string>

#include "fio_golden_run.h"
#include "output/fio_report.h"

namespace hostmark {
namespace {

std::string local_ctime(std::int64_t t) {
  const auto tt = static_cast<std::time_t>(t);
  char buf[64];
  std::string s = ctime_r(&tt, buf);
  s.pop_back();
  return s;
}

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

TEST(FioNormal, GoldenText) {
  const fio::FioRun run = fio_test::golden_run();
  std::ostringstream out;
  write_fio_normal(run, out);
  const std::string expected =
      "\nfio_test: (groupid=0, jobs=1): err= 0: pid=4242: " + local_ctime(run.timestamp_unix_s) +
      "\n" +
      "  read: IOPS=10.0k, BW=39.1MiB/s (41.0MB/s)(4000KiB/100msec)\n"
      "    clat (usec): min=50, max=150, avg=60.00, stdev=30.02\n"
      "     lat (usec): min=50, max=150, avg=60.00, stdev=30.02\n"
      "    clat percentiles (usec):\n"
      "     |  1.00th=[   51],  5.00th=[   51], 10.00th=[   51], 20.00th=[   51],\n"
      "     | 30.00th=[   51], 40.00th=[   51], 50.00th=[   51], 60.00th=[   51],\n"
      "     | 70.00th=[   51], 80.00th=[   51], 90.00th=[   51], 95.00th=[  150],\n"
      "     | 99.00th=[  150], 99.50th=[  150], 99.90th=[  150], 99.95th=[  150],\n"
      "     | 99.99th=[  150]\n"
      "   bw (  KiB/s): min=39000, max=41000, per=100.00%, avg=40000.50, stdev=500.25, samples=3\n"
      "   iops        : min= 9750, max=10250, avg=10000.00, stdev=125.50, samples=3\n"
      "  write: IOPS=5000, BW=19.5MiB/s (20.5MB/s)(2000KiB/100msec); 0 zone resets\n"
      "    clat (nsec): min=5000, max=5000, avg=5000.00, stdev= 0.00\n"
      "     lat (nsec): min=5000, max=5000, avg=5000.00, stdev= 0.00\n"
      "    clat percentiles (nsec):\n"
      "     |  1.00th=[ 5000],  5.00th=[ 5000], 10.00th=[ 5000], 20.00th=[ 5000],\n"
      "     | 30.00th=[ 5000], 40.00th=[ 5000], 50.00th=[ 5000], 60.00th=[ 5000],\n"
      "     | 70.00th=[ 5000], 80.00th=[ 5000], 90.00th=[ 5000], 95.00th=[ 5000],\n"
      "     | 99.00th=[ 5000], 99.50th=[ 5000], 99.90th=[ 5000], 99.95th=[ 5000],\n"
      "     | 99.99th=[ 5000]\n"
      "  lat (usec)   : 10=33.33%, 100=60.00%, 250=6.67%\n"
      "  cpu          : usr=1.50%, sys=20.25%, ctx=1500, majf=0, minf=12\n"
      "  IO depths    : 1=100.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%\n"
      "     submit    : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"
      "     complete  : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"
      "     issued rwts: total=1000,500,0,0 short=0,0,0,0 dropped=0,0,0,0\n"
      "     latency   : target=0, window=0, percentile=100.00%, depth=1\n"
      "\n"
      "Run status group 0 (all jobs):\n"
      "   READ: bw=39.1MiB/s (41.0MB/s), 39.1MiB/s-39.1MiB/s (41.0MB/s-41.0MB/s), io=4000KiB "
      "(4096kB), "
      "run=100-100msec\n"
      "  WRITE: bw=19.5MiB/s (20.5MB/s), 19.5MiB/s-19.5MiB/s (20.5MB/s-20.5MB/s), io=2000KiB "
      "(2048kB), "
      "run=100-100msec\n"
      "\n"
      "Disk stats (read/write):\n"
      "  vda: ios=800/400, merge=1/2, ticks=300/150, in_queue=450, util=45.50%\n";
  EXPECT_EQ(out.str(), expected);
}

TEST(FioNormal, ErrorDescriptionSyncAndMsecScaling) {
  fio::FioRun run = fio_test::golden_run();
  fio::JobStats& job = run.jobs[0];
  job.error = 28;
  job.error_text = "No space left on device";
  job.options.description = "hello";
  job.members = 4;
  job.tid = 0;
  job.sync_total = 2;
  job.sync_lat.record(3'000'000);           // 3 ms
  job.sync_lat.record(200'000'000);         // 200 ms
  job.dirs[0].bw_kib_s.mean = 2'097'152.0;  // 2 GiB/s: fio switches to MiB/s
  job.dirs[0].bw_kib_s.min = 2'000'000;
  job.dirs[0].bw_kib_s.max = 2'200'000;
  std::ostringstream out;
  write_fio_normal(run, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("fio_test: (groupid=0, jobs=4): err=28 (No space left on device): pid=0: "),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n  Description  : [hello]\n  read: "), std::string::npos) << text;
  // sd of {3, 200} ms = 139.30 ms (n - 1); min > 2 ms, max > 100 ms: msec.
  EXPECT_NE(text.find("  fsync/fdatasync/sync_file_range:\n"
                      "    sync (msec): min=3, max=200, avg=101.50, stdev=139.30\n"
                      "    sync percentiles (msec):\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("   bw (  MiB/s): min= 1953, max= 2148, per=100.00%, avg=2048.00, stdev= "
                      "0.49, samples=3\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("issued rwts: total=1000,500,0,2 "), std::string::npos);
}

TEST(FioNormal, JobWithoutIoPrintsNoBlock) {
  fio::FioRun run = fio_test::golden_run();
  run.jobs[0] = fio::JobStats{};
  run.groups.clear();
  run.disks.clear();
  std::ostringstream out;
  write_fio_normal(run, out);
  EXPECT_EQ(out.str(), "\n");  // fio's leading empty line only
}

TEST(FioJson, GoldenValues) {
  const fio::FioRun run = fio_test::golden_run();
  const nlohmann::ordered_json j = fio_json(run, false);
  EXPECT_EQ(j["fio version"], "hostmark-0.1.0");
  EXPECT_EQ(j["timestamp"], 1'796'210'339);
  EXPECT_EQ(j["timestamp_ms"], 1'796'210'339'210);
  EXPECT_EQ(j["time"], local_ctime(run.timestamp_unix_s));
  EXPECT_FALSE(j.contains("global options"));  // none given, as fio
  ASSERT_EQ(j["jobs"].size(), 1u);
  const auto& job = j["jobs"][0];
  EXPECT_EQ(job["jobname"], "fio_test");
  EXPECT_EQ(job["job options"]["rw"], "randrw");
  EXPECT_EQ(job["elapsed"], 1);  // 150 ms, rounded up to whole seconds
  EXPECT_EQ(job["job_runtime"], 150);
  const auto& rd = job["read"];
  EXPECT_EQ(rd["io_bytes"], 4'096'000);
  EXPECT_EQ(rd["io_kbytes"], 4000);
  EXPECT_EQ(rd["bw_bytes"], 40'960'000);
  EXPECT_EQ(rd["bw"], 40'000);  // KiB/s
  EXPECT_TRUE(rd["iops"].is_number_float());
  EXPECT_DOUBLE_EQ(rd["iops"].get<double>(), 10'000.0);
  EXPECT_EQ(rd["runtime"], 100);  // ms
  EXPECT_EQ(rd["total_ios"], 1000);
  EXPECT_EQ(rd["slat_ns"]["N"], 0);
  EXPECT_FALSE(rd["slat_ns"].contains("percentile"));
  const auto& clat = rd["clat_ns"];
  EXPECT_EQ(clat["min"], 50'000);
  EXPECT_EQ(clat["max"], 150'000);
  EXPECT_DOUBLE_EQ(clat["mean"].get<double>(), 60'000.0);
  EXPECT_NEAR(clat["stddev"].get<double>(), 30'015.011259, 1e-5);
  EXPECT_EQ(clat["N"], 1000);
  ASSERT_EQ(clat["percentile"].size(), 17u);
  EXPECT_EQ(clat["percentile"]["1.000000"], 50'047);  // midpoint of the bucket [49920, 50175]
  EXPECT_EQ(clat["percentile"]["90.000000"], 50'047);
  EXPECT_EQ(clat["percentile"]["95.000000"], 150'000);  // clamped to the exact max
  EXPECT_EQ(clat["percentile"]["99.990000"], 150'000);
  EXPECT_EQ(clat["percentile"].begin().key(), "1.000000");
  EXPECT_FALSE(clat.contains("bins"));
  EXPECT_FALSE(rd["lat_ns"].contains("percentile"));  // lat_percentiles is off
  EXPECT_EQ(rd["bw_min"], 39'000);
  EXPECT_DOUBLE_EQ(rd["bw_agg"].get<double>(), 100.0);
  EXPECT_DOUBLE_EQ(rd["bw_mean"].get<double>(), 40'000.5);
  EXPECT_EQ(rd["bw_samples"], 3);
  EXPECT_EQ(rd["iops_max"], 10'250);
  EXPECT_DOUBLE_EQ(rd["iops_stddev"].get<double>(), 125.5);
  const auto& wr = job["write"];
  EXPECT_EQ(wr["io_kbytes"], 2000);
  EXPECT_EQ(wr["bw"], 20'000);
  EXPECT_EQ(wr["bw_samples"], 0);
  EXPECT_TRUE(wr["bw_agg"].is_number_float());
  EXPECT_EQ(job["trim"]["runtime"], 0);
  EXPECT_EQ(job["trim"]["clat_ns"]["N"], 0);
  EXPECT_FALSE(job["trim"]["clat_ns"].contains("percentile"));  // no samples, as fio
  EXPECT_EQ(job["sync"]["total_ios"], 0);
  EXPECT_NEAR(job["latency_us"]["10"].get<double>(), 100.0 / 3, 1e-9);
  EXPECT_DOUBLE_EQ(job["latency_us"]["100"].get<double>(), 60.0);
  EXPECT_NEAR(job["latency_us"]["250"].get<double>(), 100.0 / 15, 1e-9);
  EXPECT_DOUBLE_EQ(job["latency_ms"][">=2000"].get<double>(), 0.0);
  EXPECT_DOUBLE_EQ(job["iodepth_level"]["1"].get<double>(), 100.0);
  EXPECT_DOUBLE_EQ(job["iodepth_submit"]["4"].get<double>(), 100.0);
  EXPECT_EQ(job["latency_depth"], 1);
  EXPECT_DOUBLE_EQ(job["latency_percentile"].get<double>(), 100.0);
  ASSERT_EQ(j["disk_util"].size(), 1u);
  EXPECT_EQ(j["disk_util"][0]["name"], "vda");
  EXPECT_EQ(j["disk_util"][0]["read_ticks"], 300);
  EXPECT_DOUBLE_EQ(j["disk_util"][0]["util"].get<double>(), 45.5);
  const auto& hm = j["hostmark"];
  EXPECT_EQ(hm["version"], "0.1.0");
  EXPECT_EQ(hm["context"]["hostname"], "bench-01");
  EXPECT_EQ(hm["warnings"][0], "the page cache was not dropped");
  EXPECT_EQ(hm["notes"][0], "fio_test: invalidate=1: page cache of fio_test.0.0 dropped");
  EXPECT_EQ(hm["interrupted"], false);
  EXPECT_EQ(std::prev(j.end()).key(), "hostmark");
}

TEST(FioJson, PlusAddsBinsOfNonEmptyBuckets) {
  const nlohmann::ordered_json j = fio_json(fio_test::golden_run(), true);
  const auto& bins = j["jobs"][0]["read"]["clat_ns"]["bins"];
  ASSERT_EQ(bins.size(), 2u);
  EXPECT_EQ(bins["50047"], 900);                                     // [49920, 50175]
  EXPECT_EQ(bins["150015"], 100);                                    // [149504, 150527]
  EXPECT_EQ(j["jobs"][0]["write"]["clat_ns"]["bins"]["5007"], 500);  // [4992, 5023]
  EXPECT_FALSE(j["jobs"][0]["read"]["lat_ns"].contains("bins"));     // only next to percentiles
}

TEST(FioTerse, GoldenLine) {
  std::ostringstream out;
  write_fio_terse(fio_test::golden_run(), out);
  const std::string zero_pct = repeat(";0%=0", 3);
  const std::string expected =
      "3;hostmark-0.1.0;fio_test;0;0"
      // read
      ";4000;40000;10000;100;0;0;0.000000;0.000000;50;150;60.000000;30.015011"
      ";1.000000%=50;5.000000%=50;10.000000%=50;20.000000%=50;30.000000%=50;40.000000%=50"
      ";50.000000%=50;60.000000%=50;70.000000%=50;80.000000%=50;90.000000%=50;95.000000%=150"
      ";99.000000%=150;99.500000%=150;99.900000%=150;99.950000%=150;99.990000%=150" +
      zero_pct +
      ";50;150;60.000000;30.015011;39000;41000;100.000000%;40000.500000;500.250000"
      // write
      ";2000;20000;5000;100;0;0;0.000000;0.000000;5;5;5.000000;0.000000"
      ";1.000000%=5;5.000000%=5;10.000000%=5;20.000000%=5;30.000000%=5;40.000000%=5"
      ";50.000000%=5;60.000000%=5;70.000000%=5;80.000000%=5;90.000000%=5;95.000000%=5"
      ";99.000000%=5;99.500000%=5;99.900000%=5;99.950000%=5;99.990000%=5" +
      zero_pct +
      ";5;5;5.000000;0.000000;0;0;0.000000%;0.000000;0.000000"
      // cpu, depths, usec and msec tables, disk
      ";1.500000%;20.250000%;1500;0;12"
      ";100.0%;0.0%;0.0%;0.0%;0.0%;0.0%;0.0%"
      ";0.00%;0.00%;33.33%;0.00%;0.00%;60.00%;6.67%;0.00%;0.00%;0.00%" +
      repeat(";0.00%", 12) + ";vda;800;400;1;2;300;150;450;45.50%\n";
  EXPECT_EQ(out.str(), expected);
}

TEST(FioTerse, SubMicrosecondIosCountInTheFirstUsecField) {
  fio::FioRun run = fio_test::golden_run();
  run.disks.clear();
  fio::DirStats& w = run.jobs[0].dirs[1];
  w.clat.reset();
  for (int i = 0; i < 500; ++i) w.clat.record(300);  // 300 ns: nsec "500=" in normal/json
  std::ostringstream out;
  write_fio_terse(run, out);
  // 500 of 1500 I/Os below 1 us go to the "2 us" field (fio's stat_calc_lat_nu).
  EXPECT_NE(
      out.str().find(
          ";100.0%;0.0%;0.0%;0.0%;0.0%;0.0%;0.0%;33.33%;0.00%;0.00%;0.00%;0.00%;60.00%;6.67%;"),
      std::string::npos)
      << out.str();
  EXPECT_DOUBLE_EQ(fio_json(run, false)["jobs"][0]["latency_ns"]["500"].get<double>(), 100.0 / 3);
}

TEST(FioBanner, JobLinesVersionAndThreadCount) {
  fio::JobOptions a;
  a.name = "a";
  a.rw.read = false;
  a.rw.write = true;
  a.numjobs = 2;
  a.bs = {65536, 65536, 65536};
  fio::JobOptions b;
  b.name = "b";
  b.rw.random = true;
  b.rw.write = true;
  b.ioengine = "io_uring";
  b.iodepth = 32;
  b.bsrange = fio::PerDir<std::pair<std::uint32_t, std::uint32_t>>{
      {{4096, 1048576}, {4096, 1048576}, {512, 512}}};
  std::ostringstream out;
  write_fio_banner({a, b}, {0, 1}, "0.1.0", out);
  EXPECT_EQ(out.str(),
            "a: (g=0): rw=write, bs=(R) 64.0KiB-64.0KiB, (W) 64.0KiB-64.0KiB, (T) 64.0KiB-64.0KiB, "
            "ioengine=psync, iodepth=1\n"
            "...\n"
            "b: (g=1): rw=randrw, bs=(R) 4096B-1024KiB, (W) 4096B-1024KiB, (T) 512B-512B, "
            "ioengine=io_uring, iodepth=32\n"
            "hostmark-0.1.0\n"
            "Starting 3 threads\n");
}

TEST(FioOutput, FormatListInFioOrder) {
  const fio::FioRun run = fio_test::golden_run();
  std::ostringstream out;
  ASSERT_TRUE(write_fio_output(run, "normal,json,terse", out).ok());
  const std::string text = out.str();
  const auto terse = text.find("3;hostmark-0.1.0;fio_test;");
  const auto json = text.find("{\n");
  const auto normal = text.find("fio_test: (groupid=0");
  ASSERT_NE(terse, std::string::npos);
  ASSERT_NE(json, std::string::npos);
  ASSERT_NE(normal, std::string::npos);
  EXPECT_EQ(terse, 0u);
  EXPECT_LT(terse, json);
  EXPECT_LT(json, normal);
  // Warnings appear once, inside the JSON "hostmark" object, never as loose lines.
  const auto warning = text.find("\"the page cache was not dropped\"");
  ASSERT_NE(warning, std::string::npos);
  EXPECT_EQ(text.find("the page cache was not dropped", warning + 2), std::string::npos);
  EXPECT_LT(warning, normal);

  std::ostringstream plus;
  ASSERT_TRUE(write_fio_output(run, "json+", plus).ok());
  EXPECT_TRUE(nlohmann::json::parse(plus.str())["jobs"][0]["read"]["clat_ns"].contains("bins"));
}

TEST(FioOutput, UnknownFormatIsAUsageErrorAndWritesNothing) {
  std::ostringstream out;
  const Status s = write_fio_output(fio_test::golden_run(), "json,xml", out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().exit_code(), 2);
  EXPECT_EQ(s.error().what, "--output-format");
  EXPECT_NE(s.error().why.find("'xml'"), std::string::npos);
  EXPECT_EQ(out.str(), "");
  EXPECT_FALSE(parse_fio_formats("").ok());
  EXPECT_FALSE(parse_fio_formats("json,").ok());
  const auto f = parse_fio_formats("terse,json+");
  ASSERT_TRUE(f.ok());
  EXPECT_TRUE(f.value().terse);
  EXPECT_TRUE(f.value().json_plus);
  EXPECT_FALSE(f.value().normal);
}

}  // namespace
}  // namespace hostmark
