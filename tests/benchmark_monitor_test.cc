// --monitor on `hostmark fio`, `hostmark sysbench fileio` and `hostmark db`, driven as a user
// would on /var/tmp: the activity is in each output format, watches the disk the storage
// description names, and (when there is a disk) the device saw the O_DIRECT reads hostmark made.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "run_binary.h"
#include "scratch_dir.h"
#include "sysbench_fileio_env.h"

namespace hostmark {
namespace {

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// What every activity object holds; `disk` is the one the storage description names.
void expect_activity(const nlohmann::json& a, const std::string& disk) {
  EXPECT_GT(a["interval_s"].get<double>(), 0.0) << a;
  EXPECT_EQ(a["disk"], disk);
  EXPECT_TRUE(a["cpu"].contains("iowait")) << a;
  EXPECT_GE(a["process_cpu_s"].get<double>(), 0.0);
  EXPECT_EQ(a.contains("device"), !disk.empty()) << a;
}

std::vector<std::string> fio_args(const ScratchDir& d, std::vector<std::string> more) {
  std::vector<std::string> a = {"fio",        "--name=m",        "--filename=" + d.file("m"),
                                "--size=8M",  "--rw=read",       "--bs=64k",
                                "--direct=1", "--ioengine=psync"};
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

TEST(BenchmarkMonitorCli, FioJsonHasTheActivityInItsHostmarkObject) {
  ScratchDir d;
  const RunOutput r = run_hostmark(fio_args(d, {"--monitor", "--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& h = j["hostmark"];
  ASSERT_TRUE(h.contains("activity")) << h;
  const std::string disk = h["storage"][0].value("disk", "");
  expect_activity(h["activity"], disk);
  if (!disk.empty()) {  // the 8 MiB read O_DIRECT after the layout reached the disk
    const double read_bytes = j["jobs"][0]["read"]["io_bytes"].get<double>();
    ASSERT_GT(read_bytes, 0.0);
    EXPECT_GT(h["activity"].at("device").at("read_kib").get<double>() * 1024, read_bytes * 0.5)
        << h;
  }

  const RunOutput plain = run_hostmark(fio_args(d, {"--output-format=json"}));
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_FALSE(nlohmann::json::parse(plain.out)["hostmark"].contains("activity"));
}

TEST(BenchmarkMonitorCli, FioNormalTextEndsWithTheActivityBlock) {
  ScratchDir d;
  const RunOutput r = run_hostmark(fio_args(d, {"--monitor"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto block = r.out.find("While each phase ran (--monitor)");
  ASSERT_NE(block, std::string::npos) << r.out;
  EXPECT_LT(r.out.find("Run status group 0 (all jobs):"), block) << "fio's text comes first";
  EXPECT_TRUE(contains(r.out.substr(block), "all jobs")) << r.out;
  EXPECT_FALSE(contains(run_hostmark(fio_args(d, {})).out, "--monitor"));
}

std::vector<std::string> fileio_run(std::vector<std::string> more) {
  std::vector<std::string> a = {"--file-total-size=16M",
                                "--file-num=2",
                                "--file-test-mode=seqrd",
                                "--file-extra-flags=direct",
                                "--file-block-size=64k",
                                "--events=200",
                                "--time=0",
                                "run"};
  a.insert(a.end() - 1, more.begin(), more.end());
  return a;
}

TEST(BenchmarkMonitorCli, SysbenchFileioJsonCsvAndText) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  CwdGuard cwd(dir.path());
  ASSERT_EQ(fileio({"--file-total-size=16M", "--file-num=2", "prepare"}).exit_code, 0);

  const RunOutput r = fileio(fileio_run({"--monitor", "--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& phase = j["phases"][0];
  ASSERT_TRUE(phase.contains("activity")) << phase;
  const std::string disk = j["storage"][0].value("disk", "");
  expect_activity(phase["activity"], disk);
  if (!disk.empty()) {
    double read_bytes = 0;
    for (const auto& m : phase["metrics"])
      if (m["name"] == "read_bytes") read_bytes = m["value"].get<double>();
    EXPECT_EQ(read_bytes, 200.0 * 65536);  // 200 events of 64 KiB
    EXPECT_GT(phase["activity"].at("device").at("read_kib").get<double>() * 1024, read_bytes * 0.5);
  }

  const RunOutput csv = fileio(fileio_run({"--monitor=on", "--output-format=csv"}));
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_TRUE(contains(csv.out, "sysbench fileio,fileio,activity_cpu_iowait,")) << csv.out;
  EXPECT_EQ(contains(csv.out, "sysbench fileio,fileio,activity_device_r_s,"), !disk.empty());

  const RunOutput text = fileio(fileio_run({"--monitor"}));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const auto block = text.out.find("While each phase ran (--monitor)");
  ASSERT_NE(block, std::string::npos) << text.out;
  EXPECT_LT(text.out.find("Latency (ms):"), block) << "after sysbench's report";

  const RunOutput plain = fileio(fileio_run({"--output-format=json"}));
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_FALSE(nlohmann::json::parse(plain.out)["phases"][0].contains("activity"));
  ASSERT_EQ(fileio({"--file-total-size=16M", "--file-num=2", "cleanup"}).exit_code, 0);
}

TEST(BenchmarkMonitorCli, SysbenchMonitorIsForStorageTestsOnly) {
  const RunOutput r = run_hostmark({"sysbench", "cpu", "--monitor", "--time=1", "run"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "hostmark: --monitor: the 'cpu' test uses no disk; only storage tests (fileio) watch "
            "one\n");
}

std::vector<std::string> db_args(std::vector<std::string> more) {
  std::vector<std::string> a = {"db",           "--tables=1", "--table-size=200",
                                "--time=200ms", "--warmup=0", "--threads=1"};
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

TEST(BenchmarkMonitorCli, DbEveryPhaseHasItsActivity) {
  const RunOutput r = run_hostmark(db_args({"--monitor", "--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const std::string disk = j["storage"][0].value("disk", "");
  ASSERT_EQ(j["phases"].size(), 4u);  // prepare, read-write, read-only, point-select
  for (const auto& p : j["phases"]) {
    ASSERT_TRUE(p.contains("activity")) << p["name"];
    expect_activity(p["activity"], disk);
  }

  const RunOutput text = run_hostmark(db_args({"--monitor"}));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const auto block = text.out.find("While each phase ran (--monitor)");
  ASSERT_NE(block, std::string::npos) << text.out;
  EXPECT_TRUE(contains(text.out.substr(block), "point-select")) << text.out;
}

TEST(BenchmarkMonitorCli, DbMonitorDiskMustBeADisk) {
  const RunOutput r = run_hostmark(db_args({"--monitor", "--monitor-disk=no-such-disk"}));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "hostmark: --monitor-disk: 'no-such-disk' is not a disk in /sys/block\n");
}

}  // namespace
}  // namespace hostmark
