// monitor/phase_monitor.h over a fixture /proc and /sys whose counters change between the two
// samples, and `hostmark disk --monitor` on this machine's disk.
#include "monitor/phase_monitor.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark::monitor {
namespace {

void write(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path) << text;
}

// uptime in seconds; vdz's reads, read sectors, read ticks, io_ticks, queue time; CPU ticks.
void host(const ScratchDir& root, const char* uptime, const char* vdz_stat, const char* cpu) {
  write(root.file("proc/uptime"), std::string(uptime) + " 1.00\n");
  write(root.file("proc/stat"), std::string("cpu  ") + cpu + "\ncpu0 " + cpu + "\n");
  write(root.file("sys/block/vdz/stat"), vdz_stat);
  write(root.file("sys/block/vdz/dev"), "254:0\n");
}

TEST(PhaseMonitor, RatesOfTheDiskAndCpusBetweenStartAndFinish) {
  ScratchDir root;
  std::filesystem::create_directories(root.file("sys/block/vdz/device"));
  //                     rd  rm  sect  tck  wr wm ws wt inf  io  q   dc dm ds dt  fl ft
  host(root, "100.00", "100 0 800 50 0 0 0 0 0 200 50 0 0 0 0 0 0\n", "100 0 50 800 50 0 0 0 0 0");
  const PhaseMonitor watch("vdz", root.path());
  host(root, "102.00", "500 0 4000 450 0 0 0 0 0 2200 4050 0 0 0 0 0 0\n",
       "150 0 100 900 150 0 0 0 0 0");
  const PhaseActivity a = watch.finish();
  EXPECT_DOUBLE_EQ(a.interval_s, 2.0);
  EXPECT_EQ(a.disk, "vdz");
  ASSERT_TRUE(a.device);
  EXPECT_DOUBLE_EQ(a.device->r_s, 200.0);       // 400 reads in 2 s
  EXPECT_DOUBLE_EQ(a.device->rkb_s, 800.0);     // 3200 sectors = 1600 KiB in 2 s
  EXPECT_DOUBLE_EQ(a.device->r_await_ms, 1.0);  // 400 ms of read ticks / 400 reads
  EXPECT_DOUBLE_EQ(a.device->util_pct, 100.0);  // 2000 ms busy in 2000 ms
  EXPECT_DOUBLE_EQ(a.device->aqu_sz, 2.0);      // 4000 ms of queue time in 2000 ms
  EXPECT_DOUBLE_EQ(a.cpu.iowait, 100.0 / 3);    // 100 of 300 ticks
  EXPECT_GE(a.process_cpu_s, 0.0);
}

TEST(PhaseMonitor, NoDiskMeansCpuOnly) {
  ScratchDir root;
  host(root, "10.00", "1 0 0 0 0 0 0 0 0 0 0\n", "1 0 1 1 0 0 0 0 0 0");
  const PhaseMonitor watch("", root.path());
  host(root, "11.00", "9 0 0 0 0 0 0 0 0 0 0\n", "2 0 2 2 0 0 0 0 0 0");
  const PhaseActivity a = watch.finish();
  EXPECT_FALSE(a.device);
  EXPECT_DOUBLE_EQ(a.cpu.user, 100.0 / 3);
}

// The whole disk under /var/tmp, as /sys/block names it; "" when there is none.
TEST(PhaseMonitorCli, DiskMonitorShowsTheDeviceDuringEachTest) {
  ScratchDir dir;
  const RunOutput r =
      run_hostmark({"disk", dir.path(), "--profile=standard", "--read-only", "--loops=1",
                    "--duration=0.3", "--size=16M", "--monitor", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const std::string disk = j["storage"][0].value("disk", "");
  ASSERT_FALSE(j["phases"].empty());
  for (const auto& p : j["phases"]) {
    ASSERT_TRUE(p.contains("activity")) << p["name"];
    const auto& a = p["activity"];
    EXPECT_GT(a["interval_s"].get<double>(), 0.2) << p["name"];
    EXPECT_GT(a["process_cpu_s"].get<double>(), 0.0) << p["name"];
    EXPECT_EQ(a["disk"], disk);
    if (disk.empty()) continue;  // tmpfs or overlay on nothing: CPU only
    // O_DIRECT reads reach the device: it read at least half of what hostmark read in the
    // phase (counts of requests differ: the block layer merges sequential ones).
    const auto metric = [&](const char* name) {
      for (const auto& m : p["metrics"])
        if (m["name"] == name) return m["value"].get<double>();
      return 0.0;
    };
    const double read_bytes = metric("mb_per_s") * 1e6 * p["duration_s"].get<double>();
    EXPECT_GT(a["device"]["read_kib"].get<double>() * 1024, read_bytes * 0.5) << p;
  }
  const RunOutput text = run_hostmark({"disk", dir.path(), "--profile=standard", "--read-only",
                                       "--loops=1", "--duration=0.2", "--size=16M", "--monitor"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("While each phase ran (--monitor)"), std::string::npos) << text.out;
}

TEST(PhaseMonitorCli, FsMonitorShowsTheDeviceDuringEachTest) {
  ScratchDir dir;
  const RunOutput r = run_hostmark({"fs", dir.path(), "--quick", "--keep-cache", "--monitor",
                                    "--seed=1", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const std::string disk = j["storage"][0].value("disk", "");
  ASSERT_GE(j["phases"].size(), 10u);  // putc, write, rewrite, getc, read, seeks, 2 x 4 file ops
  double written_kib = 0;
  for (const auto& p : j["phases"]) {
    ASSERT_TRUE(p.contains("activity")) << p["name"];
    EXPECT_EQ(p["activity"]["disk"], disk);
    if (p["activity"].contains("device"))
      written_kib += p["activity"]["device"]["written_kib"].get<double>();
  }
  // The block write test writes 64 MiB through the page cache: whatever is flushed while the
  // tests run reaches the disk, so the disk saw writes (unless the directory has no disk).
  if (!disk.empty()) {
    EXPECT_GT(written_kib, 0.0);
  }

  const RunOutput plain = run_hostmark(
      {"fs", dir.path(), "--quick", "--keep-cache", "--seed=1", "--output-format=json"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const auto plain_json = nlohmann::json::parse(plain.out);  // outlives the loop below
  for (const auto& p : plain_json["phases"])
    EXPECT_FALSE(p.contains("activity")) << "without --monitor";
}

}  // namespace
}  // namespace hostmark::monitor
