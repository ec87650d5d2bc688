// `hostmark disk [PATH]` end to end on a temp directory: table, JSON, --explain lines that
// `hostmark fio` runs, file removal, SIGINT, bad options.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "background_hostmark.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kTiny = {"--size=8M", "--duration=0.3", "--loops=1"};

std::vector<std::string> disk_args(const std::string& path, std::vector<std::string> more) {
  std::vector<std::string> a = {"disk", path};
  a.insert(a.end(), kTiny.begin(), kTiny.end());
  a.insert(a.end(), more.begin(), more.end());
  return a;
}

TEST(DiskProfileCliTest, StandardJsonHasEveryTestAndRemovesTheFile) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const RunOutput r = run_hostmark(disk_args(dir.path(), {"--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["command"], "disk");
  EXPECT_FALSE(j["interrupted"].get<bool>());
  std::vector<std::string> names;
  for (const auto& p : j["phases"]) {
    names.push_back(p["name"]);
    std::set<std::string> keys;
    for (const auto& m : p["metrics"]) {
      keys.insert(m["name"].get<std::string>());
      if (m["name"] == "mb_per_s") {
        EXPECT_EQ(m["unit"], "MB/s");
      }
      if (m["name"] == "mb_per_s" || m["name"] == "iops" || m["name"] == "lat_mean_us" ||
          m["name"] == "lat_p99_us") {
        EXPECT_GT(m["value"].get<double>(), 0) << p["name"] << " " << m["name"];
      }
    }
    for (const char* k : {"mb_per_s", "iops", "lat_mean_us", "lat_p99_us"})
      EXPECT_EQ(keys.count(k), 1u) << p["name"] << " lacks " << k;
  }
  EXPECT_EQ(names,
            (std::vector<std::string>{"SEQ1M Q8T1 read", "SEQ1M Q1T1 read", "RND4K Q32T1 read",
                                      "RND4K Q1T1 read", "SEQ1M Q8T1 write", "SEQ1M Q1T1 write",
                                      "RND4K Q32T1 write", "RND4K Q1T1 write"}));
  ASSERT_EQ(j["storage"].size(), 1u);
  EXPECT_FALSE(j["storage"][0]["fs_type"].get<std::string>().empty());
  EXPECT_TRUE(dir.empty()) << "the test file must be removed";
}

TEST(DiskProfileCliTest, TextTableHasDeviceRowsAndMixColumns) {
  ScratchDir dir;
  const RunOutput r = run_hostmark(disk_args(dir.path(), {"--profile=mix"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Filesystem:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Read MB/s"), std::string::npos);
  EXPECT_NE(r.out.find("Write MB/s"), std::string::npos);
  EXPECT_NE(r.out.find("p99 lat (us)"), std::string::npos);
  for (const char* t : {"SEQ1M Q8T1 mix", "SEQ1M Q1T1 mix", "RND4K Q32T1 mix", "RND4K Q1T1 mix"}) {
    const auto pos = r.out.find(t);
    ASSERT_NE(pos, std::string::npos) << t << " missing:\n" << r.out;
    std::istringstream row(r.out.substr(pos + std::string(t).size()));
    double read = 0, write = 0, iops = 0;
    row >> read >> write >> iops;
    EXPECT_GT(read, 0) << t;
    EXPECT_GT(write, 0) << t;
    EXPECT_GT(read, write) << t << ": 70% of the I/O reads";
    EXPECT_GT(iops, 0) << t;
  }
  EXPECT_TRUE(dir.empty());
}

TEST(DiskProfileCliTest, ExplainLinesRunAsHostmarkFio) {
  ScratchDir dir;
  const RunOutput r = run_hostmark(disk_args(dir.path(), {"--profile=peak", "--explain"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(dir.empty()) << "--explain runs nothing";
  std::vector<std::vector<std::string>> commands;
  for (const auto& line : output_lines(r.out)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);  // the scratch path needs no quoting
    std::vector<std::string> argv;
    for (std::string w; words >> w;) argv.push_back(w);
    ASSERT_GE(argv.size(), 3u) << line;
    EXPECT_EQ(argv[0], "hostmark");
    commands.emplace_back(argv.begin() + 1, argv.end());
  }
  ASSERT_EQ(commands.size(), 5u) << r.out;  // prepare + 2 tests x read/write
  for (auto c : commands) {
    c.push_back("--parse-only");
    const RunOutput parsed = run_hostmark(c);
    EXPECT_EQ(parsed.exit_code, 0) << parsed.err;
  }
  ASSERT_EQ(run_hostmark(commands[0]).exit_code, 0);  // writes the test file, keeps it
  auto read = commands[1];
  read.push_back("--output-format=json");
  const RunOutput run = run_hostmark(read);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["jobs"][0]["jobname"], "SEQ1M_Q8T1_read");
  EXPECT_GT(j["jobs"][0]["read"]["io_bytes"].get<double>(), 0);
  EXPECT_TRUE(fs::exists(dir.file("hostmark-disk.tmp")));
}

TEST(DiskProfileCliTest, ExistingFileIsUsedAndKept) {
  ScratchDir dir;
  const std::string file = dir.file("mine");
  ASSERT_EQ(run_hostmark({"fio", "--name=p", "--filename=" + file, "--size=8m", "--rw=write",
                          "--bs=1m", "--unlink=0", "--output-format=json"})
                .exit_code,
            0);
  const RunOutput r = run_hostmark(disk_args(
      file, {"--profile=realworld", "--read-only", "--aggregate=average", "--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["phases"].size(), 2u);
  EXPECT_EQ(j["phases"][1]["name"], "RND4K Q1T1 read");
  EXPECT_EQ(j["options"]["aggregate"], "average");
  EXPECT_TRUE(fs::exists(file)) << "a file hostmark did not create is kept";
}

TEST(DiskProfileCliTest, ExistingFilesAreWrittenOnlyWithDestructive) {
  ScratchDir dir;
  const std::string file = dir.file("mine");
  { std::ofstream(file) << std::string(9 << 20, 'x'); }
  const RunOutput refused = run_hostmark(disk_args(file, {"--profile=realworld"}));
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_EQ(refused.err, "hostmark: " + file +
                             ": an existing file: the write tests overwrite its content (give "
                             "--destructive to write anyway, or --read-only)\n");
  std::ifstream in(file);
  const std::string content((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(content, std::string(9 << 20, 'x')) << "nothing was written";
  const RunOutput small = run_hostmark(disk_args(dir.file("tiny"), {"--explain"}));
  EXPECT_EQ(small.exit_code, 0) << "a file to create is fine: " << small.err;
  { std::ofstream(dir.file("tiny")) << "abc"; }
  const RunOutput tiny = run_hostmark(disk_args(dir.file("tiny"), {"--read-only"}));
  EXPECT_EQ(tiny.exit_code, 2);
  EXPECT_NE(tiny.err.find("at least 1 MiB is needed"), std::string::npos) << tiny.err;
}

TEST(DiskProfileCliTest, AMistypedDeviceIsNotCreatedUnderDev) {
  const RunOutput r = run_hostmark({"disk", "/dev/hostmark-no-such-disk", "--read-only"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "hostmark: /dev/hostmark-no-such-disk: no such device\n");
  EXPECT_FALSE(fs::exists("/dev/hostmark-no-such-disk"));
}

TEST(DiskProfileCliTest, APathWithAColonIsOneFile) {
  ScratchDir dir;
  const std::string file = dir.file("a:b");
  const RunOutput r =
      run_hostmark(disk_args(file, {"--profile=realworld", "--read-only", "--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(dir.empty()) << "the one test file a:b was created and removed";
  const RunOutput e = run_hostmark(disk_args(file, {"--explain"}));
  EXPECT_NE(e.out.find("a\\:b"), std::string::npos) << e.out;
}

TEST(DiskProfileCliTest, SigintReportsWhatWasMeasuredAndRemovesTheFile) {
  if (!fs::exists("/usr/bin/timeout")) GTEST_SKIP() << "coreutils timeout is missing";
  ScratchDir dir;
  const RunOutput r = run_interrupted(
      {"disk", dir.path(), "--size=8M", "--duration=1", "--loops=5", "--output-format=json"}, 2);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto j = nlohmann::json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << "stdout:\n" << r.out << "\nstderr:\n" << r.err;
  EXPECT_TRUE(j["interrupted"].get<bool>());
  // At 2 s the first test is in its second 1 s loop (on a slow machine still writing the file).
  ASSERT_LE(j["phases"].size(), 1u);
  if (!j["phases"].empty()) {
    EXPECT_EQ(j["phases"][0]["name"], "SEQ1M Q8T1 read");
  }
  EXPECT_TRUE(dir.empty()) << "the test file must be removed after SIGINT";
}

TEST(DiskProfileCliTest, BadOptionsAreOneLineUsageErrors) {
  ScratchDir dir;
  const std::vector<std::vector<std::string>> cases = {
      {"--profile=fast"},
      {"--loops=0"},
      {"--duration=soon"},
      {"--size=12q"},
      {"--size=4k"},
      {"--read-only", "--write-only"},
      {"--profile=mix", "--read-only"},
      {"--aggregate=median"},
      {"--size=1P"},
  };
  for (const auto& extra : cases) {
    std::vector<std::string> args = {"disk", dir.path()};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunOutput r = run_hostmark(args);
    EXPECT_EQ(r.exit_code, 2) << extra[0] << ": " << r.err;
    EXPECT_EQ(output_lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("hostmark: ", 0), 0u) << r.err;
    EXPECT_EQ(r.out, "");
  }
  const RunOutput missing = run_hostmark({"disk", "/nonexistent/dir/x", "--explain"});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err, "hostmark: /nonexistent/dir/x: no such file or directory\n");
  EXPECT_TRUE(dir.empty());
}

}  // namespace
}  // namespace hostmark
