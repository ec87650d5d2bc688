// The doctor's pure parts: /proc parsing, the host, storage and database judgements against
// their documented thresholds, device classes, the probes' fio arguments.
#include <gtest/gtest.h>

#include <algorithm>

#include "commands/doctor/budget.h"
#include "commands/doctor/db_check.h"
#include "commands/doctor/device_classes.h"
#include "commands/doctor/host_assess.h"
#include "commands/doctor/storage_assess.h"
#include "commands/doctor/storage_check.h"

namespace hostmark::doctor {
namespace {

constexpr std::uint64_t kSecondNs = 1'000'000'000;

HostProbe probe_at(std::uint64_t t_s) {
  HostProbe h;
  h.monotonic_ns = t_s * kSecondNs;
  h.memory.memory.total_bytes = 8ull << 30;
  h.memory.memory.available_bytes = 4ull << 30;
  h.cpu.idle = 1000 * t_s;
  h.psi_memory = Pressure{0, 0};
  h.psi_cpu = Pressure{0, 0};
  h.psi_io = Pressure{0, 0};
  return h;
}

TEST(DoctorProbeTest, ParsesVmstatSwapAndPressure) {
  const SwapCounters c = parse_vmstat_swap("nr_free_pages 5\npswpin 120\npswpout 7\npgfault 9\n");
  EXPECT_EQ(c.pswpin, 120u);
  EXPECT_EQ(c.pswpout, 7u);
  const auto p = parse_pressure(
      "some avg10=0.00 avg60=0.31 avg300=0.41 total=442476710\n"
      "full avg10=0.00 avg60=0.29 avg300=0.36 total=236554528\n");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->some_total_us, 442476710u);
  EXPECT_EQ(p->full_total_us, 236554528u);
  EXPECT_FALSE(parse_pressure("").has_value());
  EXPECT_DOUBLE_EQ(stall_percent(0, 500'000, 10), 5.0);
  EXPECT_DOUBLE_EQ(stall_percent(0, 50'000'000, 10), 100.0);
}

TEST(DoctorAssessTest, IdleHostIsOk) {
  const HostProbe a = probe_at(0);
  const HostProbe b = probe_at(5);
  EXPECT_EQ(assess_memory(a, b).severity, Severity::kOk);
  EXPECT_EQ(assess_cpu(a, b, 2).severity, Severity::kOk);
}

TEST(DoctorAssessTest, SwappingIsAMemoryBottleneck) {
  const HostProbe a = probe_at(0);
  HostProbe b = probe_at(5);
  b.swap.pswpin = 5 * 400;  // 400 pages/s
  const Finding f = assess_memory(a, b);
  EXPECT_EQ(f.severity, Severity::kBottleneck);
  EXPECT_EQ(f.conclusion, "memory is the bottleneck");
  EXPECT_DOUBLE_EQ(f.score, 4.0);
  b.swap.pswpin = 10;  // 2 pages/s: a warning
  EXPECT_EQ(assess_memory(a, b).severity, Severity::kWarning);
  b.swap.pswpin = 0;
  b.psi_memory = Pressure{0, 1'000'000};  // all tasks stalled 20% of 5 s
  EXPECT_EQ(assess_memory(a, b).severity, Severity::kBottleneck);
}

TEST(DoctorAssessTest, StealAndBusyCpusAreCpuFindings) {
  const HostProbe a = probe_at(0);
  HostProbe b = probe_at(5);
  b.cpu.idle = 800;
  b.cpu.steal = 200;  // 20% steal
  Finding f = assess_cpu(a, b, 2);
  EXPECT_EQ(f.severity, Severity::kBottleneck);
  EXPECT_EQ(f.conclusion, "the hypervisor is the bottleneck");
  b.cpu.steal = 0;
  b.cpu.idle = 20;
  b.cpu.user = 980;
  b.memory.load.load1 = 8;  // 4 per CPU
  f = assess_cpu(a, b, 2);
  EXPECT_EQ(f.severity, Severity::kBottleneck);
  EXPECT_EQ(f.conclusion, "the CPUs are the bottleneck");
  b.memory.load.load1 = 1;  // busy but not queueing: a warning
  EXPECT_EQ(assess_cpu(a, b, 2).severity, Severity::kWarning);
  b.cpu.user = 0;
  b.cpu.idle = 700;
  b.cpu.iowait = 300;  // 30% iowait: a warning that points at storage
  f = assess_cpu(a, b, 2);
  EXPECT_EQ(f.severity, Severity::kWarning);
  EXPECT_NE(f.summary.find("iowait"), std::string::npos) << f.summary;
}

TEST(DoctorAssessTest, TopIoProcessesLeaveOutSelfAndIdleOnes) {
  monitor::ProcessSnapshot after;
  for (int pid : {10, 20, 30, 40}) {
    monitor::TaskSample t;
    t.pid = t.tid = pid;
    t.comm = "p" + std::to_string(pid);
    after.tasks.push_back(t);
  }
  monitor::SnapshotDelta d;
  d.interval_s = 2;
  const std::uint64_t bytes[] = {2'000'000, 0, 200'000'000, 50'000'000};
  for (std::size_t i = 0; i < 4; ++i) {
    monitor::TaskDelta t;
    t.task = &after.tasks[i];
    t.has_io = true;
    t.io.write_bytes = bytes[i];
    d.tasks.push_back(t);
  }
  const auto top = top_io_processes(d, 40, 3);
  ASSERT_EQ(top.size(), 2u);
  EXPECT_EQ(top[0].pid, 30);
  EXPECT_DOUBLE_EQ(top[0].write_bytes_per_s, 100e6);
  EXPECT_EQ(top[1].pid, 10);
  const Finding f = assess_processes(top, 2, 0);
  EXPECT_EQ(f.severity, Severity::kWarning);  // 100 MB/s >= 50 MB/s
  EXPECT_EQ(assess_processes({}, 2, 0).severity, Severity::kOk);
}

std::vector<StorageFigure> class_figures(const std::string& name, double factor = 1) {
  for (const auto& c : device_classes()) {
    if (c.name != name) continue;
    std::vector<StorageFigure> out = c.figures;
    for (auto& f : out) f.value = f.higher_is_better ? f.value / factor : f.value * factor;
    return out;
  }
  ADD_FAILURE() << name;
  return {};
}

TEST(DoctorStorageTest, SdCardFiguresAreTheBottleneckWithAHint) {
  const Finding f =
      assess_storage(class_figures("an SD card or USB stick"), "ext4 on mmcblk0 (/)", true);
  EXPECT_EQ(f.severity, Severity::kBottleneck);
  EXPECT_EQ(f.conclusion, "storage is the bottleneck");
  EXPECT_EQ(f.hint, "an SD card or USB stick?");
  // The worst figure against a SATA SSD: random 4K write at QD32, 300 vs 60000 IOPS = 200x.
  EXPECT_EQ(f.summary, "random 4K write (QD32) = 300 IOPS, 200x a SATA SSD");
  EXPECT_DOUBLE_EQ(f.score, 200);
}

TEST(DoctorStorageTest, SataAndNvmeFiguresAreHealthy) {
  EXPECT_EQ(assess_storage(class_figures("a SATA SSD"), "x", true).severity, Severity::kOk);
  const Finding nvme = assess_storage(class_figures("an NVMe SSD"), "x", true);
  EXPECT_EQ(nvme.severity, Severity::kOk);
  EXPECT_TRUE(nvme.hint.empty());
  // Five times a SATA SSD's latencies and a fifth of its throughput: a warning, no conclusion.
  const Finding slow = assess_storage(class_figures("a SATA SSD", 5), "x", true);
  EXPECT_EQ(slow.severity, Severity::kWarning);
  EXPECT_TRUE(slow.conclusion.empty());
  const Finding none = assess_storage({}, "x", true);
  EXPECT_FALSE(none.measured);
}

TEST(DoctorStorageTest, ClosestDeviceClassAndRatios) {
  EXPECT_EQ(closest_device_class(class_figures("a 7200 rpm HDD", 1.2))->name, "a 7200 rpm HDD");
  EXPECT_EQ(closest_device_class({}), nullptr);
  EXPECT_DOUBLE_EQ(*times_worse({kWriteQd1P99, 120000, false}, 3000), 40);
  EXPECT_DOUBLE_EQ(*times_worse({kReadQd32Iops, 800, true}, 80000), 100);
  EXPECT_FALSE(times_worse({kReadQd32Iops, 0, true}, 80000).has_value());
  EXPECT_EQ(storage_figure_value({kWriteQd1P99, 120000, false}), "120 ms");
  EXPECT_EQ(storage_figure_value({kReadQd1P50, 85, false}), "85 us");
}

TEST(DoctorStorageTest, ProbeArgumentsAreDiskTestsWithDirectAndRate) {
  StoragePlan plan;
  plan.target.path = "/var/tmp/x/hostmark-disk.tmp";
  plan.target.size_bytes = 8 << 20;
  plan.probe_ns = 2 * kSecondNs;
  const auto steps = storage_probe_steps();
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_EQ(steps[0].name(), "RND4K Q1T1 read");
  EXPECT_EQ(steps[3].name(), "RND4K Q32T1 write");
  EXPECT_EQ(steps[4].name(), "SEQ1M Q8T1 read");
  auto a = storage_probe_arguments(steps[1], plan);
  EXPECT_NE(std::find(a.begin(), a.end(), "--direct=1"), a.end());
  EXPECT_NE(std::find(a.begin(), a.end(), "--rw=randwrite"), a.end());
  EXPECT_EQ(std::find_if(a.begin(), a.end(),
                         [](const std::string& s) { return s.rfind("--rate_iops", 0) == 0; }),
            a.end());
  plan.direct = false;
  plan.rate_iops = 20;
  a = storage_probe_arguments(steps[1], plan);
  EXPECT_NE(std::find(a.begin(), a.end(), "--direct=0"), a.end());
  EXPECT_NE(std::find(a.begin(), a.end(), "--rate_iops=20"), a.end());
  const auto prep = storage_prepare_arguments(plan);
  EXPECT_NE(std::find(prep.begin(), prep.end(), "--direct=0"), prep.end());
}

TEST(DoctorDbTest, SlowCommitsAreAWarning) {
  Phase rw;
  rw.name = "read-write";
  rw.metrics = {{"tps", 10, "transactions/s"}};
  Phase ps;
  ps.name = "point-select";
  ps.metrics = {{"tps", 20000, "transactions/s"}};
  ps.latency = LatencyStats{};
  ps.latency->percentiles_ns = {{50, 40'000}, {95, 90'000}};
  Finding f = assess_db({rw, ps}, "sqlite:/x");
  EXPECT_EQ(f.severity, Severity::kWarning);
  EXPECT_DOUBLE_EQ(f.score, 5);
  rw.metrics[0].value = 900;
  f = assess_db({rw, ps}, "sqlite:/x");
  EXPECT_EQ(f.severity, Severity::kOk);
  EXPECT_FALSE(assess_db({}, "sqlite:/x").measured);
}

TEST(DoctorBudgetTest, SixtySecondsSplitAsDocumented) {
  const Budget b = doctor_budget(kDefaultDurationNs);
  EXPECT_EQ(b.host_sample_ns, 5 * kSecondNs);
  EXPECT_EQ(b.probe_ns, 8 * kSecondNs);
  EXPECT_EQ(b.db_phase_ns, 3 * kSecondNs);
  EXPECT_EQ(doctor_budget(kSecondNs).host_sample_ns, 100'000'000u);  // the 0.1 s floor
}

}  // namespace
}  // namespace hostmark::doctor
