// The SQLite results store: the backend checks, the default location, migration of a real
// version-1 file, a newer schema refused, and two processes saving at once.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "result_store_test_util.h"
#include "results/result_store_backends.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

using testing_store::sample_result;

// Runs `sql` on the file directly (not through the store); returns SQLite's result code.
int raw_sql(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open(path.c_str(), &db);
  if (rc == SQLITE_OK) rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
  sqlite3_close(db);
  return rc;
}

std::string raw_value(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  sqlite3_stmt* stmt = nullptr;
  std::string value = "(none)";
  if (sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
      sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_ROW) {
    const unsigned char* t = sqlite3_column_text(stmt, 0);
    value = t != nullptr ? reinterpret_cast<const char*>(t) : "(null)";
  }
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return value;
}

TEST(ResultStoreSqlite, SavesGetsAndLists) {
  ScratchDir dir;
  auto store = open_result_store(dir.file("results.db")).value();
  EXPECT_EQ(store->describe(), "sqlite " + dir.file("results.db"));
  testing_store::check_save_get_list(*store);
}

TEST(ResultStoreSqlite, UpdatesRemovesAndNeverReusesIds) {
  ScratchDir dir;
  auto store = open_result_store("sqlite:" + dir.file("results.db")).value();
  testing_store::check_update_remove(*store);
}

TEST(ResultStoreSqlite, KeepsImportedJsonVerbatim) {
  ScratchDir dir;
  auto store = open_result_store(dir.file("results.db")).value();
  testing_store::check_save_json(*store);
}

TEST(ResultStoreSqlite, DefaultFileFollowsXdgThenHome) {
  EXPECT_EQ(default_results_db("/x/data", "/home/u"), "/x/data/hostmark/results.db");
  EXPECT_EQ(default_results_db("", "/home/u"), "/home/u/.local/share/hostmark/results.db");
  // The tests' environment (tests/test_data_home_test.cc) points at a temporary directory.
  EXPECT_EQ(default_results_db(),
            std::string(std::getenv("XDG_DATA_HOME")) + "/hostmark/results.db");
}

TEST(ResultStoreSqlite, CreatesMissingDirectories) {
  ScratchDir dir;
  const std::string path = dir.path() + "/a/b/results.db";
  auto store = open_result_store(path).value();
  store->save(sample_result("cpu", "h", 1)).value();
  EXPECT_TRUE(std::filesystem::exists(path));
  EXPECT_EQ(raw_value(path, "PRAGMA journal_mode"), "wal");
  EXPECT_EQ(raw_value(path, "PRAGMA user_version"), std::to_string(kResultStoreSchemaVersion));
}

TEST(ResultStoreSqlite, MigratesAVersionOneFile) {
  ScratchDir dir;
  const std::string path = dir.file("v1.db");
  {  // a file as a version-1 hostmark left it, with one result saved the version-1 way
    auto v1 = open_sqlite_result_store(path, 1).value();
  }
  ASSERT_EQ(raw_value(path, "PRAGMA user_version"), "1");
  ASSERT_NE(raw_sql(path, "SELECT summary FROM results"), SQLITE_OK) << "v1 has no summary";
  const std::string json = result_to_json(sample_result("memory", "old-host", 25.5)).dump();
  std::string quoted;
  for (char c : json) quoted += c == '\'' ? std::string("''") : std::string(1, c);
  ASSERT_EQ(raw_sql(path,
                    "INSERT INTO results (command, hostname, start_time_utc, "
                    "start_time_unix_ns, interrupted, hostmark_version, json) VALUES ('memory', "
                    "'old-host', '2026-12-03T10:00:00Z', 1, 0, '0.0-test', '" +
                        quoted + "')"),
            SQLITE_OK);

  auto store = open_result_store(path).value();
  EXPECT_EQ(raw_value(path, "PRAGMA user_version"), "2");
  const auto rows = store->list({}).value();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].hostname, "old-host");
  EXPECT_EQ(rows[0].summary, "single-thread events_per_s=25.5 events/s") << "backfilled";
  EXPECT_EQ(raw_value(path, "SELECT name FROM sqlite_master WHERE type = 'index'"),
            "results_by_host_command");
  const std::int64_t next = store->save(sample_result("cpu", "new-host", 1)).value();
  EXPECT_GT(next, rows[0].id);
}

TEST(ResultStoreSqlite, RefusesANewerSchema) {
  ScratchDir dir;
  const std::string path = dir.file("future.db");
  open_result_store(path).value();
  ASSERT_EQ(raw_sql(path, "PRAGMA user_version = 99"), SQLITE_OK);
  const auto store = open_result_store(path);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().message(),
            fmt::format("sqlite {}: schema version 99 is newer than this hostmark knows ({}): "
                        "use a newer hostmark",
                        path, kResultStoreSchemaVersion));
}

TEST(ResultStoreSqlite, RefusesAFileThatIsNotADatabase) {
  ScratchDir dir;
  const std::string path = dir.file("text.db");
  std::ofstream(path) << "this is not a database, just some text that is long enough\n";
  const auto store = open_result_store(path);
  ASSERT_FALSE(store);
  EXPECT_TRUE(store.error().message().starts_with("sqlite " + path + ": "))
      << store.error().message();
}

TEST(ResultStoreSqlite, RefusesMysqlUrls) {
  const auto store = open_result_store("mysql://u@127.0.0.1/db");
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().exit_code(), 2);
  EXPECT_NE(store.error().message().find("not MySQL"), std::string::npos);
}

// Two processes open a new file at the same moment (both create it, switch it to WAL and
// migrate it) and save 50 results each: all 100 are there, with distinct ids.
TEST(ResultStoreSqlite, TwoProcessesSavingAtOnceLoseNothing) {
  ScratchDir dir;
  const std::string path = dir.file("shared.db");
  constexpr int kPerProcess = 50;
  int go[2];
  ASSERT_EQ(pipe(go), 0);
  std::vector<pid_t> children;
  for (int child = 0; child < 2; ++child) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      close(go[1]);
      char c;
      while (read(go[0], &c, 1) < 0) {
      }  // released when the parent closes its end
      int failures = 0;
      auto store = open_result_store(path);
      if (!store) _exit(10);
      for (int i = 0; i < kPerProcess; ++i) {
        const std::string host = fmt::format("proc{}", child);
        if (!(*store)->save(sample_result("cpu", host, i))) ++failures;
      }
      _exit(failures == 0 ? 0 : 11);
    }
    children.push_back(pid);
  }
  close(go[0]);
  close(go[1]);
  for (const pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "child status " << status;
  }
  auto store = open_result_store(path).value();
  const auto rows = store->list({}).value();
  EXPECT_EQ(rows.size(), 2u * kPerProcess);
  std::set<std::int64_t> ids;
  for (const auto& r : rows) ids.insert(r.id);
  EXPECT_EQ(ids.size(), 2u * kPerProcess);
  EXPECT_EQ(store->list({"", "proc0", 0}).value().size(), std::size_t{kPerProcess});
  EXPECT_EQ(store->list({"", "proc1", 0}).value().size(), std::size_t{kPerProcess});
}

}  // namespace
}  // namespace hostmark
