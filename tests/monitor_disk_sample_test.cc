#include <gtest/gtest.h>

#include "core/error.h"
#include "monitor/device_traits.h"
#include "monitor/disk_sample.h"
#include "monitor_fixture.h"

namespace hostmark::monitor {
namespace {

// Linux 5.5+: 17 numbers after the name (discard since 4.18, flush since 5.5).
constexpr const char* kNewLine =
    " 254       0 vda 10 2 800 40 20 3 1600 80 1 110 130 4 0 64 12 6 9";
// Linux 4.18-5.4: 15 numbers.
constexpr const char* kMidLine = "   8       0 sda 10 2 800 40 20 3 1600 80 0 110 130 4 0 64 12";
// Before 4.18: 11 numbers.
constexpr const char* kOldLine = "   8      16 sdb 10 2 800 40 20 3 1600 80 0 110 130";
// Partitions before 2.6.25: reads, read sectors, writes, written sectors.
constexpr const char* kAncientPartition = "   3       1 hda1 7 56 9 72";

TEST(MonitorDiskSampleTest, ParsesEachFieldCount) {
  const auto n = parse_diskstats_line(kNewLine);
  ASSERT_TRUE(n);
  EXPECT_EQ(n->name, "vda");
  EXPECT_EQ(n->major, 254u);
  EXPECT_EQ(n->fields, 17);
  EXPECT_EQ(n->rd_ios, 10u);
  EXPECT_EQ(n->rd_merges, 2u);
  EXPECT_EQ(n->rd_sectors, 800u);
  EXPECT_EQ(n->rd_ticks_ms, 40u);
  EXPECT_EQ(n->wr_ios, 20u);
  EXPECT_EQ(n->wr_sectors, 1600u);
  EXPECT_EQ(n->ios_in_progress, 1u);
  EXPECT_EQ(n->io_ticks_ms, 110u);
  EXPECT_EQ(n->time_in_queue_ms, 130u);
  EXPECT_EQ(n->dc_ios, 4u);
  EXPECT_EQ(n->dc_sectors, 64u);
  EXPECT_EQ(n->dc_ticks_ms, 12u);
  EXPECT_EQ(n->fl_ios, 6u);
  EXPECT_EQ(n->fl_ticks_ms, 9u);

  const auto m = parse_diskstats_line(kMidLine);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->fields, 15);
  EXPECT_EQ(m->dc_ticks_ms, 12u);
  EXPECT_EQ(m->fl_ios, 0u);

  const auto o = parse_diskstats_line(kOldLine);
  ASSERT_TRUE(o);
  EXPECT_EQ(o->fields, 11);
  EXPECT_EQ(o->minor, 16u);
  EXPECT_EQ(o->time_in_queue_ms, 130u);
  EXPECT_EQ(o->dc_ios, 0u);

  const auto a = parse_diskstats_line(kAncientPartition);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->fields, 4);
  EXPECT_EQ(a->rd_ios, 7u);
  EXPECT_EQ(a->rd_sectors, 56u);
  EXPECT_EQ(a->wr_ios, 9u);
  EXPECT_EQ(a->wr_sectors, 72u);
  EXPECT_EQ(a->rd_merges, 0u);
}

TEST(MonitorDiskSampleTest, RejectsMalformedLines) {
  EXPECT_FALSE(parse_diskstats_line("garbage line"));
  EXPECT_FALSE(parse_diskstats_line("8 0 sda 1 2 3"));  // 3 numbers: no format
  EXPECT_FALSE(parse_diskstats_line("8 0 sda 1 2 3 4 5 6 7 8 9 x 11"));
  EXPECT_FALSE(parse_diskstats_line("a 0 sda 1 2 3 4"));
  try {
    parse_proc_diskstats(std::string(kNewLine) + "\n 8 0 sda 1 2\n");
    FAIL() << "expected a Failure";
  } catch (const Failure& f) {
    EXPECT_NE(std::string(f.what()).find("8 0 sda 1 2"), std::string::npos) << f.what();
  }
  const auto all = parse_proc_diskstats(std::string(kNewLine) + "\n\n" + kOldLine + "\n");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[1].name, "sdb");
}

TEST(MonitorDiskSampleTest, ParsesSysBlockStat) {
  const auto s = parse_sys_block_stat(
      "nvme0n1",
      "     100        5     8000      300      200       10    16000      700"
      "        0      900     1000       1        0        8        2       50       "
      "30\n");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->name, "nvme0n1");
  EXPECT_EQ(s->fields, 17);
  EXPECT_EQ(s->wr_ticks_ms, 700u);
  EXPECT_EQ(s->fl_ticks_ms, 30u);
  EXPECT_FALSE(parse_sys_block_stat("x", ""));
  EXPECT_FALSE(parse_sys_block_stat("x", "1 2 3"));
}

