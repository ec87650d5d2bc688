// `hostmark fio` driven as a user would: the seed command lines (smaller sizes and runtimes),
// machine output that stays machine-readable, the files a job lays out kept for the next command
// unless unlink=1 (as fio), partial results on SIGINT, ENOSPC on a small tmpfs, and one-line usage
// errors.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "background_hostmark.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

nlohmann::json parse_json(const RunOutput& r) {
  auto j = nlohmann::json::parse(r.out, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << "stdout is not JSON:\n" << r.out;
  return j;
}

std::uint64_t dir_ios(const nlohmann::json& job, const char* dir) {
  return job[dir]["total_ios"].get<std::uint64_t>();
}

TEST(FioCliTest, SeedRandrwDefaultsPrintFiosLayoutAndKeepTheFile) {
  ScratchDir d;
  const RunOutput r = run_hostmark({"fio", "--filename=" + d.file("fio_test"), "--size=4M",
                                    "--rw=randrw", "--bs=4k", "--name=fio_test"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("fio_test: (groupid=0, jobs=1): err= 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  read: IOPS="), std::string::npos);
  EXPECT_NE(r.out.find("  write: IOPS="), std::string::npos);
  EXPECT_NE(r.out.find("Run status group 0 (all jobs):"), std::string::npos);
  EXPECT_EQ(r.out.find("Laying out"), std::string::npos) << "layout messages belong on stderr";
  EXPECT_EQ(fs::file_size(d.file("fio_test")), 4u << 20) << "fio keeps what it lays out";
}

// The seed workflow: a write job lays out testfile-rand, the next command reads it read-only.
TEST(FioCliTest, SeedWriteJobLeavesItsFileForTheReadonlyReadJob) {
  ScratchDir d;
  const std::string file = d.file("testfile-rand");
  const RunOutput w = run_hostmark({"fio", "--name=w", "--filename=" + file, "--size=4M",
                                    "--rw=randwrite", "--bs=4k", "--output-format=json"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  ASSERT_TRUE(fs::exists(file)) << "a write job keeps the file it created (fio's unlink=0)";
  const RunOutput r =
      run_hostmark({"fio", "--name=r", "--readonly", "--rw=randread", "--filename=" + file,
                    "--size=4M", "--bs=4k", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(dir_ios(parse_json(r)["jobs"][0], "read"), 1024u);
  EXPECT_EQ(fs::file_size(file), 4u << 20);
}

// With --output=FILE (fio's test runner), standard error carries only problems: the layout line
// goes to the free standard output, and the file holds the JSON alone.
TEST(FioCliTest, OutputToAFileLeavesStderrForProblemsOnly) {
  ScratchDir d;
  const RunOutput r =
      run_hostmark({"fio", "--name=j", "--filename=" + d.file("data"), "--size=1M", "--rw=read",
                    "--output-format=json", "--output=" + d.file("out.json")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "j: Laying out IO file (1 MiB)\n");
  std::ifstream in(d.file("out.json"));
  const auto j = nlohmann::json::parse(in, nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << "the file is one JSON document";
}

// unlink=1 removes the job's regular files when it ends, as fio: also one that existed before.
TEST(FioCliTest, UnlinkRemovesTheJobsFilesCreatedOrNot) {
  ScratchDir d;
  const std::string existing = d.file("existing");
  { std::ofstream(existing) << std::string(1 << 20, 'a'); }
  const RunOutput r =
      run_hostmark({"fio", "--name=a", "--filename=" + existing, "--rw=read", "--unlink=1",
                    "--name=b", "--filename=" + d.file("made"), "--size=1M", "--rw=write",
                    "--unlink_each_loop=1", "--loops=2", "--name=c", "--filename=" + d.file("kept"),
                    "--size=1M", "--rw=write", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(existing));
  EXPECT_FALSE(fs::exists(d.file("made")));
  EXPECT_TRUE(fs::exists(d.file("kept")));
}

TEST(FioCliTest, SeedDeepQueueSixteenThreadsGroupReported) {
  ScratchDir d;
  const RunOutput r =
      run_hostmark({"fio", "--filename=" + d.file("fio_test"), "--size=1M", "--rw=randrw",
                    "--bs=4k", "--iodepth=32", "--numjobs=16", "--thread", "--group_reporting",
                    "--name=fio_test", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = parse_json(r);
  ASSERT_EQ(j["jobs"].size(), 1u) << "group_reporting merges the 16 threads";
  const auto& job = j["jobs"][0];
  // Each of the 16 threads moves size= bytes: 16 x 256 blocks of 4 KiB.
  EXPECT_EQ(dir_ios(job, "read") + dir_ios(job, "write"), 16u * 256u);
  EXPECT_EQ(
      job["read"]["io_bytes"].get<std::uint64_t>() + job["write"]["io_bytes"].get<std::uint64_t>(),
      16u << 20);
  EXPECT_EQ(fs::file_size(d.file("fio_test")), 1u << 20);
}

TEST(FioCliTest, SeedDirectLibaioWriteThenReadonlyRead) {
  ScratchDir d;
  const std::string file = d.file("testfile-rand-4g");
  {  // the user's existing test file: hostmark must never remove it
    std::ofstream f(file);
    f << std::string(64 << 20, 'a');
  }
  const RunOutput w =
      run_hostmark({"fio", "--filename=" + file, "--size=64M", "--direct=1", "--rw=randwrite",
                    "--bs=4k", "--ioengine=libaio", "--numjobs=10", "--iodepth=32",
                    "--name=rand-write-test", "--group_reporting", "--ramp_time=1", "--time_based",
                    "--runtime=2", "--output-format=json"});
  ASSERT_EQ(w.exit_code, 0) << w.err;
  const auto wj = parse_json(w);
  ASSERT_EQ(wj["jobs"].size(), 1u);
  EXPECT_GT(dir_ios(wj["jobs"][0], "write"), 0u);
  EXPECT_EQ(dir_ios(wj["jobs"][0], "read"), 0u);
  EXPECT_GE(wj["jobs"][0]["write"]["runtime"].get<double>(),
            1500.0);  // ~2 s measured after the ramp

  const RunOutput r = run_hostmark({"fio", "--filename=" + file, "--direct=1", "--rw=randread",
                                    "--bs=4k", "--ioengine=libaio", "--numjobs=4", "--iodepth=32",
                                    "--name=rand-read-test", "--group_reporting", "--readonly",
                                    "--ramp_time=100ms", "--runtime=2", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto rj = parse_json(r);
  EXPECT_GT(dir_ios(rj["jobs"][0], "read"), 0u);
  EXPECT_TRUE(fs::exists(file));
  EXPECT_EQ(fs::file_size(file), 64u << 20);
}

TEST(FioCliTest, ReadonlyRefusesWriteJobsWithOneLine) {
  ScratchDir d;
  const RunOutput r = run_hostmark(
      {"fio", "--readonly", "--name=w", "--filename=" + d.file("x"), "--size=1M", "--rw=write"});
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
  const RunOutput r = run_hostmark({"fio", "--name=n", "--ioengine=null", "--size=64M",
                                    "--rw=randread", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = parse_json(r);
  EXPECT_EQ(dir_ios(j["jobs"][0], "read"), (64u << 20) / 4096);
}

TEST(FioCliTest, SigintStopsWithPartialResultsAndUnlinkStillApplies) {
  ScratchDir d;
  if (!fs::exists("/usr/bin/timeout")) GTEST_SKIP() << "coreutils timeout is missing";
  const RunOutput r = run_interrupted(
      {"fio", "--name=long", "--directory=" + d.path(), "--size=8M", "--rw=randread",
       "--time_based", "--runtime=60", "--unlink=1", "--output-format=json"},
      2);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto j = parse_json(r);
  EXPECT_TRUE(j["hostmark"]["interrupted"].get<bool>());
  EXPECT_GT(dir_ios(j["jobs"][0], "read"), 0u);
  EXPECT_NE(r.err.find("interrupted"), std::string::npos);
  EXPECT_TRUE(d.empty()) << "unlink=1 removes the job's files after SIGINT too";
}

TEST(FioCliTest, EnospcOnSmallTmpfsEndsTheJobNamingFileAndOffset) {
  if (geteuid() != 0) GTEST_SKIP() << "mounting a tmpfs needs root";
  ScratchDir d;
  if (mount("tmpfs", d.path().c_str(), "tmpfs", 0, "size=1m") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here";
  // Created sparse (write job), then written past the 1 MiB the tmpfs holds.
  const RunOutput r =
      run_hostmark({"fio", "--name=fill", "--filename=" + d.file("big"), "--size=4M", "--rw=write",
                    "--bs=64k", "--fallocate=none", "--output-format=json"});
  umount2(d.path().c_str(), MNT_DETACH);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("big: write at offset "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  const auto j = parse_json(r);
  EXPECT_EQ(j["jobs"][0]["error"].get<int>(), ENOSPC);
  EXPECT_GT(j["jobs"][0]["write"]["io_bytes"].get<std::uint64_t>(), 0u)
      << "what was written before is kept";
}

void overwrite(const std::string& path, std::uint64_t offset, const std::string& bytes) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  f.seekp(static_cast<std::streamoff>(offset));
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

std::string read_bytes(const std::string& path, std::uint64_t offset, std::size_t n) {
  std::ifstream f(path, std::ios::binary);
  f.seekg(static_cast<std::streamoff>(offset));
  std::string s(n, '\0');
  f.read(s.data(), static_cast<std::streamsize>(n));
  return s;
}

TEST(FioCliTest, VerifyCatchesAFlippedByteAndAMisplacedBlock) {
  ScratchDir d;
  const std::string file = d.file("verified");
  { std::ofstream(file) << std::string(1 << 20, 'z'); }  // existing: kept between the runs
  const std::vector<std::string> write = {
      "fio",     "--name=w",        "--filename=" + file,  "--size=1M",   "--rw=randwrite",
      "--bs=4k", "--verify=crc32c", "--ioengine=io_uring", "--iodepth=8", "--output-format=json"};
  const RunOutput w = run_hostmark(write);
  ASSERT_EQ(w.exit_code, 0) << w.err;
  // The write run read every block back and checked it.
  EXPECT_EQ(parse_json(w)["jobs"][0]["read"]["total_ios"].get<std::uint64_t>(), 256u);

  const std::vector<std::string> read = {
      "fio",       "--name=r", "--filename=" + file, "--size=1M",
      "--rw=read", "--bs=4k",  "--verify=crc32c",    "--output-format=json"};
  const RunOutput clean = run_hostmark(read);
  EXPECT_EQ(clean.exit_code, 0) << clean.err;

  overwrite(file, 8192 + 1000, "!");  // one flipped byte in the payload of block 2
  const RunOutput flipped = run_hostmark(read);
  EXPECT_EQ(flipped.exit_code, 1);
  EXPECT_NE(flipped.err.find("verified: verify: offset 8192:"), std::string::npos) << flipped.err;
  EXPECT_EQ(parse_json(flipped)["jobs"][0]["error"].get<int>(), EILSEQ);

  const RunOutput rewrite = run_hostmark(write);  // fresh, valid blocks everywhere
  ASSERT_EQ(rewrite.exit_code, 0) << rewrite.err;
  overwrite(file, 16384, read_bytes(file, 4096, 4096));  // block 1 written again at block 4
  const RunOutput misplaced = run_hostmark(read);
  EXPECT_EQ(misplaced.exit_code, 1);
  EXPECT_NE(misplaced.err.find("offset 16384"), std::string::npos) << misplaced.err;
  EXPECT_NE(misplaced.err.find("misplaced"), std::string::npos) << misplaced.err;
  EXPECT_NE(misplaced.err.find("4096"), std::string::npos) << misplaced.err;
  EXPECT_TRUE(fs::exists(file));
}

// On a terminal (util-linux `script` gives stderr a pty) the status line shows like fio's, while
// the JSON on stdout (a file) stays one clean document.
TEST(FioCliTest, StatusLineOnATerminalNeverMixesIntoJson) {
  if (!fs::exists("/usr/bin/script")) GTEST_SKIP() << "util-linux script is missing";
  ScratchDir d;
  const std::string json = d.file("out.json");
  const std::string cmd =
      std::string(HOSTMARK_BINARY) +
      " fio --name=tty --ioengine=null --size=1G --rw=randread --time_based --runtime=2"
      " --output-format=json > " +
      json;
  const RunOutput r = run_program("/usr/bin/script", {"-qec", cmd, "/dev/null"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Jobs: 1 (f=1): [R(1)]["), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" IOPS][eta 00m:0"), std::string::npos) << r.out;
  std::ifstream in(json);
  const auto j = nlohmann::json::parse(in);  // nothing but the document
  EXPECT_EQ(j["jobs"][0]["jobname"], "tty");
}

}  // namespace
}  // namespace hostmark
