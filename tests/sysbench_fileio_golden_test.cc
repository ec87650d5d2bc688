// The fileio report and the prepare/cleanup messages, line for line against the real sysbench
// 1.0.20 (numbers masked), each tool in its own scratch directory with the same options.
#include <gtest/gtest.h>

#include <regex>

#include "sysbench_fileio_env.h"

namespace hostmark {
namespace {

// Numbers become '#', fixed-width padding before them is ignored; line 0 (program and
// version) and hostmark's storage lines (Device:, Filesystem:, warning:) are left out.
std::string golden_layout_of(const std::string& report) {
  static const std::regex number(R"([0-9]+(\.[0-9]+)?)");
  std::string out;
  bool first = true;
  for (const auto& raw : output_lines(report)) {
    if (raw.rfind("Device:", 0) == 0 || raw.rfind("Filesystem:", 0) == 0 ||
        raw.rfind("warning:", 0) == 0)
      continue;
    if (first) {
      first = false;
      continue;
    }
    std::string l = std::regex_replace(raw, number, "#");
    l = std::regex_replace(l, std::regex(" +#"), " #");
    out += l + "\n";
  }
  return out;
}

RunOutput run_sysbench_fileio(std::vector<std::string> args) {
  args.insert(args.begin(), "fileio");
  return run_program("/usr/bin/sysbench", args);
}

TEST(SysbenchFileioGoldenTest, LayoutMatchesRealSysbench) {
  if (!std::filesystem::exists("/usr/bin/sysbench"))
    GTEST_SKIP() << "sysbench is not installed (apt-get install sysbench)";
  ScratchDir ours_dir;
  ScratchDir theirs_dir;
  ASSERT_FALSE(ours_dir.path().empty());
  ASSERT_FALSE(theirs_dir.path().empty());
  const std::vector<std::string> size = {"--file-total-size=4M", "--file-num=4"};
  const std::vector<std::vector<std::string>> cases = {
      {"prepare"},
      {"--file-test-mode=rndrw", "--events=300", "--time=0", "run"},
      // seqwr recreates the files: 300 events of 16 KiB fill all 4 MiB again, checksummed
      // (--validate) so that the seqrd --validate after it passes.
      {"--file-test-mode=seqwr", "--events=300", "--time=0", "--file-fsync-all", "--validate",
       "run"},
      {"--file-test-mode=seqrd", "--events=100", "--time=0", "--file-fsync-freq=0",
       "--file-fsync-end=off", "--validate", "run"},
      {"--file-test-mode=rndrd", "--events=100", "--time=0", "--file-io-mode=async",
       "--file-merged-requests=2", "--file-extra-flags=dsync", "run"},
      {"--file-test-mode=rndwr", "--events=100", "--time=0", "--file-io-mode=mmap",
       "--percentile=99", "--rand-seed=3", "run"},
      {"prepare"},  // files exist: "Reusing existing file"
      {"cleanup"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = size;
    args.insert(args.end(), c.begin(), c.end());
    RunOutput ours;
    RunOutput theirs;
    {
      CwdGuard cwd(ours_dir.path());
      ours = fileio(args);
    }
    {
      CwdGuard cwd(theirs_dir.path());
      theirs = run_sysbench_fileio(args);
    }
    ASSERT_EQ(theirs.exit_code, 0) << theirs.out << theirs.err;
    ASSERT_EQ(ours.exit_code, 0) << ours.err;
    EXPECT_EQ(golden_layout_of(ours.out), golden_layout_of(theirs.out))
        << c.front() << " " << c.back();
  }
  EXPECT_EQ(test_files_in(ours_dir.path()), 0u);
}

// `fileio help`: the same lines but the first (program) and --file-block-size's type name.
TEST(SysbenchFileioGoldenTest, HelpMatchesRealSysbench) {
  if (!std::filesystem::exists("/usr/bin/sysbench"))
    GTEST_SKIP() << "sysbench is not installed (apt-get install sysbench)";
  const RunOutput ours = run_hostmark({"sysbench", "fileio", "help"});
  const RunOutput theirs = run_program("/usr/bin/sysbench", {"fileio", "help"});
  ASSERT_EQ(ours.exit_code, 0);
  ASSERT_EQ(theirs.exit_code, 0);
  auto a = output_lines(ours.out);
  auto b = output_lines(theirs.out);
  ASSERT_EQ(a.size(), b.size()) << ours.out;
  for (std::size_t i = 1; i < a.size(); ++i) {
    if (b[i].find("--file-block-size=N ") != std::string::npos) continue;
    EXPECT_EQ(a[i], b[i]);
  }
}

}  // namespace
}  // namespace hostmark