TEST(MonitorDiskSampleTest, CollectsWholeDevicesFromSysBlockInNameOrder) {
  fakes::ProcSysFixture fx;
  ASSERT_TRUE(fx.ok());
  fx.write("proc/uptime", "12345.67 20000.00\n");
  fx.add_disk("vdb", "254:16", "1 0 8 1 0 0 0 0 0 1 1 0 0 0 0 0 0\n");
  fx.add_disk("loop0", "7:0", "5 0 40 2 0 0 0 0 0 2 2\n", /*physical=*/false);
  fx.add_disk("vda", "254:0", "10 2 800 40 20 3 1600 80 1 110 130 4 0 64 12 6 9\n");
  fx.write("sys/block/broken/stat", "not numbers\n");
  const DiskSnapshot s = collect_disks(fx.root(), false);
  EXPECT_EQ(s.uptime_ms, 12345670u);
  ASSERT_EQ(s.disks.size(), 3u);  // "broken" is skipped
  EXPECT_EQ(s.disks[0].name, "loop0");
  EXPECT_EQ(s.disks[0].fields, 11);
  EXPECT_EQ(s.disks[1].name, "vda");
  EXPECT_EQ(s.disks[1].rd_ios, 10u);
  EXPECT_EQ(s.disks[1].fl_ticks_ms, 9u);
  EXPECT_EQ(s.disks[2].name, "vdb");
  EXPECT_EQ(s.disks[2].rd_sectors, 8u);
  EXPECT_FALSE(s.disks[1].partition);

  // vdb is removed: the next sample does not have it.
  fx.remove("sys/block/vdb");
  const DiskSnapshot after = collect_disks(fx.root(), false);
  ASSERT_EQ(after.disks.size(), 2u);
  EXPECT_EQ(after.disks[1].name, "vda");
}

TEST(MonitorDiskSampleTest, WithPartitionsReadsDiskstatsInFileOrder) {
  fakes::ProcSysFixture fx;
  ASSERT_TRUE(fx.ok());
  fx.write("proc/uptime", "100.5 1.0\n");
  fx.add_disk("vda", "254:0", "10 2 800 40 20 3 1600 80 1 110 130\n");
  fx.write("proc/diskstats", std::string(" 254 0 vda 10 2 800 40 20 3 1600 80 1 110 130\n") +
                                 " 254 1 vda1 9 2 700 30 19 3 1500 70 0 100 120\n" +
                                 "   3 1 hda1 7 56 9 72\n");
  const DiskSnapshot s = collect_disks(fx.root(), true);
  EXPECT_EQ(s.uptime_ms, 100500u);
  ASSERT_EQ(s.disks.size(), 3u);
  EXPECT_EQ(s.disks[0].name, "vda");
  EXPECT_EQ(s.disks[0].major, 254u);
  EXPECT_FALSE(s.disks[0].partition);
  EXPECT_EQ(s.disks[1].name, "vda1");
  EXPECT_EQ(s.disks[1].minor, 1u);
  EXPECT_TRUE(s.disks[1].partition);
  EXPECT_EQ(s.disks[2].fields, 4);
}

TEST(MonitorDiskSampleTest, MissingUptimeIsARunError) {
  fakes::ProcSysFixture fx;
  ASSERT_TRUE(fx.ok());
  EXPECT_THROW(collect_disks(fx.root(), false), Failure);
}

TEST(MonitorDeviceTraitsTest, TellsVirtualAndParallelDevices) {
  fakes::ProcSysFixture fx;
  ASSERT_TRUE(fx.ok());
  fx.add_disk("sda", "8:0", "0 0 0 0 0 0 0 0 0 0 0\n");
  fx.add_disk("sdb", "8:16", "0 0 0 0 0 0 0 0 0 0 0\n", true, 4);
  fx.add_disk("nvme0n1", "259:0", "0 0 0 0 0 0 0 0 0 0 0\n", true, 2);
  fx.add_disk("loop3", "7:3", "0 0 0 0 0 0 0 0 0 0 0\n", false, 1);
  fx.add_disk("dm-0", "253:0", "0 0 0 0 0 0 0 0 0 0 0\n", false, 0);
  fx.write("sys/block/dm-0/slaves/sda/x", "");
  fx.write("sys/block/dm-0/slaves/sdb/x", "");
  EXPECT_FALSE(device_traits(fx.root(), "sda").virtual_device);
  EXPECT_EQ(device_traits(fx.root(), "sda").parallel_reason, "");
  EXPECT_EQ(device_traits(fx.root(), "sdb").parallel_reason, "4 hardware queues");
  EXPECT_EQ(device_traits(fx.root(), "nvme0n1").parallel_reason, "NVMe");
  EXPECT_TRUE(device_traits(fx.root(), "loop3").virtual_device);
  EXPECT_EQ(device_traits(fx.root(), "loop3").parallel_reason, "");
  EXPECT_TRUE(device_traits(fx.root(), "dm-0").virtual_device);
  EXPECT_EQ(device_traits(fx.root(), "dm-0").parallel_reason, "device mapper over 2 devices");
  EXPECT_EQ(device_traits(fx.root(), "vdz").parallel_reason, "virtio disk");
}

TEST(MonitorDeviceTraitsTest, DiskOfPartition) {
  EXPECT_EQ(disk_of_partition("vda1"), "vda");
  EXPECT_EQ(disk_of_partition("sdb12"), "sdb");
  EXPECT_EQ(disk_of_partition("nvme0n1p2"), "nvme0n1");
  EXPECT_EQ(disk_of_partition("mmcblk0p1"), "mmcblk0");
  EXPECT_EQ(disk_of_partition("loop7p1"), "loop7");
  EXPECT_EQ(disk_of_partition("vda"), "vda");
}

}  // namespace
}  // namespace hostmark::monitor
