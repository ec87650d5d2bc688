// The SQLite driver: classification of results, prepared and client-side statements, errors
// named by SQLite's result names, version and settings.
#include <gtest/gtest.h>

#include "oltp_test_util.h"

namespace hostmark {
namespace {

using db::Param;
using db::QueryKind;

class SqliteDriverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(dir_.path().empty());
    options_ = oltp_test::sqlite_options(dir_);
    driver_ = oltp_test::driver_for(options_);
    conn_ = driver_->connect();
    conn_->query("CREATE TABLE t (id INTEGER PRIMARY KEY, c TEXT)");
    conn_->query("INSERT INTO t (id, c) VALUES (1, 'a'), (2, 'b'), (3, 'c')");
  }
  ScratchDir dir_;
  db::ConnectOptions options_;
  std::unique_ptr<db::Driver> driver_;
  std::unique_ptr<db::Connection> conn_;
};

TEST_F(SqliteDriverTest, ClassifiesResultsAsSysbenchDoes) {
  const auto select_none = conn_->query("SELECT c FROM t WHERE id = 99");
  EXPECT_EQ(select_none.kind, QueryKind::kRead);  // a result set, even empty
  EXPECT_EQ(select_none.rows, 0u);
  const auto select_two = conn_->query("SELECT c FROM t WHERE id <= 2");
  EXPECT_EQ(select_two.kind, QueryKind::kRead);
  EXPECT_EQ(select_two.rows, 2u);
  const auto update = conn_->query("UPDATE t SET c = 'x' WHERE id >= 2");
  EXPECT_EQ(update.kind, QueryKind::kWrite);
  EXPECT_EQ(update.rows, 2u);
  EXPECT_EQ(conn_->query("UPDATE t SET c = 'x' WHERE id = 99").kind, QueryKind::kOther);
  EXPECT_EQ(conn_->query("DELETE FROM t WHERE id = 99").kind, QueryKind::kOther);
  EXPECT_EQ(conn_->query("BEGIN").kind, QueryKind::kOther);
  EXPECT_EQ(conn_->query("INSERT INTO t (c) VALUES ('d')").kind, QueryKind::kWrite);
  EXPECT_EQ(conn_->query("COMMIT").kind, QueryKind::kOther);
  EXPECT_EQ(conn_->query("CREATE INDEX ci ON t(c)").kind, QueryKind::kOther);
  // After a write, a statement that is not DML is still "other" (sqlite3_changes lingers).
  conn_->query("UPDATE t SET c = 'y' WHERE id = 1");
  EXPECT_EQ(conn_->query("CREATE TABLE u (x INTEGER)").kind, QueryKind::kOther);
}

TEST_F(SqliteDriverTest, PreparedAndClientSideStatementsBindTheSameValues) {
  for (const bool server_prepared : {true, false}) {
    SCOPED_TRACE(server_prepared);
    db::ConnectOptions o = options_;
    o.server_prepared = server_prepared;
    auto conn = oltp_test::driver_for(o)->connect();
    auto insert = conn->prepare("INSERT INTO t (id, c) VALUES (?, ?)", 2);
    const std::int64_t id = server_prepared ? 10 : 11;
    const Param p[] = {id, std::string_view("it's")};
    const auto r = insert->execute(p);
    EXPECT_EQ(r.kind, QueryKind::kWrite);
    auto select = conn->prepare("SELECT id FROM t WHERE c = ? AND id = ?", 2);
    const Param q[] = {std::string_view("it's"), id};
    const auto s = select->execute(q);
    EXPECT_EQ(s.kind, QueryKind::kRead);
    EXPECT_EQ(s.rows, 1u);
    EXPECT_EQ(select->execute(q).rows, 1u);  // re-executable
  }
}

TEST_F(SqliteDriverTest, ErrorsCarrySqliteResultNamesAndTheIgnoreList) {
  try {
    conn_->query("INSERT INTO t (id, c) VALUES (1, 'dup')");
    FAIL() << "no error";
  } catch (const db::DbError& e) {
    EXPECT_EQ(e.code(), "SQLITE_CONSTRAINT");
    EXPECT_FALSE(e.ignorable());
    EXPECT_FALSE(e.connection_lost());
    EXPECT_NE(std::string(e.what()).find("sqlite " + dir_.file("sbtest.db") + ": "),
              std::string::npos)
        << e.what();
  }
  db::ConnectOptions o = options_;
  o.ignore_errors = {"SQLITE_CONSTRAINT"};
  auto conn = oltp_test::driver_for(o)->connect();
  try {
    conn->query("INSERT INTO t (id, c) VALUES (1, 'dup')");
    FAIL() << "no error";
  } catch (const db::DbError& e) {
    EXPECT_TRUE(e.ignorable());
  }
  o.ignore_errors = {"all"};
  conn = oltp_test::driver_for(o)->connect();
  try {
    conn->prepare("SELEC nonsense", 0);
    FAIL() << "no error";
  } catch (const db::DbError& e) {
    EXPECT_EQ(e.code(), "SQLITE_ERROR");
    EXPECT_TRUE(e.ignorable());
  }
}

TEST_F(SqliteDriverTest, ReportsVersionSettingsAndTarget) {
  EXPECT_EQ(conn_->server_version().rfind("SQLite 3.", 0), 0u) << conn_->server_version();
  const auto settings = conn_->server_settings();
  ASSERT_EQ(settings.size(), 4u);
  EXPECT_EQ(settings[0], std::make_pair(std::string("journal_mode"), std::string("wal")));
  EXPECT_EQ(settings[1].first, "synchronous");
  EXPECT_EQ(settings[1].second, "FULL");
  EXPECT_EQ(settings[2].first, "page_size");
  EXPECT_EQ(settings[3].first, "cache_size");
  EXPECT_EQ(driver_->target(), "sqlite " + dir_.file("sbtest.db"));
  EXPECT_EQ(driver_->name(), "sqlite");
}

TEST_F(SqliteDriverTest, UnopenableFileIsOneErrorNamingIt) {
  db::ConnectOptions o = options_;
  o.sqlite_path = dir_.file("no/such/dir/x.db");
  auto d = oltp_test::driver_for(o);
  try {
    d->connect();
    FAIL() << "no error";
  } catch (const db::DbError& e) {
    EXPECT_EQ(e.code(), "SQLITE_CANTOPEN");
    EXPECT_NE(std::string(e.what()).find(o.sqlite_path), std::string::npos) << e.what();
  }
}

TEST_F(SqliteDriverTest, TwoWritersTakeTurnsWithoutBusyErrors) {
  // Two threads of oltp_write_only on one file: BEGIN IMMEDIATE and the busy handler serialize
  // them; no event fails or restarts.
  conn_->query("DROP TABLE t");
  OltpSpec s;
  s.kind = OltpKind::kWriteOnly;
  s.tables = 1;
  s.table_size = 100;
  std::ostringstream out;
  oltp_prepare(s, *driver_, 1, out);
  const OltpCounts n = oltp_test::run_events(s, *driver_, 200, 2);
  EXPECT_EQ(n.transactions, 200u);
  EXPECT_EQ(n.ignored_errors, 0u);
  EXPECT_EQ(n.writes, 800u);
}

}  // namespace
}  // namespace hostmark
