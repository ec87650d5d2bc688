// `hostmark fio` driven as a user would: the seed command lines (smaller sizes and runtimes),
// machine output that stays machine-readable, partial results on SIGINT with no created file
// left behind, ENOSPC on a small tmpfs, and one-line usage errors.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/mount.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "run_binary.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

class ScratchDir {
 public:
  ScratchDir() {
    std::string tmpl = "/var/tmp/hostmark-fio-XXXXXX";
    if (mkdtemp(tmpl.data()) != nullptr) path_ = tmpl;
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }
  std::string file(const std::string& name) const { return path_ + "/" + name; }
  bool empty() const { return fs::is_empty(path_); }

 private:
  std::string path_;
};

nlohmann::json parse_json(const RunOutput& r) {
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << "stdout is not JSON:\n" << r.out;
  return j;
}

std::uint64_t dir_ios(const nlohmann::json& job, const char* dir) { return job[dir]["total_ios"].get<std::uint64_t>(); }

TEST(FioCliTest, SeedRandrwDefaultsPrintFiosLayoutAndRemoveTheFile) {
  ScratchDir d;
  const RunOutput r = run_hostmark({"fio", "--filename=" + d.file("fio_test"), "--size=4M", "--rw=randrw", "--bs=4k",
                                    "--name=fio_test"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("fio_test: (groupid=0, jobs=1): err= 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  read: IOPS="), std::string::npos);
  EXPECT_NE(r.out.find("  write: IOPS="), std::string::npos);
  EXPECT_NE(r.out.find("Run status group 0 (all jobs):"), std::string::npos);
  EXPECT_EQ(r.out.find("Laying out"), std::string::npos) << "layout messages belong on stderr";
  EXPECT_TRUE(d.empty()) << "the file hostmark created must be removed";
}

TEST(FioCliTest, SeedDeepQueueSixteenThreadsGroupReported) {
  ScratchDir d;
  const RunOutput r = run_hostmark({"fio", "--filename=" + d.file("fio_test"), "--size=1M", "--rw=randrw", "--bs=4k",
                                    "--iodepth=32", "--numjobs=16", "--thread", "--group_reporting",
                                    "--name=fio_test", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = parse_json(r);
  ASSERT_EQ(j["jobs"].size(), 1u) << "group_reporting merges the 16 threads";
  const auto& job = j["jobs"][0];
  // Each of the 16 threads moves size= bytes: 16 x 256 blocks of 4 KiB.
  EXPECT_EQ(dir_ios(job, "read") + dir_ios(job, "write"), 16u * 256u);
  EXPECT_EQ(job["read"]["io_bytes"].get<std::uint64_t>() + job["write"]["io_bytes"].get<std::uint64_t>(), 16u << 20);
  EXPECT_TRUE(d.empty());
}

TEST(FioCliTest, SeedDirectLibaioWriteThenReadonlyRead) {
  ScratchDir d;
  const std::string file = d.file("testfile-rand-4g");
  {  // the user's existing test file: hostmark must never remove it
    std::ofstream f(file);
    f << std::string(64 << 20, 'a');
  }
  const RunOutput w = run_hostmark({"fio", "--filename=" + file, "--size=64M", "--direct=1", "--rw=randwrite", "--bs=4k",
                                    "--ioengine=libaio", "--numjobs=10", "--iodepth=32", "--name=rand-write-test",
                                    "--group_reporting", "--ramp_time=1", "--time_based", "--runtime=2",
                                    "--output-format=json"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  const auto wj = parse_json(w);
  ASSERT_EQ(wj["jobs"].size(), 1u);
  EXPECT_GT(dir_ios(wj["jobs"][0], "write"), 0u);
  EXPECT_EQ(dir_ios(wj["jobs"][0], "read"), 0u);
  EXPECT_GE(wj["jobs"][0]["write"]["runtime"].get<double>(), 1500.0);  // ~2 s measured after the ramp

  const RunOutput r = run_hostmark({"fio", "--filename=" + file, "--direct=1", "--rw=randread", "--bs=4k",
                                    "--ioengine=libaio", "--numjobs=4", "--iodepth=32", "--name=rand-read-test",
                                    "--group_reporting", "--readonly", "--ramp_time=100ms", "--runtime=2",
                                    "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rj = parse_json(r);
  EXPECT_GT(dir_ios(rj["jobs"][0], "read"), 0u);
  EXPECT_TRUE(fs::exists(file));
  EXPECT_EQ(fs::file_size(file), 64u << 20);
}

TEST(FioCliTest, ReadonlyRefusesWriteJobsWithOneLine) {
  ScratchDir d;
  const RunOutput r = run_hostmark({"fio", "--readonly", "--name=w", "--filename=" + d.file("x"), "--size=1M",
                                    "--rw=write"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("hostmark: w: --readonly forbids", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
  EXPECT_TRUE(d.empty());
}

TEST(FioCliTest, UnknownEngineIsAUsageError) {
  const RunOutput r = run_hostmark({"fio", "--name=x", "--ioengine=warp", "--size=1M"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("hostmark: ", 0), 0u);
  EXPECT_NE(r.err.find("warp"), std::string::npos);
}

TEST(FioCliTest, NullEngineMeasuresOnlyHostmark) {
  const RunOutput r = run_hostmark({"fio", "--name=n", "--ioengine=null", "--size=64M", "--rw=randread",
                                    "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = parse_json(r);
  EXPECT_EQ(dir_ios(j["jobs"][0], "read"), (64u << 20) / 4096);
}

TEST(FioCliTest, SigintStopsWithPartialResultsAndNoFileLeft) {
  ScratchDir d;
  if (!fs::exists("/usr/bin/timeout")) GTEST_SKIP() << "coreutils timeout is missing";
  const RunOutput r = run_program("/usr/bin/timeout", {"--preserve-status", "-s", "INT", "2", HOSTMARK_BINARY, "fio", "--name=long",
                                   "--directory=" + d.path(), "--size=8M", "--rw=randread", "--time_based",
                                   "--runtime=60", "--output-format=json"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto j = parse_json(r);
  EXPECT_TRUE(j["hostmark"]["interrupted"].get<bool>());
  EXPECT_GT(dir_ios(j["jobs"][0], "read"), 0u);
  EXPECT_NE(r.err.find("interrupted"), std::string::npos);
  EXPECT_TRUE(d.empty()) << "created files must be removed after SIGINT";
}

TEST(FioCliTest, EnospcOnSmallTmpfsEndsTheJobNamingFileAndOffset) {
  if (geteuid() != 0) GTEST_SKIP() << "mounting a tmpfs needs root";
  ScratchDir d;
  if (mount("tmpfs", d.path().c_str(), "tmpfs", 0, "size=1m") != 0) GTEST_SKIP() << "cannot mount a tmpfs here";
  // Created sparse (write job), then written past the 1 MiB the tmpfs holds.
  const RunOutput r = run_hostmark({"fio", "--name=fill", "--filename=" + d.file("big"), "--size=4M", "--rw=write",
                                    "--bs=64k", "--fallocate=none", "--output-format=json"});
  umount2(d.path().c_str(), MNT_DETACH);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("big: offset "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  const auto j = parse_json(r);
  EXPECT_EQ(j["jobs"][0]["error"].get<int>(), ENOSPC);
  EXPECT_GT(j["jobs"][0]["write"]["io_bytes"].get<std::uint64_t>(), 0u) << "what was written before is kept";
}

}  // namespace
}  // namespace hostmark
