// disk_rates() against numbers worked out by hand from iostat's definitions (man iostat,
// Documentation/admin-guide/iostats.rst).
#include <gtest/gtest.h>

#include "monitor/disk_sample.h"

namespace hostmark::monitor {
namespace {

DiskSample rates_sample(std::uint64_t rd_ios, std::uint64_t rd_merges, std::uint64_t rd_sectors,
                        std::uint64_t rd_ticks, std::uint64_t wr_ios, std::uint64_t wr_merges,
                        std::uint64_t wr_sectors, std::uint64_t wr_ticks, std::uint64_t io_ticks,
                        std::uint64_t in_queue) {
  DiskSample s;
  s.name = "sda";
  s.fields = 17;
  s.rd_ios = rd_ios, s.rd_merges = rd_merges, s.rd_sectors = rd_sectors, s.rd_ticks_ms = rd_ticks;
  s.wr_ios = wr_ios, s.wr_merges = wr_merges, s.wr_sectors = wr_sectors, s.wr_ticks_ms = wr_ticks;
  s.io_ticks_ms = io_ticks, s.time_in_queue_ms = in_queue;
  return s;
}

TEST(MonitorDiskRatesTest, GoldenValuesOverTwoSeconds) {
  DiskSample b = rates_sample(100, 10, 800, 50, 200, 0, 3200, 400, 1000, 2000);
  b.fl_ios = 5, b.fl_ticks_ms = 10;
  DiskSample a = rates_sample(300, 60, 2400, 450, 300, 25, 5200, 900, 1500, 3800);
  a.dc_ios = 4, a.dc_sectors = 8192, a.dc_ticks_ms = 12;
  a.fl_ios = 15, a.fl_ticks_ms = 30;
  // Deltas: 200 reads (50 merges, 1600 sectors, 400 ms), 100 writes (25 merges, 2000
  // sectors, 500 ms), 4 discards (8192 sectors, 12 ms), 10 flushes (20 ms), busy 500 ms,
  // 1800 ms of queue time, over 2 s.
  const DiskRates r = disk_rates(b, a, 2.0);
  EXPECT_DOUBLE_EQ(r.r_s, 100.0);
  EXPECT_DOUBLE_EQ(r.w_s, 50.0);
  EXPECT_DOUBLE_EQ(r.d_s, 2.0);
  EXPECT_DOUBLE_EQ(r.f_s, 5.0);
  EXPECT_DOUBLE_EQ(r.tps, 152.0);    // (200 + 100 + 4) / 2: flushes not counted
  EXPECT_DOUBLE_EQ(r.rkb_s, 400.0);  // 1600 sectors * 512 B / 1024 / 2 s
  EXPECT_DOUBLE_EQ(r.wkb_s, 500.0);
  EXPECT_DOUBLE_EQ(r.dkb_s, 2048.0);
  EXPECT_DOUBLE_EQ(r.rrqm_s, 25.0);
  EXPECT_DOUBLE_EQ(r.wrqm_s, 12.5);
  EXPECT_DOUBLE_EQ(r.drqm_s, 0.0);
  EXPECT_DOUBLE_EQ(r.rrqm_pct, 20.0);  // 50 merged of 50 + 200
  EXPECT_DOUBLE_EQ(r.wrqm_pct, 20.0);  // 25 of 125
  EXPECT_DOUBLE_EQ(r.drqm_pct, 0.0);
  EXPECT_DOUBLE_EQ(r.r_await_ms, 2.0);
  EXPECT_DOUBLE_EQ(r.w_await_ms, 5.0);
  EXPECT_DOUBLE_EQ(r.d_await_ms, 3.0);
  EXPECT_DOUBLE_EQ(r.f_await_ms, 2.0);
  EXPECT_DOUBLE_EQ(r.rareq_kb, 4.0);
  EXPECT_DOUBLE_EQ(r.wareq_kb, 10.0);
  EXPECT_DOUBLE_EQ(r.dareq_kb, 1024.0);
  EXPECT_DOUBLE_EQ(r.aqu_sz, 0.9);
  EXPECT_DOUBLE_EQ(r.util_pct, 25.0);
  EXPECT_EQ(r.rd_sectors, 1600u);
  EXPECT_EQ(r.ios, 314u);
}

TEST(MonitorDiskRatesTest, NoRequestsMeansZerosNotNan) {
  const DiskSample s = rates_sample(5, 0, 40, 3, 0, 0, 0, 0, 7, 9);
  const DiskRates r = disk_rates(s, s, 1.0);
  EXPECT_DOUBLE_EQ(r.r_await_ms, 0.0);
  EXPECT_DOUBLE_EQ(r.rareq_kb, 0.0);
  EXPECT_DOUBLE_EQ(r.rrqm_pct, 0.0);
  EXPECT_DOUBLE_EQ(r.util_pct, 0.0);
}

TEST(MonitorDiskRatesTest, ThirtyTwoBitCountersWrap) {
  // A 32-bit kernel's unsigned long wrapped between the samples.
  const DiskSample b = rates_sample(0xfffffff0u, 0, 0xffffff00u, 0xfffffff6u, 10, 0, 80, 5, 0, 0);
  const DiskSample a = rates_sample(0x10, 0, 0x100, 10, 20, 0, 160, 10, 0, 0);
  const DiskRates r = disk_rates(b, a, 1.0);
  EXPECT_DOUBLE_EQ(r.r_s, 32.0);              // 0x20 requests
  EXPECT_DOUBLE_EQ(r.rkb_s, 512.0 / 2);       // 0x200 sectors
  EXPECT_DOUBLE_EQ(r.r_await_ms, 20.0 / 32);  // ticks wrapped: 9 + 1 + 10 = 20 ms
}

TEST(MonitorDiskRatesTest, ALargeCounterGoingBackwardsCountsAsZero) {
  // Reads went on, but the written-sector counter (above 32 bits) went back: 0, not 2^64-ish.
  const DiskSample b = rates_sample(10, 0, 80, 5, 10, 0, 0x200000000ull, 5, 100, 100);
  const DiskSample a = rates_sample(20, 0, 160, 10, 10, 0, 0x100000000ull, 5, 90, 100);
  const DiskRates r = disk_rates(b, a, 1.0);
  EXPECT_DOUBLE_EQ(r.wkb_s, 0.0);
  EXPECT_EQ(r.wr_sectors, 0u);
  EXPECT_DOUBLE_EQ(r.r_s, 10.0);
  EXPECT_DOUBLE_EQ(r.util_pct, 0.0);  // io_ticks went back: 0, as sysstat
}

TEST(MonitorDiskRatesTest, ADeviceThatRestartedIsComputedAgainstZero) {
  // Removed and added again: fewer requests and fewer sectors than before.
  const DiskSample b = rates_sample(1000, 0, 8000, 500, 1000, 0, 8000, 500, 4000, 4000);
  const DiskSample a = rates_sample(10, 0, 80, 20, 5, 0, 40, 10, 30, 30);
  const DiskRates r = disk_rates(b, a, 2.0);
  EXPECT_DOUBLE_EQ(r.r_s, 5.0);
  EXPECT_DOUBLE_EQ(r.w_s, 2.5);
  EXPECT_DOUBLE_EQ(r.rkb_s, 20.0);  // 80 sectors = 40 KiB over 2 s
  EXPECT_DOUBLE_EQ(r.r_await_ms, 2.0);
  EXPECT_DOUBLE_EQ(r.util_pct, 1.5);  // 30 ms of 2000
}

TEST(MonitorDiskRatesTest, OldElevenFieldKernelsHaveNoDiscardOrFlush) {
  DiskSample b = rates_sample(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
  DiskSample a = rates_sample(4, 0, 32, 8, 0, 0, 0, 0, 8, 8);
  b.fields = a.fields = 11;
  const DiskRates r = disk_rates(b, a, 1.0);
  EXPECT_DOUBLE_EQ(r.d_s, 0.0);
  EXPECT_DOUBLE_EQ(r.f_await_ms, 0.0);
  EXPECT_DOUBLE_EQ(r.r_s, 4.0);
}

}  // namespace
}  // namespace hostmark::monitor
