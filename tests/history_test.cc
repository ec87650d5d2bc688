// monitor/history.h: rows between consecutive recorded samples, computed by hand.
#include "monitor/history.h"

#include <gtest/gtest.h>

namespace hostmark::monitor {
namespace {

DiskSample disk(const char* name, std::uint64_t rd_ios, std::uint64_t wr_ios,
                std::uint64_t rd_sectors, std::uint64_t wr_sectors) {
  DiskSample d;
  d.name = name;
  d.fields = 17;
  d.rd_ios = rd_ios;
  d.wr_ios = wr_ios;
  d.rd_sectors = rd_sectors;
  d.wr_sectors = wr_sectors;
  return d;
}

HostSample at(std::uint64_t uptime_ms, std::vector<DiskSample> disks, std::uint64_t user,
              std::uint64_t idle, const char* boot = "b1") {
  HostSample s;
  s.time_ns = static_cast<std::int64_t>(uptime_ms) * 1'000'000 + 5;
  s.boot_id = boot;
  s.disks.uptime_ms = uptime_ms;
  s.disks.disks = std::move(disks);
  s.cpu.user = user;
  s.cpu.idle = idle;
  s.virtual_disks = {"loop0"};
  s.mem.load.load1 = 2.5;
  return s;
}

TEST(HistoryBuilder, SarSummaryLeavesVirtualDevicesOut) {
  HistoryBuilder b;
  EXPECT_FALSE(
      b.add(at(10'000, {disk("vda", 100, 50, 0, 0), disk("loop0", 0, 0, 0, 0)}, 100, 300)));
  const auto row = b.add(
      at(12'000, {disk("vda", 300, 70, 4000, 800), disk("loop0", 1000, 0, 9999, 0)}, 150, 450));
  ASSERT_TRUE(row);
  EXPECT_EQ(row->time_ns, 12'000'000'005);
  EXPECT_DOUBLE_EQ(row->interval_s, 2.0);
  EXPECT_DOUBLE_EQ(row->io.rtps, 100.0);  // 200 reads / 2 s
  EXPECT_DOUBLE_EQ(row->io.wtps, 10.0);   // 20 writes / 2 s
  EXPECT_DOUBLE_EQ(row->io.tps, 110.0);
  EXPECT_DOUBLE_EQ(row->io.bread_s, 2000.0);  // 4000 sectors / 2 s
  EXPECT_DOUBLE_EQ(row->io.bwrtn_s, 400.0);
  EXPECT_DOUBLE_EQ(row->cpu.user, 25.0);  // 50 of 200 ticks
  EXPECT_DOUBLE_EQ(row->cpu.idle, 75.0);
  EXPECT_DOUBLE_EQ(row->mem.load.load1, 2.5);
  EXPECT_FALSE(row->device);
}

TEST(HistoryBuilder, ANewBootOrAClockGoingBackStartsOver) {
  HistoryBuilder b;
  EXPECT_FALSE(b.add(at(10'000, {disk("vda", 100, 0, 0, 0)}, 1, 1)));
  EXPECT_FALSE(b.add(at(3'000, {disk("vda", 5, 0, 0, 0)}, 1, 1, "b2")));  // rebooted
  const auto row = b.add(at(4'000, {disk("vda", 15, 0, 0, 0)}, 2, 2, "b2"));
  ASSERT_TRUE(row);
  EXPECT_DOUBLE_EQ(row->io.rtps, 10.0);  // against the new boot's first sample
  EXPECT_FALSE(b.add(at(4'000, {disk("vda", 20, 0, 0, 0)}, 3, 3, "b2")));  // no time passed
}

TEST(HistoryBuilder, DevicesThatComeAndGoAreLeftOutOfTheirInterval) {
  HistoryBuilder b;
  b.add(at(1'000, {disk("vda", 0, 0, 0, 0)}, 0, 0));
  const auto row = b.add(at(2'000, {disk("vda", 7, 0, 0, 0), disk("sdb", 5000, 0, 0, 0)}, 1, 1));
  ASSERT_TRUE(row);
  EXPECT_DOUBLE_EQ(row->io.rtps, 7.0);  // sdb's counters since its plug-in are not one second's
}

TEST(HistoryBuilder, OneDevice) {
  HistoryBuilder b("loop0");
  b.add(at(1'000, {disk("vda", 0, 0, 0, 0), disk("loop0", 0, 0, 0, 0)}, 0, 0));
  const auto row = b.add(at(3'000, {disk("vda", 8, 0, 0, 0), disk("loop0", 1000, 4, 0, 0)}, 1, 1));
  ASSERT_TRUE(row && row->device);
  EXPECT_DOUBLE_EQ(row->device->r_s, 500.0);
  EXPECT_DOUBLE_EQ(row->device->w_s, 2.0);
  EXPECT_DOUBLE_EQ(row->io.rtps, 4.0);  // the summary still leaves the virtual loop0 out

  HistoryBuilder missing("sdz");
  missing.add(at(1'000, {disk("vda", 0, 0, 0, 0)}, 0, 0));
  EXPECT_FALSE(missing.add(at(2'000, {disk("vda", 1, 0, 0, 0)}, 1, 1)));
}

}  // namespace
}  // namespace hostmark::monitor
