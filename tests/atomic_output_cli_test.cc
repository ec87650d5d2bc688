// --output files of the built binary (issue 9, crash safety): a command killed with SIGKILL, or
// one that fails before its output is complete, leaves the previous file as it was and no
// temporary file; a finished one (Ctrl-C included) replaces it whole.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "background_hostmark.h"
#include "safety_test_util.h"

namespace hostmark {
namespace {

using safety_test::read_all;

const std::string kEarlierOutput = "the output of an earlier run\n";

// The names in `dir` other than the child's stdout/stderr files.
std::vector<std::string> outputs_in(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string n = e.path().filename().string();
    if (n != "child.out" && n != "child.err") names.push_back(n);
  }
  std::sort(names.begin(), names.end());
  return names;
}

TEST(AtomicOutputCliTest, StatKilledOrStoppedMidOutput) {
  ScratchDir dir;
  const std::string path = dir.file("stat.json");
  { std::ofstream(path) << kEarlierOutput; }
  {
    BackgroundHostmark stat({"stat", "--output-format=json", "--output=" + path, "0.05"}, {}, dir);
    // Past its start-up (a sanitizer build on a loaded machine takes seconds), then a few
    // reports written.
    ASSERT_TRUE(stat.wait_until_handles(SIGINT)) << stat.err();
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    stat.signal(SIGKILL);
    EXPECT_EQ(stat.wait(), 128 + SIGKILL);
  }
  EXPECT_EQ(read_all(path), kEarlierOutput);
  EXPECT_EQ(outputs_in(dir.path()), std::vector<std::string>{"stat.json"});
  {
    BackgroundHostmark stat({"stat", "--output-format=json", "--output=" + path, "0.05"}, {}, dir);
    ASSERT_TRUE(stat.wait_until_handles(SIGINT)) << stat.err();
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    stat.signal(SIGINT);  // Ctrl-C ends stat cleanly: the reports so far become the file
    EXPECT_EQ(stat.wait(), 0) << stat.err();
  }
  const auto j = nlohmann::json::parse(read_all(path), nullptr, false);
  EXPECT_FALSE(j.is_discarded()) << read_all(path);
  EXPECT_EQ(outputs_in(dir.path()), std::vector<std::string>{"stat.json"});
}

TEST(AtomicOutputCliTest, FailedRunsKeepThePreviousFile) {
  ScratchDir dir;
  const std::string path = dir.file("out");
  { std::ofstream(path) << kEarlierOutput; }
  // fio: the job fails before any output (no such directory for its file).
  const RunOutput fio =
      run_hostmark({"fio", "--name=j", "--filename=" + dir.file("none/f"), "--rw=read", "--size=1M",
                    "--output-format=json", "--output=" + path});
  EXPECT_EQ(fio.exit_code, 1) << fio.err;
  EXPECT_EQ(read_all(path), kEarlierOutput);
  // results show of an id that is not there.
  const RunOutput show = run_hostmark(
      {"results", "show", "999", "--results-db=" + dir.file("r.db"), "--output=" + path});
  EXPECT_NE(show.exit_code, 0);
  EXPECT_EQ(read_all(path), kEarlierOutput);
  EXPECT_EQ(outputs_in(dir.path()), std::vector<std::string>{"out"});
  // And a run that works replaces it (fio's JSON, whole).
  const RunOutput ok = run_hostmark({"fio", "--name=j", "--filename=" + dir.file("f"), "--rw=read",
                                     "--size=1M", "--output-format=json", "--output=" + path});
  ASSERT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_FALSE(nlohmann::json::parse(read_all(path), nullptr, false).is_discarded());
}

}  // namespace
}  // namespace hostmark
