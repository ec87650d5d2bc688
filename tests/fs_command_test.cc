// `hostmark fs DIR`: a small run end to end (bonnie++ table, CSV 1.98, JSON phases), the CSV
// read by bon_csv2html/bon_csv2txt, usage errors, ENOSPC on a tiny tmpfs, SIGINT cleanup.
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "background_hostmark.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

// Creating a file takes milliseconds on some disks (2 ms on the CI VM's ext4): the tests that
// need no disk run on a tmpfs when there is one, the text test runs on /var/tmp.
std::string fast_base() { return fs::is_directory("/dev/shm") ? "/dev/shm" : "/var/tmp"; }

// Small enough for ASan on 2 busy cores: 2 MiB data, 1024 empty files.
std::vector<std::string> small_run(const std::string& dir, const std::string& format) {
  return {"fs",        dir,         "--size=2M",  "--char-size=256k",         "--seeks=200",
          "--files=1", "--seed=42", "--name=box", "--output-format=" + format};
}

std::size_t field_count(const std::string& line) {
  return static_cast<std::size_t>(std::count(line.begin(), line.end(), ',')) + 1;
}

TEST(FsCommandTest, TextHasBonnieTablesAndCsvLineAndLeavesNothing) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const RunOutput r = run_hostmark(small_run(dir.path(), "normal"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* row : {"------Sequential Output------ --Sequential Input- --Random-",
                          "-Per Chr- --Block-- -Rewrite- -Per Chr- --Block-- --Seeks--",
                          "Name:Size etc        /sec %CP", "------Sequential Create------",
                          "-Create-- --Read--- -Delete--", "\nbox", "\nLatency ", "seq_create",
                          "ran_delete", "KiB/s", "files/s", "seeks/s"})
    EXPECT_NE(r.out.find(row), std::string::npos) << row << "\n" << r.out;
  std::string csv;
  for (const auto& line : output_lines(r.out))
    if (line.rfind("1.98,", 0) == 0) csv = line;
  ASSERT_FALSE(csv.empty()) << r.out;
  EXPECT_EQ(field_count(csv), 50u) << csv;
  EXPECT_NE(csv.find(",box,1,42,2M,,200,5,"), std::string::npos) << csv;
  EXPECT_TRUE(dir.empty()) << "files left in " << dir.path();
}

