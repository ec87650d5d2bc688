#include <gtest/gtest.h>

#include "core/error.h"
#include "monitor/cpu_times.h"

namespace hostmark::monitor {
namespace {

TEST(MonitorCpuTimesTest, ParsesAModernProcStat) {
  const auto s = parse_proc_stat(
      "cpu  100 2 50 800 20 5 6 7 8 9\n"
      "cpu0 60 1 30 400 10 3 3 4 4 5\n"
      "cpu1 40 1 20 400 10 2 3 3 4 4\n"
      "intr 12345 0 0\n"
      "ctxt 999\n"
      "btime 1700000000\n"
      "processes 4242\n"
      "procs_running 3\n"
      "procs_blocked 1\n");
  EXPECT_EQ(s.all.user, 100u);
  EXPECT_EQ(s.all.nice, 2u);
  EXPECT_EQ(s.all.system, 50u);
  EXPECT_EQ(s.all.idle, 800u);
  EXPECT_EQ(s.all.iowait, 20u);
  EXPECT_EQ(s.all.irq, 5u);
  EXPECT_EQ(s.all.softirq, 6u);
  EXPECT_EQ(s.all.steal, 7u);
  EXPECT_EQ(s.all.guest, 8u);
  EXPECT_EQ(s.all.guest_nice, 9u);
  ASSERT_EQ(s.per_cpu.size(), 2u);
  EXPECT_EQ(s.per_cpu[1].user, 40u);
  EXPECT_EQ(s.context_switches, 999u);
  EXPECT_EQ(s.processes_created, 4242u);
  EXPECT_EQ(s.procs_running, 3u);
  EXPECT_EQ(s.procs_blocked, 1u);
}

TEST(MonitorCpuTimesTest, OldKernelsPrintFewerFields) {
  // 2.4 kernels: user nice system idle only; 2.6.0-2.6.10: no steal.
  const auto s = parse_proc_stat("cpu 10 20 30 40\ncpu0 10 20 30 40\n");
  EXPECT_EQ(s.all.idle, 40u);
  EXPECT_EQ(s.all.iowait, 0u);
  EXPECT_EQ(s.all.steal, 0u);
  const auto t = parse_proc_stat("cpu 10 20 30 40 5 6 7\n");
  EXPECT_EQ(t.all.softirq, 7u);
  EXPECT_EQ(t.all.steal, 0u);
}

TEST(MonitorCpuTimesTest, TextWithoutACpuLineIsARunError) {
  try {
    parse_proc_stat("intr 1 2 3\nctxt 5\n");
    FAIL() << "expected a Failure";
  } catch (const Failure& f) {
    EXPECT_EQ(f.error().kind, ErrorKind::kRun);
    EXPECT_NE(std::string(f.what()).find("/proc/stat"), std::string::npos);
  }
}

TEST(MonitorCpuTimesTest, PercentagesAsIostatComputesThem) {
  CpuTimes b{100, 0, 50, 800, 20, 5, 5, 20, 10, 0};
  CpuTimes a{200, 10, 80, 1500, 70, 10, 10, 20, 60, 0};
  // Deltas: user 100 nice 10 system 30 idle 700 iowait 50 irq 5 softirq 5 steal 0 -> 900
  // ticks (guest is inside user and not added again).
  const CpuPercent p = cpu_percent(b, a);
  EXPECT_DOUBLE_EQ(p.user, 100.0 / 900 * 100);
  EXPECT_DOUBLE_EQ(p.nice, 10.0 / 900 * 100);
  EXPECT_DOUBLE_EQ(p.system, 40.0 / 900 * 100);  // system + irq + softirq
  EXPECT_DOUBLE_EQ(p.iowait, 50.0 / 900 * 100);
  EXPECT_DOUBLE_EQ(p.steal, 0.0);
  EXPECT_DOUBLE_EQ(p.idle, 700.0 / 900 * 100);
  EXPECT_NEAR(p.user + p.nice + p.system + p.iowait + p.steal + p.idle, 100.0, 1e-9);
}

TEST(MonitorCpuTimesTest, ACounterGoingBackwardsCountsAsZero) {
  // idle went back (a CPU went offline, seen on some kernels): 0, not a huge number.
  CpuTimes b{100, 0, 100, 1000, 0, 0, 0, 0, 0, 0};
  CpuTimes a{200, 0, 200, 900, 0, 0, 0, 0, 0, 0};
  const CpuPercent p = cpu_percent(b, a);
  EXPECT_DOUBLE_EQ(p.idle, 0.0);
  EXPECT_DOUBLE_EQ(p.user, 100.0 / 100 * 100);  // total 100+100-100 = 100 ticks
}

TEST(MonitorCpuTimesTest, NoTicksElapsedGivesZerosNotNan) {
  const CpuTimes t{1, 2, 3, 4, 5, 6, 7, 8, 0, 0};
  const CpuPercent p = cpu_percent(t, t);
  EXPECT_DOUBLE_EQ(p.user, 0.0);
  EXPECT_DOUBLE_EQ(p.idle, 0.0);
}

}  // namespace
}  // namespace hostmark::monitor
