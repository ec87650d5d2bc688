// `hostmark db` on its failure and Ctrl-C paths (issue 5): one error line when the cleanup
// fails after a failure, and no temporary SQLite directory left whenever SIGINT arrives.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "background_hostmark.h"
#include "db/db_driver.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

// One table of 200 rows, no warm-up, one thread, 200 ms phases unless `more` has a --time.
std::vector<std::string> cleanup_args(std::vector<std::string> more) {
  std::vector<std::string> args = {"db", "--tables=1", "--table-size=200", "--warmup=0",
                                   "--threads=1"};
  if (std::none_of(more.begin(), more.end(),
                   [](const std::string& a) { return a.rfind("--time", 0) == 0; }))
    args.emplace_back("--time=200ms");
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::unique_ptr<db::Connection> sqlite_connection(const std::string& path) {
  db::ConnectOptions o;
  o.kind = db::DriverKind::kSqlite;
  o.sqlite_path = path;
  return db::make_driver(o).value()->connect();
}

// A view named sbtest1 that fails when read: prepare's final rename fails, and so does the
// cleanup's DROP TABLE ("use DROP VIEW"). One line, the prepare error with the cleanup's.
TEST(DbCleanupCliTest, PrepareAndCleanupFailingIsOneLine) {
  ScratchDir dir;
  const std::string path = dir.file("view.db");
  sqlite_connection(path)->query("CREATE VIEW sbtest1 AS SELECT id FROM nosuch");
  const RunOutput r = run_hostmark(cleanup_args({"sqlite:" + path}));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  ASSERT_EQ(output_lines(r.err).size(), 1u) << r.err;
  EXPECT_EQ(r.err.rfind("hostmark: sqlite " + path + ": ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("; cleanup also failed: could not drop the sbtest tables: "),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("DROP VIEW"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(path, r.err.find("cleanup also failed")), std::string::npos)
      << "the target is named once: " << r.err;
}

// A phase that fails (sbtest1 swapped for a broken view while it runs) and then a cleanup that
// fails: the result is printed, then one line.
TEST(DbCleanupCliTest, PhaseAndCleanupFailingIsOneLine) {
  ScratchDir dir;
  const std::string path = dir.file("swap.db");
  BackgroundHostmark child(cleanup_args({"sqlite:" + path, "--time=30s", "--output-format=json"}),
                           {}, dir);
  ASSERT_TRUE(child.started());
  bool swapped = false;
  for (int i = 0; i < 2000 && !swapped; ++i) {  // until prepare has made sbtest1
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (!fs::exists(path)) continue;
    try {
      auto conn = sqlite_connection(path);
      if (conn->query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sbtest1'")
              .rows == 0)
        continue;
      conn->query(
          "BEGIN IMMEDIATE; DROP TABLE sbtest1; CREATE VIEW sbtest1 AS SELECT id, k, c, pad "
          "FROM nosuch; COMMIT");
      swapped = true;
    } catch (const db::DbError&) {  // busy: try again
    }
  }
  ASSERT_TRUE(swapped) << child.err();
  const int status = child.wait();
  const std::string err = child.err();
  EXPECT_EQ(status, 1) << err;
  ASSERT_EQ(output_lines(err).size(), 1u) << err;
  EXPECT_EQ(err.rfind("hostmark: sqlite " + path + ": ", 0), 0u) << err;
  EXPECT_NE(err.find("nosuch"), std::string::npos) << err;
  EXPECT_NE(err.find("; cleanup also failed: could not drop the sbtest tables: "),
            std::string::npos)
      << err;
  const std::string out = child.out();
  EXPECT_NE(out.find("could not drop the sbtest tables"), std::string::npos) << out;  // warning
}

// hostmark-sqlite.* directories under `dir` (the run's TMPDIR).
std::vector<std::string> temp_dirs(const ScratchDir& dir) {
  std::vector<std::string> found;
  for (const auto& e : fs::directory_iterator(dir.path()))
    if (e.path().filename().string().rfind("hostmark-sqlite.", 0) == 0)
      found.push_back(e.path().string());
  return found;
}

TEST(DbCleanupCliTest, TemporaryDatabaseGoesUnderTmpdir) {
  ScratchDir tmp;
  ScratchDir logs;
  BackgroundHostmark child(cleanup_args({"--output-format=json"}), {"TMPDIR=" + tmp.path()}, logs);
  ASSERT_TRUE(child.started());
  EXPECT_EQ(child.wait(), 0) << child.err();
  const std::string out = child.out();
  EXPECT_NE(out.find("\"url\": \"sqlite:" + tmp.path() + "/hostmark-sqlite."), std::string::npos)
      << out;
  EXPECT_TRUE(temp_dirs(tmp).empty());
}

// SIGINT at moments spread over a short run (start-up, prepare, phases, cleanup, output),
// once or twice: the temporary directory is gone afterwards every time.
TEST(DbCleanupCliTest, SigintAtAnyMomentLeavesNoTemporaryDirectory) {
  ScratchDir logs;
  for (const int twice : {0, 1}) {
    for (const int delay_ms : {0, 2, 5, 10, 20, 40, 70, 100, 150, 250, 400, 600, 800, 1000}) {
      SCOPED_TRACE(::testing::Message()
                   << "SIGINT after " << delay_ms << " ms" << (twice ? ", twice" : ""));
      ScratchDir tmp;
      BackgroundHostmark child(cleanup_args({"--output-format=json"}), {"TMPDIR=" + tmp.path()},
                               logs);
      ASSERT_TRUE(child.started());
      std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
      child.signal(SIGINT);
      if (twice) {
        std::this_thread::sleep_for(std::chrono::milliseconds(3));
        child.signal(SIGINT);
      }
      const int status = child.wait();
      EXPECT_NE(status, -1) << child.err();
      EXPECT_TRUE(temp_dirs(tmp).empty()) << "left behind: " << temp_dirs(tmp).front() << "\n"
                                          << child.err();
    }
  }
}

}  // namespace
}  // namespace hostmark
