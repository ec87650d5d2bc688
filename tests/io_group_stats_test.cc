// Pure parts of the fio job runner: group totals and group_reporting merge, /proc/diskstats
// parsing and deltas, the status line, queue-depth buckets.
#include <gtest/gtest.h>
#include <sys/sysmacros.h>

#include <atomic>

#include "io/disk_stats.h"
#include "io/group_stats.h"
#include "io/job_accounting.h"
#include "output/fio_status_line.h"

namespace hostmark::io {
namespace {

fio::JobStats job(int group, std::uint64_t read_bytes, std::uint64_t runtime_ns,
                  std::vector<std::uint64_t> lat) {
  fio::JobStats j;
  j.groupid = group;
  auto& r = j.dirs[0];
  r.io_bytes = read_bytes;
  r.total_ios = lat.size();
  r.runtime_ns = runtime_ns;
  for (auto v : lat) {
    r.clat.record(v);
    r.lat.record(v + 10);
  }
  j.depths.issued[0] = lat.size();
  j.depths.level = {100, 0, 0, 0, 0, 0, 0};
  return j;
}

TEST(GroupStatsTest, TotalsFollowFioDefinitions) {
  std::vector<fio::JobStats> jobs{job(0, 1'000'000, 1'000'000'000, {1, 2}),
                                  job(0, 3'000'000, 2'000'000'000, {3}),
                                  job(1, 500, 1'000'000'000, {4})};
  const auto g = group_totals(jobs, 1024);
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0].io_bytes[0], 4'000'000u);
  EXPECT_EQ(g[0].agg_bytes_per_s[0], 2'000'000u);  // 4 MB over the longest runtime, 2 s
  EXPECT_EQ(g[0].min_bytes_per_s[0], 1'000'000u);
  EXPECT_EQ(g[0].max_bytes_per_s[0], 1'500'000u);
  EXPECT_EQ(g[0].min_runtime_ns[0], 1'000'000'000u);
  EXPECT_EQ(g[0].max_runtime_ns[0], 2'000'000'000u);
  EXPECT_EQ(g[0].io_bytes[1], 0u);  // no writes
  EXPECT_EQ(g[1].groupid, 1);
  EXPECT_EQ(g[1].io_bytes[0], 500u);
}

TEST(GroupStatsTest, MergeAddsHistogramsExactlyAndKeepsGroupsApart) {
  std::vector<fio::JobStats> jobs{job(0, 10, 5, {100, 200}), job(0, 20, 7, {300}),
                                  job(1, 1, 1, {9})};
  jobs[1].error = 5;
  jobs[1].error_text = "f: offset 0: Input/output error";
  jobs[1].depths.level = {0, 0, 0, 0, 0, 100, 0};
  const auto merged = merge_groups(jobs);
  ASSERT_EQ(merged.size(), 2u);
  const auto& r = merged[0].dirs[0];
  EXPECT_EQ(r.io_bytes, 30u);
  EXPECT_EQ(r.total_ios, 3u);
  EXPECT_EQ(r.runtime_ns, 7u);
  EXPECT_EQ(r.clat.count(), 3u);
  EXPECT_EQ(r.clat.min_ns(), 100u);
  EXPECT_EQ(r.clat.max_ns(), 300u);
  EXPECT_EQ(r.clat.sum_ns(), 600u);
  EXPECT_EQ(merged[0].error, 5);
  // Depth shares weighted by I/Os: 2 of 3 at depth 1, 1 of 3 at depth 32.
  EXPECT_NEAR(merged[0].depths.level[0], 200.0 / 3, 1e-9);
  EXPECT_NEAR(merged[0].depths.level[5], 100.0 / 3, 1e-9);
  EXPECT_EQ(merged[1].dirs[0].clat.count(), 1u);
}

TEST(DiskStatsTest, ParsesAndSubtracts) {
  const std::string before =
      " 254       0 vda 100 5 800 40 200 10 1600 80 0 120 130 0 0 0 0\n"
      " 254       1 vda1 90 5 700 30 190 10 1500 70 0 110 120\n"
      "garbage line\n";
  const std::string after =
      " 254       0 vda 150 6 1200 60 260 12 2000 100 0 620 650 0 0 0 0\n"
      " 254       1 vda1 140 6 1100 50 250 12 1900 90 0 610 640\n";
  const auto b = parse_diskstats(before);
  const auto a = parse_diskstats(after);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].name, "vda");
  EXPECT_EQ(b[1].minor, 1u);
  const auto u = disk_util(b, a, {"254:0", "9:9"}, 1000.0);
  ASSERT_EQ(u.size(), 1u);  // 9:9 is not in the tables
  EXPECT_EQ(u[0].name, "vda");
  EXPECT_EQ(u[0].read_ios, 50u);
  EXPECT_EQ(u[0].write_ios, 60u);
  EXPECT_EQ(u[0].read_merges, 1u);
  EXPECT_EQ(u[0].write_ticks_ms, 20u);
  EXPECT_EQ(u[0].in_queue_ms, 520u);
  EXPECT_DOUBLE_EQ(u[0].util_percent, 50.0);  // 500 ms busy of 1000
}

TEST(DiskStatsTest, AnonymousDevicesHaveNoDisk) { EXPECT_EQ(whole_disk_of(makedev(0, 42)), ""); }

TEST(StatusLineTest, LooksLikeFios) {
  StatusSample s;
  s.running = 4;
  s.files = 4;
  s.mode = 'R';
  s.percent_done = 45.55;
  s.bytes_per_s = {123.0 * 1024 * 1024, 0, 0};
  s.iops = {31500, 0, 0};
  s.eta_s = 6;
  EXPECT_EQ(format_status_line(s),
            "Jobs: 4 (f=4): [R(4)][45.5%][r=123MiB/s][r=31.5k IOPS][eta 00m:06s]");
  s.bytes_per_s = {0, 0, 0};
  s.iops = {0, 0, 0};
  s.percent_done = -1;
  s.eta_s = 3725;
  EXPECT_EQ(format_status_line(s), "Jobs: 4 (f=4): [R(4)][-.-%][eta 01h:02m:05s]");
}

TEST(JobAccountingTest, DepthAndBatchBucketsAreFios) {
  LiveCounters live;
  fio::JobOptions o;
  JobAccounting a(o, true, live);
  a.start_measuring(0);
  for (unsigned d : {1u, 2u, 3u, 4u, 31u, 32u, 63u, 64u, 500u}) a.queued_at_depth(d);
  for (unsigned b : {0u, 1u, 4u, 5u, 8u, 9u, 33u, 64u, 65u}) a.submitted(b);
  fio::JobStats out;
  a.finish(1'000'000'000, out);
  const double n = 9;
  EXPECT_NEAR(out.depths.level[0], 100 / n, 1e-9);   // 1
  EXPECT_NEAR(out.depths.level[1], 200 / n, 1e-9);   // 2, 3
  EXPECT_NEAR(out.depths.level[2], 100 / n, 1e-9);   // 4
  EXPECT_NEAR(out.depths.level[4], 100 / n, 1e-9);   // 31
  EXPECT_NEAR(out.depths.level[5], 200 / n, 1e-9);   // 32, 63
  EXPECT_NEAR(out.depths.level[6], 200 / n, 1e-9);   // 64, 500
  EXPECT_NEAR(out.depths.submit[0], 100 / n, 1e-9);  // 0
  EXPECT_NEAR(out.depths.submit[1], 200 / n, 1e-9);  // 1..4
  EXPECT_NEAR(out.depths.submit[2], 200 / n, 1e-9);  // 5..8
  EXPECT_NEAR(out.depths.submit[3], 100 / n, 1e-9);  // 9..16
  EXPECT_NEAR(out.depths.submit[5], 200 / n, 1e-9);  // 33..64
  EXPECT_NEAR(out.depths.submit[6], 100 / n, 1e-9);  // 65
  EXPECT_TRUE(live.done.load());
}

TEST(JobAccountingTest, SamplesBandwidthEveryPeriodAndForgetsTheRamp) {
  LiveCounters live;
  fio::JobOptions o;
  o.bwavgtime_ns = 100'000'000;
  o.iopsavgtime_ns = 100'000'000;
  JobAccounting a(o, false, live);
  a.start_measuring(0);
  a.complete(fio::Dir::kRead, 4096, 0, 0, 1000);  // ramp I/O, forgotten below
  a.start_measuring(1'000'000'000);
  // 10 I/Os of 1 KiB per 100 ms for 1 s: 100 KiB/s, 100 IOPS, 10 samples.
  for (std::uint64_t t = 1; t <= 100; ++t) {
    const std::uint64_t now = 1'000'000'000 + t * 10'000'000;
    a.complete(fio::Dir::kRead, 1024, now - 500, now - 500, now);
    a.tick(now);
  }
  fio::JobStats out;
  a.finish(2'000'000'000, out);
  EXPECT_EQ(out.dirs[0].total_ios, 100u);
  EXPECT_EQ(out.dirs[0].io_bytes, 102'400u);
  EXPECT_EQ(out.dirs[0].runtime_ns, 1'000'000'000u);
  EXPECT_EQ(out.dirs[0].clat.max_ns(), 500u);
  EXPECT_FALSE(out.dirs[0].has_slat);
  EXPECT_EQ(out.dirs[0].bw_kib_s.samples, 10u);
  EXPECT_EQ(out.dirs[0].bw_kib_s.min, 100u);
  EXPECT_EQ(out.dirs[0].bw_kib_s.max, 100u);
  EXPECT_EQ(out.dirs[0].iops.mean, 100.0);
  EXPECT_EQ(out.dirs[1].total_ios, 0u);
  EXPECT_EQ(out.dirs[1].bw_kib_s.samples, 0u);
}

}  // namespace
}  // namespace hostmark::io
