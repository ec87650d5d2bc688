// A job cannot make hostmark write outside the paths it names (issue 9, security): a symbolic
// link planted at a name hostmark makes (fio's directory= + filename_format, sysbench fileio's
// test_file.N, the disk test file) is refused in one line and the file it points to is left
// as it was; a file the user names with filename= is still followed, as fio does.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "run_binary.h"
#include "safety_test_util.h"
#include "scratch_dir.h"
#include "sysbench_fileio_env.h"

namespace hostmark {
namespace {

using safety_test::expect_one_line_error;
using safety_test::read_all;

const std::string kOutside = "a file outside the job's directory: keep me\n";

class SymlinkSafetyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(work_.path().empty());
    ASSERT_FALSE(outside_.path().empty());
    std::ofstream(victim()) << kOutside;
  }
  std::string victim() const { return outside_.file("victim"); }
  void plant(const std::string& at, const std::string& to) const {
    ASSERT_EQ(symlink(to.c_str(), at.c_str()), 0) << at;
  }
  void expect_outside_untouched() const {
    EXPECT_EQ(read_all(victim()), kOutside);
    EXPECT_EQ(std::filesystem::directory_iterator(outside_.path())->path().filename(), "victim");
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(outside_.path())) ++n;
    EXPECT_EQ(n, 1u) << "a file was created outside the job's directory";
  }

  ScratchDir work_;
  ScratchDir outside_;
};

TEST_F(SymlinkSafetyTest, FioRefusesALinkAtANameItMakes) {
  plant(work_.file("job.0.0"), victim());
  for (const char* rw : {"write", "read", "randrw"}) {
    const RunOutput r = run_hostmark({"fio", "--name=job", "--directory=" + work_.path(),
                                      std::string("--rw=") + rw, "--size=1M", "--bs=4k"});
    expect_one_line_error(r, work_.file("job.0.0"));
    EXPECT_NE(r.err.find("symbolic link"), std::string::npos) << r.err;
  }
  expect_outside_untouched();
}

TEST_F(SymlinkSafetyTest, FioNeverCreatesThroughADanglingLink) {
  // filename= names a link to a file that does not exist yet: fio would create the target.
  plant(work_.file("named"), outside_.file("created-by-the-job"));
  const RunOutput r = run_hostmark({"fio", "--name=job", "--filename=" + work_.file("named"),
                                    "--rw=write", "--size=1M", "--bs=4k"});
  expect_one_line_error(r, work_.file("named"));
  // Why, not the O_EXCL open's "File exists".
  EXPECT_NE(r.err.find(work_.file("named") +
                       ": is a dangling symbolic link: hostmark does not create files through "
                       "links\n"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("File exists"), std::string::npos) << r.err;
  expect_outside_untouched();
}

TEST_F(SymlinkSafetyTest, FioFollowsALinkTheUserNames) {
  // filename= a link to an existing file (as /dev/disk/by-id links are): read through it.
  { std::ofstream(work_.file("data")) << std::string(1 << 20, 'd'); }
  plant(work_.file("by-id"), work_.file("data"));
  const RunOutput r = run_hostmark({"fio", "--name=job", "--filename=" + work_.file("by-id"),
                                    "--rw=read", "--size=1M", "--bs=4k"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST_F(SymlinkSafetyTest, SysbenchFileioRefusesLinksAtTestFileNames) {
  CwdGuard cwd(work_.path());
  const std::vector<std::string> size = {"sysbench", "fileio", "--file-total-size=1M",
                                         "--file-num=2"};
  auto with = [&size](const std::string& last, std::vector<std::string> more = {}) {
    std::vector<std::string> args = size;
    args.insert(args.end(), more.begin(), more.end());
    args.push_back(last);
    return args;
  };
  plant(work_.file("test_file.0"), victim());
  expect_one_line_error(run_hostmark(with("prepare")), "test_file.0");
  expect_outside_untouched();

  // A link put in place of a prepared file before a writing run.
  ASSERT_EQ(unlink(work_.file("test_file.0").c_str()), 0);
  ASSERT_EQ(run_hostmark(with("prepare")).exit_code, 0);
  ASSERT_EQ(unlink(work_.file("test_file.1").c_str()), 0);
  plant(work_.file("test_file.1"), victim());
  for (const char* mode : {"rndwr", "seqrewr", "seqwr"}) {
    const RunOutput r = run_hostmark(
        with("run", {std::string("--file-test-mode=") + mode, "--events=50", "--time=0"}));
    expect_one_line_error(r, "test_file.1");
  }
  expect_outside_untouched();
  ASSERT_EQ(run_hostmark(with("cleanup")).exit_code, 0);
  EXPECT_TRUE(std::filesystem::exists(victim()));  // cleanup removes the link, not its target
}

TEST_F(SymlinkSafetyTest, DiskRefusesALinkAtItsTestFile) {
  plant(work_.file("hostmark-disk.tmp"), outside_.file("created-by-the-test"));
  const RunOutput r = run_hostmark({"disk", work_.path(), "--size=1M"});
  expect_one_line_error(r, "hostmark-disk.tmp");
  expect_outside_untouched();
}

// fio's options that run a shell command (exec_prerun, exec_postrun, ioengine=exec, the
// trigger options) are refused before anything runs: no shell is ever spawned from a job.
TEST_F(SymlinkSafetyTest, FioNeverRunsCommandsFromAJob) {
  const std::string ran = outside_.file("ran");
  const std::string touch = "touch " + ran;
  for (const std::string option : {"exec_prerun", "exec_postrun"}) {
    const std::string job = work_.file(option + ".fio");
    std::ofstream(job) << "[j]\nfilename=" << work_.file("f") << "\nsize=1M\nrw=read\n"
                       << option << "=" << touch << "\n";
    const RunOutput from_file = run_hostmark({"fio", job});
    expect_one_line_error(from_file, option);
    EXPECT_EQ(from_file.exit_code, 2);
    const RunOutput from_args = run_hostmark({"fio", "--name=j", "--filename=" + work_.file("f"),
                                              "--size=1M", "--" + option + "=" + touch});
    expect_one_line_error(from_args, option);
  }
  const RunOutput engine = run_hostmark(
      {"fio", "--name=j", "--ioengine=exec", "--program=/bin/touch", "--arguments=" + ran});
  EXPECT_EQ(engine.exit_code, 2) << engine.err;
  const RunOutput trigger =
      run_hostmark({"fio", "--trigger=" + touch, "--trigger-file=" + work_.file("t"), "--name=j",
                    "--filename=" + work_.file("f"), "--size=1M"});
  EXPECT_EQ(trigger.exit_code, 2) << trigger.err;
  EXPECT_FALSE(std::filesystem::exists(ran));
  EXPECT_FALSE(std::filesystem::exists(work_.file("f")));
}

}  // namespace
}  // namespace hostmark
