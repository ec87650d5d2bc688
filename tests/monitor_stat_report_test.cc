#include <gtest/gtest.h>

#include "monitor/memory_load.h"
#include "monitor/stat_report.h"

namespace hostmark::monitor {
namespace {

DiskSample stat_disk(const std::string& name, std::uint64_t reads, bool partition = false) {
  DiskSample d;
  d.name = name;
  d.partition = partition;
  d.rd_ios = reads;
  d.rd_sectors = reads * 8;
  d.fields = 17;
  return d;
}

StatSample stat_at(std::uint64_t uptime_ms, std::vector<DiskSample> disks) {
  StatSample s;
  s.uptime_ms = uptime_ms;
  s.disks = std::move(disks);
  s.cpu.user = uptime_ms / 10;
  s.cpu.idle = uptime_ms / 10;
  return s;
}

std::vector<std::string> names(const StatReport& r) {
  std::vector<std::string> out;
  for (const auto& d : r.devices) out.push_back(d.name);
  return out;
}

TEST(MonitorStatReportTest, FirstReportIsSinceBoot) {
  const StatSample s = stat_at(200'000, {stat_disk("vda", 1000)});
  const StatReport r = make_report(nullptr, s, {});
  EXPECT_TRUE(r.since_boot);
  EXPECT_DOUBLE_EQ(r.interval_s, 200.0);
  ASSERT_EQ(r.devices.size(), 1u);
  EXPECT_DOUBLE_EQ(r.devices[0].rates.r_s, 5.0);  // 1000 reads over 200 s of uptime
  EXPECT_DOUBLE_EQ(r.cpu.user, 50.0);
}

TEST(MonitorStatReportTest, UnusedDevicesAreHiddenUnlessAsked) {
  const StatSample s =
      stat_at(1000, {stat_disk("vdb", 0), stat_disk("vda", 3), stat_disk("loop3", 0)});
  EXPECT_EQ(names(make_report(nullptr, s, {})), std::vector<std::string>{"vda"});
  DeviceFilter all;
  all.show_unused = true;  // "ALL"
  EXPECT_EQ(names(make_report(nullptr, s, all)),
            (std::vector<std::string>{"loop3", "vda", "vdb"}));  // strcmp order, as iostat
  DeviceFilter named;
  named.names = {"vdb"};
  named.show_unused = true;
  EXPECT_EQ(names(make_report(nullptr, s, named)), std::vector<std::string>{"vdb"});
}

TEST(MonitorStatReportTest, PartitionsOfANamedDiskOrAll) {
  const StatSample s =
      stat_at(1000, {stat_disk("vda", 3), stat_disk("vda1", 2, true), stat_disk("vda2", 0, true),
                     stat_disk("vdb", 1), stat_disk("vdb1", 1, true)});
  DeviceFilter p;
  p.with_partitions = {"vda"};
  p.show_unused = true;
  EXPECT_EQ(names(make_report(nullptr, s, p)), (std::vector<std::string>{"vda", "vda1", "vda2"}));
  DeviceFilter all;
  all.all_partitions = true;
  all.show_unused = true;
  EXPECT_EQ(names(make_report(nullptr, s, all)).size(), 5u);
  // Whole devices only by default.
  EXPECT_EQ(names(make_report(nullptr, s, {})), (std::vector<std::string>{"vda", "vdb"}));
}

TEST(MonitorStatReportTest, OmitInactiveAndDevicesComingAndGoing) {
  const StatSample b =
      stat_at(10'000, {stat_disk("vda", 100), stat_disk("vdb", 50), stat_disk("old", 7)});
  const StatSample a =
      stat_at(12'000, {stat_disk("vda", 100), stat_disk("vdb", 60), stat_disk("new", 8)});
  DeviceFilter z;
  z.omit_inactive = true;
  const StatReport r = make_report(&b, a, z);
  // vda did nothing (-z), "old" vanished; "new" appeared: against zero over the interval.
  EXPECT_EQ(names(r), (std::vector<std::string>{"new", "vdb"}));
  EXPECT_DOUBLE_EQ(r.interval_s, 2.0);
  EXPECT_DOUBLE_EQ(r.devices[0].rates.r_s, 4.0);
  EXPECT_DOUBLE_EQ(r.devices[1].rates.r_s, 5.0);
  EXPECT_FALSE(r.since_boot);
}

TEST(MonitorStatReportTest, SarSumsTheRowsGiven) {
  const StatSample b = stat_at(0, {stat_disk("vda", 0), stat_disk("vdb", 0)});
  const StatSample a = stat_at(1000, {stat_disk("vda", 10), stat_disk("vdb", 30)});
  const StatReport r = make_report(&b, a, {});
  const SarSummary s = sar_summary(r.devices);
  EXPECT_DOUBLE_EQ(s.rtps, 40.0);
  EXPECT_DOUBLE_EQ(s.tps, 40.0);
  EXPECT_DOUBLE_EQ(s.bread_s, 320.0);  // 8 sectors per read
  EXPECT_DOUBLE_EQ(s.bwrtn_s, 0.0);
}

TEST(MonitorMemoryLoadTest, AsFreeAndUptimeShowThem) {
  const MemoryUsage m = parse_memory_usage(
      "MemTotal:       1000 kB\nMemFree:         300 kB\nMemAvailable:    600 kB\n"
      "Buffers:          50 kB\nCached:          200 kB\nSwapCached:        0 kB\n"
      "Shmem:            20 kB\nSReclaimable:     30 kB\nSwapTotal:       100 kB\n"
      "SwapFree:         40 kB\n");
  EXPECT_EQ(m.total_bytes, 1000u * 1024);
  EXPECT_EQ(m.used_bytes, 400u * 1024);  // total - available
  EXPECT_EQ(m.buff_cache_bytes, 280u * 1024);
  EXPECT_EQ(m.shared_bytes, 20u * 1024);
  EXPECT_EQ(m.swap_used_bytes, 60u * 1024);
  const LoadInfo l = parse_load("2.62 0.98 0.37 3/109 30567\n", "52260.01 100.0\n");
  EXPECT_DOUBLE_EQ(l.load1, 2.62);
  EXPECT_DOUBLE_EQ(l.load15, 0.37);
  EXPECT_EQ(l.running, 3u);
  EXPECT_EQ(l.threads, 109u);
  EXPECT_DOUBLE_EQ(l.uptime_s, 52260.01);
}

}  // namespace
}  // namespace hostmark::monitor