TEST(FsCommandTest, JsonPhasesHaveRatesLatencyAndStorage) {
  ScratchDir dir(fast_base());
  const RunOutput r = run_hostmark(small_run(dir.path(), "json"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out;
  std::set<std::string> names;
  for (const auto& p : j["phases"]) {
    names.insert(p["name"].get<std::string>());
    const auto& m = p["metrics"];
    ASSERT_GE(m.size(), 3u);
    EXPECT_EQ(m[0]["name"], "rate");
    EXPECT_GT(m[0]["value"].get<double>(), 0) << p["name"];
    EXPECT_EQ(m[1]["unit"], "%");
    EXPECT_GT(p["latency"]["max_ns"].get<double>(), 0) << p["name"];
  }
  EXPECT_EQ(names,
            (std::set<std::string>{"putc", "put_block", "rewrite", "getc", "get_block", "seeks",
                                   "seq_create", "seq_stat", "seq_read", "seq_delete", "ran_create",
                                   "ran_stat", "ran_read", "ran_delete"}));
  for (const auto& p : j["phases"]) {
    const std::string unit = p["metrics"][0]["unit"];
    if (p["name"] == "seeks") EXPECT_EQ(unit, "seeks/s");
    else if (p["name"].get<std::string>().rfind("seq_", 0) == 0 ||
             p["name"].get<std::string>().rfind("ran_", 0) == 0)
      EXPECT_EQ(unit, "files/s");
    else EXPECT_EQ(unit, "KiB/s") << p["name"];
  }
  ASSERT_EQ(j["storage"].size(), 1u);
  EXPECT_FALSE(j["storage"][0]["fs_type"].get<std::string>().empty());
  EXPECT_TRUE(dir.empty());
}

TEST(FsCommandTest, FileSizesDirsAndThreads) {
  ScratchDir dir(fast_base());
  const RunOutput r = run_hostmark({"fs", dir.path(), "--size=0", "--files=1", "--file-size=2k:1k",
                                    "--dirs=3", "--threads=2", "--output-format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  std::set<std::string> names;
  for (const auto& p : j["phases"]) names.insert(p["name"].get<std::string>());
  EXPECT_EQ(names.count("seq_read"), 1u);
  EXPECT_EQ(names.count("ran_read"), 1u);
  EXPECT_EQ(names.count("putc"), 0u) << "--size=0 skips the data tests";
  EXPECT_TRUE(dir.empty());
}

TEST(FsCommandTest, QuickIs64MiBAnd1024Files) {
  ScratchDir dir(fast_base());
  const RunOutput r = run_hostmark({"fs", dir.path(), "--quick", "--output-format=csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> fields;
  std::stringstream line(r.out);
  for (std::string f; std::getline(line, f, ',');) fields.push_back(f);
  ASSERT_EQ(fields.size(), 50u) << r.out;
  EXPECT_EQ(fields[5], "64M");  // file_size
  EXPECT_EQ(fields[21], "1");   // num_files (x 1024)
  EXPECT_TRUE(dir.empty());
}

TEST(FsCommandTest, CsvIsReadByBonCsv2htmlAndBonCsv2txt) {
  if (!fs::exists("/usr/bin/bon_csv2html") || !fs::exists("/usr/bin/bon_csv2txt"))
    GTEST_SKIP() << "bonnie++ (bon_csv2html, bon_csv2txt) is not installed";
  ScratchDir dir(fast_base());
  const RunOutput r = run_hostmark(small_run(dir.path(), "csv"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(output_lines(r.out).size(), 1u) << r.out;
  EXPECT_EQ(field_count(output_lines(r.out)[0]), 50u);
  RunOptions in;
  in.stdin_text = r.out;
  const RunOutput html = run_program("/usr/bin/bon_csv2html", {}, in);
  EXPECT_EQ(html.exit_code, 0) << html.err;
  EXPECT_NE(html.out.find("class=\"rowheader\"><font size=+1>box<"), std::string::npos) << html.out;
  const RunOutput txt = run_program("/usr/bin/bon_csv2txt", {}, in);
  EXPECT_EQ(txt.exit_code, 0) << txt.err;
  EXPECT_NE(txt.out.find("\nbox "), std::string::npos) << txt.out;
  EXPECT_NE(txt.out.find("Latency"), std::string::npos) << txt.out;
}

TEST(FsCommandTest, BadOptionsAreOneLineUsageErrors) {
  ScratchDir dir;
  for (const auto& args :
       std::vector<std::vector<std::string>>{{"fs"},
                                             {"fs", dir.path() + "/missing"},
                                             {"fs", dir.path(), "--size=12q"},
                                             {"fs", dir.path(), "--size=512k"},
                                             {"fs", dir.path(), "--chunk-size=1000"},
                                             {"fs", dir.path(), "--file-size=1k:2k"},
                                             {"fs", dir.path(), "--char-io=mmap"},
                                             {"fs", dir.path(), "--threads=0"},
                                             {"fs", dir.path(), "--name=a,b"},
                                             {"fs", dir.path(), "--bogus"}}) {
    const RunOutput r = run_hostmark(args);
    EXPECT_EQ(r.exit_code, 2) << args.back() << ": " << r.err;
    ASSERT_EQ(output_lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("hostmark: ", 0), 0u) << r.err;
  }
  EXPECT_TRUE(dir.empty());
}

TEST(FsCommandTest, FullTmpfsEndsWithOneEnospcLineAndLeavesNothing) {
  if (geteuid() != 0) GTEST_SKIP() << "mounting a tmpfs needs root";
  ScratchDir dir;
  const std::string mnt = dir.file("tmpfs");
  ASSERT_EQ(mkdir(mnt.c_str(), 0700), 0);
  if (mount("tmpfs", mnt.c_str(), "tmpfs", 0, "size=4m") != 0)
    GTEST_SKIP() << "cannot mount a tmpfs here";
  const RunOutput r =
      run_hostmark({"fs", mnt, "--size=16M", "--char-size=64k", "--files=0", "--seeks=10"});
  const bool empty = fs::is_empty(mnt);
  umount(mnt.c_str());
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  ASSERT_EQ(output_lines(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("No space left on device"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(mnt + "/hostmark-fs."), std::string::npos) << "names the file: " << r.err;
  EXPECT_TRUE(empty) << "files left on the tmpfs";
}

TEST(FsCommandTest, SigintStopsCleansUpAndReportsTheTestsDone) {
  if (!fs::exists("/usr/bin/timeout")) GTEST_SKIP() << "coreutils timeout is missing";
  ScratchDir dir;
  // One write() per byte for 1 GiB: still in the first test when the signal comes.
  const RunOutput r = run_interrupted({"fs", dir.path(), "--size=1G", "--char-io=syscall",
                                       "--char-size=1G", "--output-format=json"},
                                      1);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out << r.err;
  EXPECT_TRUE(j["interrupted"].get<bool>());
  EXPECT_TRUE(dir.empty()) << "files left in " << dir.path();
}

}  // namespace
}  // namespace hostmark
