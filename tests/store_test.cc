#include "results/store.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace hostmark {
namespace {

namespace fs = std::filesystem;

Result sample() {
  Result r;
  r.command = "suite";
  r.context.hostname = "web 1";
  r.context.start_time_utc = "2026-12-02T09:19:13Z";
  Phase p;
  p.name = "cpu.single-thread";
  p.metrics.push_back({"events_per_s", 4040.5, "events/s"});
  r.phases.push_back(p);
  return r;
}

TEST(StoreTest, DefaultDirectoryFollowsXdg) {
  EXPECT_EQ(default_results_dir("/x", "/home/a"), "/x/hostmark/results");
  EXPECT_EQ(default_results_dir("", "/home/a"), "/home/a/.local/share/hostmark/results");
  EXPECT_EQ(default_results_dir("", ""), "hostmark-results");
}

TEST(StoreTest, FileNameHasTimeHostAndCommandWithoutUnsafeCharacters) {
  EXPECT_EQ(result_file_path("/d", sample()), "/d/20261202T091913Z-web_1-suite.json");
}

TEST(StoreTest, SaveCreatesTheDirectoryAndReplacesAtomically) {
  const fs::path dir =
      fs::temp_directory_path() / ("hostmark-store-" + std::to_string(getpid())) / "a" / "b";
  const std::string path = (dir / "r.json").string();
  Result r = sample();
  ASSERT_TRUE(save_result(r, path).ok());
  r.phases[0].metrics[0].value = 5000;
  ASSERT_TRUE(save_result(r, path).ok());
  std::ifstream in(path);
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["phases"][0]["metrics"][0]["value"], 5000.0);
  EXPECT_FALSE(fs::exists(path + ".tmp"));
  fs::remove_all(dir.parent_path().parent_path());
}

TEST(StoreTest, UnwritablePlaceIsARunErrorNamingIt) {
  const auto saved = save_result(sample(), "/proc/hostmark-nope/r.json");
  ASSERT_FALSE(saved.ok());
  EXPECT_EQ(saved.error().exit_code(), 1);
  EXPECT_NE(saved.error().message().find("/proc/hostmark-nope"), std::string::npos);
}

}  // namespace
}  // namespace hostmark
