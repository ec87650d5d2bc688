// `hostmark record` and `hostmark history` driven as a user would: a short recording read
// back in every format, Ctrl-C, and mistakes.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <thread>

#include "background_hostmark.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

// The first whole block device of this machine ("vda"), or "".
std::string some_block_device() {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/sys/block", ec))
    return e.path().filename().string();
  return "";
}

TEST(RecordCli, RecordsAndHistoryReadsBackInEveryFormat) {
  ScratchDir dir;
  const std::string db = dir.file("rec.db");
  const RunOutput rec = run_hostmark(
      {"record", "--db", db, "--interval", "100ms", "--count", "5", "--output-format=json"});
  ASSERT_EQ(rec.exit_code, 0) << rec.err;
  const auto r = nlohmann::json::parse(rec.out);
  EXPECT_EQ(r["samples_written"], 5);
  EXPECT_EQ(r["samples_in_db"], 5);
  EXPECT_EQ(r["interrupted"], false);

  const RunOutput json = run_hostmark({"history", "--db", db, "--output-format=json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto h = nlohmann::json::parse(json.out);
  EXPECT_EQ(h["schema"], "hostmark.history");
  ASSERT_EQ(h["rows"].size(), 4u);  // 5 samples, 4 intervals
  for (const auto& row : h["rows"]) {
    // 100 ms samples; a loaded machine delays some (ctest runs two tests per core), so only
    // the unit is checked: seconds, not milliseconds or nanoseconds.
    EXPECT_GT(row["interval_s"].get<double>(), 0.0);
    EXPECT_LT(row["interval_s"].get<double>(), 5.0);
    const auto& c = row["cpu"];
    const double sum = c["user_pct"].get<double>() + c["nice_pct"].get<double>() +
                       c["system_pct"].get<double>() + c["iowait_pct"].get<double>() +
                       c["steal_pct"].get<double>() + c["idle_pct"].get<double>();
    EXPECT_NEAR(sum, 100.0, 0.5) << row;
    EXPECT_GE(row["io"]["tps"].get<double>(), 0.0);
    EXPECT_GT(row["mem"]["total_bytes"].get<double>(), 0.0);
  }

  const RunOutput csv = run_hostmark({"history", "--db", db, "--output-format=csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  const auto lines = output_lines(csv.out);
  ASSERT_EQ(lines.size(), 5u) << csv.out;
  EXPECT_EQ(lines[0].rfind("time,interval_s,cpu_user_pct", 0), 0u);

  const RunOutput text = run_hostmark({"history", "--db", db});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("%iowait"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("bwrtn/s"), std::string::npos) << text.out;

  const std::string dev = some_block_device();
  if (dev.empty()) GTEST_SKIP() << "no block device in /sys/block: --device not tried";
  const RunOutput one =
      run_hostmark({"history", "--db", db, "--device", dev, "--output-format=json"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto d = nlohmann::json::parse(one.out);
  ASSERT_EQ(d["rows"].size(), 4u);
  EXPECT_TRUE(d["rows"][0]["device"].contains("util_pct"));

  // A range before the recording: no rows, still a whole document.
  const RunOutput empty = run_hostmark(
      {"history", "--db", db, "--from", "@1000", "--to", "@2000", "--output-format=json"});
  ASSERT_EQ(empty.exit_code, 0) << empty.err;
  EXPECT_TRUE(nlohmann::json::parse(empty.out)["rows"].empty());
}

TEST(RecordCli, CtrlCEndsTheRecordingWithASummary) {
  ScratchDir dir;
  BackgroundHostmark child(
      {"record", "--db", dir.file("c.db"), "--interval", "50ms", "--output-format=json"}, {}, dir);
  ASSERT_TRUE(child.wait_until_handles(SIGINT)) << child.err();
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  child.signal(SIGINT);
  ASSERT_EQ(child.wait(), 0) << child.err();
  const auto j = nlohmann::json::parse(child.out());
  EXPECT_EQ(j["interrupted"], true);
  EXPECT_GE(j["samples_written"].get<int>(), 1);
  EXPECT_EQ(j["samples_written"], j["samples_in_db"]);
}

TEST(RecordCli, MistakesAreOneLine) {
  ScratchDir dir;
  const std::vector<std::vector<std::string>> cases = {
      {"record", "--db", dir.file("x.db"), "--interval", "1ms"},
      {"record", "--db", dir.file("x.db"), "--retain", "0"},
      {"record", "--db", dir.file("x.db"), "--output-format=csv"},
      {"history", "--db", dir.file("missing.db")},
      {"history", "--db", dir.file("x.db"), "--from", "soon"},
      {"history", "--db", dir.file("x.db"), "--from", "now", "--to", "1h ago"},
  };
  for (const auto& args : cases) {
    const RunOutput r = run_hostmark(args);
    EXPECT_EQ(r.exit_code, 2) << args[1] << " " << args.back() << ": " << r.err;
    ASSERT_EQ(output_lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("hostmark: ", 0), 0u) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir.file("missing.db")));
}

}  // namespace
}  // namespace hostmark
