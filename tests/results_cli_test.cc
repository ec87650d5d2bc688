// The results store through the binary: commands save what they print, `results list / show /
// delete / export / import` round trip, and a store that cannot be written loses nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

std::string read_results_file(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// `results list --output-format=json` of `db`.
nlohmann::json listed(const std::string& db) {
  const RunOutput r = run_hostmark({"results", "list", "--results-db", db, "--output-format=json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

TEST(ResultsCli, CommandsSaveWhatTheyPrint) {
  ScratchDir dir;
  const std::string db = dir.file("r.db");
  const RunOutput cpu = run_hostmark(
      {"cpu", "--time=100ms", "--threads=1", "--output-format=json", "--results-db", db});
  ASSERT_EQ(cpu.exit_code, 0) << cpu.err;
  const nlohmann::json printed = nlohmann::json::parse(cpu.out);  // stdout is the JSON alone
  EXPECT_EQ(cpu.err, "") << "not a terminal: no 'saved as' line";
  const RunOutput sb = run_hostmark(
      {"sysbench", "--events=5", "--output-format=csv", "--results-db=" + db, "cpu", "run"});
  ASSERT_EQ(sb.exit_code, 0) << sb.err;
  EXPECT_TRUE(sb.out.starts_with("command,phase,metric,value,unit\n")) << sb.out;

  const nlohmann::json rows = listed(db);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["command"], "sysbench cpu");
  EXPECT_EQ(rows[1]["command"], "cpu");
  EXPECT_EQ(rows[1]["hostname"], printed["context"]["hostname"]);
  EXPECT_TRUE(rows[1]["summary"].get<std::string>().starts_with("single-thread events_per_s="))
      << rows[1];

  const RunOutput show = run_hostmark({"results", "show", std::to_string(rows[1]["id"].get<int>()),
                                       "--results-db", db, "--output-format=json"});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_EQ(nlohmann::json::parse(show.out), printed);

  const RunOutput text = run_hostmark(
      {"results", "show", std::to_string(rows[1]["id"].get<int>()), "--results-db", db});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("result " + std::to_string(rows[1]["id"].get<int>()) + ": cpu"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("events_per_s"), std::string::npos) << text.out;
}

TEST(ResultsCli, NoSaveAndTheDefaultFile) {
  const std::string default_db = std::string(std::getenv("XDG_DATA_HOME")) + "/hostmark/results.db";
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(default_db + suffix);
  ASSERT_EQ(run_hostmark({"sysbench", "--events=5", "--no-save", "cpu", "run"}).exit_code, 0);
  EXPECT_FALSE(std::filesystem::exists(default_db));
  ASSERT_EQ(run_hostmark({"cpu", "--time=100ms", "--threads=1", "--no-save"}).exit_code, 0);
  EXPECT_FALSE(std::filesystem::exists(default_db));
  ASSERT_EQ(run_hostmark({"cpu", "--time=100ms", "--threads=1"}).exit_code, 0);
  EXPECT_TRUE(std::filesystem::exists(default_db));
  EXPECT_EQ(listed(default_db).size(), 1u);
}

TEST(ResultsCli, AStoreThatCannotBeWrittenLosesNothingPrinted) {
  ScratchDir dir;
  const std::string blocker = dir.file("file");
  std::ofstream(blocker) << "x";
  const std::string db = blocker + "/r.db";  // a directory that cannot exist
  const RunOutput r = run_hostmark(
      {"cpu", "--time=100ms", "--threads=1", "--output-format=json", "--results-db", db});
  EXPECT_EQ(r.exit_code, 1) << "an explicit --results-db that fails fails the run";
  EXPECT_EQ(nlohmann::json::parse(r.out)["command"], "cpu") << "the result is printed first";
  EXPECT_TRUE(r.err.starts_with("hostmark: results store: sqlite " + db + ": ")) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;

  // The default file failing is a warning only: the measurement succeeded.
  const RunOutput d = run_hostmark({"cpu", "--time=100ms", "--threads=1"},
                                   RunOptions{"", 120'000, {"XDG_DATA_HOME=" + blocker}});
  EXPECT_EQ(d.exit_code, 0) << d.err;
  EXPECT_NE(d.out.find("events"), std::string::npos);
  EXPECT_TRUE(d.err.starts_with("hostmark: results store: ")) << d.err;
}

TEST(ResultsCli, ExportImportDeleteRoundTrip) {
  ScratchDir dir;
  const std::string db = dir.file("a.db");
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(
        run_hostmark({"sysbench", "--events=5", "--results-db=" + db, "cpu", "run"}).exit_code, 0);
  }
  const std::string array_file = dir.file("all.json");
  const RunOutput ex =
      run_hostmark({"results", "export", "--all", "-o", array_file, "--results-db", db});
  ASSERT_EQ(ex.exit_code, 0) << ex.err;
  const nlohmann::json exported = nlohmann::json::parse(read_results_file(array_file));
  ASSERT_TRUE(exported.is_array());
  ASSERT_EQ(exported.size(), 3u);

  const std::string lines_file = dir.file("two.jsonl");
  ASSERT_EQ(
      run_hostmark({"results", "export", "1", "3", "--lines", "-o", lines_file, "--results-db", db})
          .exit_code,
      0);
  const std::string lines = read_results_file(lines_file);
  EXPECT_EQ(std::count(lines.begin(), lines.end(), '\n'), 2) << lines;

  // A single --output-format=json file, and the old results directory of such files.
  const std::string single = dir.file("one.json");
  ASSERT_EQ(run_hostmark({"sysbench", "--events=5", "--output-format=json", "--output=" + single,
                          "--no-save", "cpu", "run"})
                .exit_code,
            0);
  std::filesystem::create_directory(dir.file("old"));
  std::filesystem::copy_file(single, dir.file("old/20261203T100000Z-h-suite.json"));

  const std::string db2 = dir.file("b.db");
  const RunOutput im = run_hostmark(
      {"results", "import", array_file, lines_file, single, dir.file("old"), "--results-db", db2});
  ASSERT_EQ(im.exit_code, 0) << im.err;
  EXPECT_EQ(std::count(im.out.begin(), im.out.end(), '\n'), 7) << im.out;
  const nlohmann::json rows = listed(db2);
  ASSERT_EQ(rows.size(), 7u);
  const RunOutput first =
      run_hostmark({"results", "show", "1", "--results-db", db2, "--output-format=json"});
  EXPECT_EQ(nlohmann::json::parse(first.out), exported[0]) << "kept as exported";

  const RunOutput del = run_hostmark({"results", "delete", "2", "99", "abc", "--results-db", db2});
  EXPECT_EQ(del.exit_code, 2);
  EXPECT_EQ(del.err, "hostmark: result 99: no such result in sqlite " + db2 +
                         "\nhostmark: result 'abc': not a result id (a whole number from 1)\n");
  EXPECT_EQ(listed(db2).size(), 6u) << "the good id was deleted";
  const RunOutput csv =
      run_hostmark({"results", "list", "--limit=2", "--output-format=csv", "--results-db", db2});
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 3) << csv.out;
}

TEST(ResultsCli, BadInputIsOneLineEach) {
  ScratchDir dir;
  const std::string db = dir.file("r.db");
  std::ofstream(dir.file("bad.json")) << "{ not json";
  std::ofstream(dir.file("other.json")) << R"({"schema": "hostmark.info"})";
  const RunOutput im =
      run_hostmark({"results", "import", dir.file("missing.json"), dir.file("bad.json"),
                    dir.file("other.json"), "--results-db", db});
  EXPECT_NE(im.exit_code, 0);
  EXPECT_EQ(im.out, "");
  EXPECT_EQ(std::count(im.err.begin(), im.err.end(), '\n'), 3) << im.err;
  EXPECT_NE(im.err.find("missing.json: cannot read"), std::string::npos) << im.err;
  EXPECT_NE(im.err.find("bad.json:1: not JSON"), std::string::npos) << im.err;

  const RunOutput show = run_hostmark({"results", "show", "5", "--results-db", db});
  EXPECT_EQ(show.exit_code, 2);
  EXPECT_EQ(show.err, "hostmark: result 5: no such result in sqlite " + db + "\n");
  const RunOutput ex = run_hostmark({"results", "export", "--results-db", db});
  EXPECT_EQ(ex.exit_code, 2);
  const RunOutput sub = run_hostmark({"results", "frob"});
  EXPECT_EQ(sub.exit_code, 2);
  EXPECT_EQ(std::count(sub.err.begin(), sub.err.end(), '\n'), 1) << sub.err;
}

}  // namespace
}  // namespace hostmark
