// The mysql driver (db/mysql_*.cc) against the real MariaDB of scripts/db-servers.sh
// (tests/db_servers.h), over its unix socket and over TCP.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "db/db_driver.h"
#include "db_servers.h"
#include "db_test_util.h"

namespace hostmark {
namespace {

using db::DbError;
using db::Param;
using db::QueryKind;
using testing_db::connect;
using testing_db::db_error_of;
using testing_db::test_table;

class MysqlDriverTest : public ::testing::TestWithParam<bool> {};  // param: over TCP

TEST_P(MysqlDriverTest, ConnectsAndReportsTheServer) {
  HOSTMARK_MYSQL_OR_SKIP(opts, GetParam());
  auto driver = db::make_driver(opts).value();
  EXPECT_EQ(driver->name(), "mysql");
  EXPECT_EQ(driver->target(),
            GetParam() ? "mysql 127.0.0.1:" + std::to_string(opts.port) : "mysql " + opts.socket);
  auto c = driver->connect();
  EXPECT_NE(c->server_version().find("MariaDB"), std::string::npos) << c->server_version();
  const auto r = c->query("SELECT 1 UNION ALL SELECT 2");
  EXPECT_EQ(r.kind, QueryKind::kRead);
  EXPECT_EQ(r.rows, 2u);
  const auto settings = c->server_settings();
  std::vector<std::string> names;
  for (const auto& [name, value] : settings) names.push_back(name);
  EXPECT_EQ(names,
            (std::vector<std::string>{"innodb_buffer_pool_size", "innodb_flush_log_at_trx_commit",
                                      "sync_binlog", "transaction_isolation"}));
  EXPECT_EQ(settings[0].second, "67108864");  // db-servers.sh: 64M
  EXPECT_EQ(settings[3].second, "REPEATABLE-READ");
}

TEST_P(MysqlDriverTest, ClassifiesAsSysbenchDoes) {
  HOSTMARK_MYSQL_OR_SKIP(opts, GetParam());
  auto c = connect(opts);
  const std::string t = test_table();
  c->query("DROP TABLE IF EXISTS " + t);
  EXPECT_EQ(c->query("CREATE TABLE " + t + " (id INT PRIMARY KEY, v INT)").kind, QueryKind::kOther);
  auto r = c->query("INSERT INTO " + t + " VALUES (1, 0), (2, 0), (3, 0)");
  EXPECT_EQ(r.kind, QueryKind::kWrite);
  EXPECT_EQ(r.rows, 3u);
  r = c->query("SELECT v FROM " + t + " WHERE id > 100");
  EXPECT_EQ(r.kind, QueryKind::kRead);  // a result set, even empty, is a read
  EXPECT_EQ(r.rows, 0u);
  EXPECT_EQ(c->query("BEGIN").kind, QueryKind::kOther);
  r = c->query("UPDATE " + t + " SET v = v + 1 WHERE id <= 2");
  EXPECT_EQ(r.kind, QueryKind::kWrite);
  EXPECT_EQ(r.rows, 2u);
  EXPECT_EQ(c->query("UPDATE " + t + " SET v = 5 WHERE id = 100").kind, QueryKind::kOther);
  EXPECT_EQ(c->query("UPDATE " + t + " SET v = 1 WHERE id = 1").kind,
            QueryKind::kOther);  // matched, changed nothing
  EXPECT_EQ(c->query("COMMIT").kind, QueryKind::kOther);
  EXPECT_EQ(c->query("DELETE FROM " + t + " WHERE id = 3").kind, QueryKind::kWrite);
  c->query("DROP TABLE " + t);
}

TEST_P(MysqlDriverTest, PreparedStatementsBindIntegersAndStrings) {
  for (const bool server_prepared : {true, false}) {
    SCOPED_TRACE(server_prepared ? "ps-mode auto" : "ps-mode disable");
    HOSTMARK_MYSQL_OR_SKIP(base, GetParam());
    db::ConnectOptions opts = base;
    opts.server_prepared = server_prepared;
    auto c = connect(opts);
    const std::string t = test_table();
    c->query("DROP TABLE IF EXISTS " + t);
    c->query("CREATE TABLE " + t + " (id INT PRIMARY KEY, c VARCHAR(400))");
    auto insert = c->prepare("INSERT INTO " + t + " (id, c) VALUES (?, ?)", 2);
    const std::string tricky = "it's a \\ \"quoted\" ? value";
    const std::string longer(300, 'x');
    std::vector<Param> p{std::int64_t{1}, std::string_view(tricky)};
    auto r = insert->execute(p);
    EXPECT_EQ(r.kind, QueryKind::kWrite);
    EXPECT_EQ(r.rows, 1u);
    p = {std::int64_t{2}, std::string_view(longer)};
    EXPECT_EQ(insert->execute(p).kind, QueryKind::kWrite);

    auto select = c->prepare("SELECT id FROM " + t + " WHERE c = ? AND id >= ?", 2);
    p = {std::string_view(tricky), std::int64_t{0}};
    r = select->execute(p);
    EXPECT_EQ(r.kind, QueryKind::kRead);
    EXPECT_EQ(r.rows, 1u);
    p = {std::string_view(longer), std::int64_t{0}};
    EXPECT_EQ(select->execute(p).rows, 1u);
    p = {std::string_view("nothing"), std::int64_t{0}};
    r = select->execute(p);
    EXPECT_EQ(r.kind, QueryKind::kRead);
    EXPECT_EQ(r.rows, 0u);

    auto update = c->prepare("UPDATE " + t + " SET c = ? WHERE id = ?", 2);
    p = {std::string_view("new"), std::int64_t{1}};
    EXPECT_EQ(update->execute(p).kind, QueryKind::kWrite);
    EXPECT_EQ(update->execute(p).kind, QueryKind::kOther);  // unchanged
    p = {std::string_view("new"), std::int64_t{999}};
    EXPECT_EQ(update->execute(p).kind, QueryKind::kOther);  // matches nothing

    const auto e = db_error_of([&] { c->prepare("SELECT ? + ?", 1); });
    EXPECT_NE(std::string(e.what()).find("parameters"), std::string::npos) << e.what();
    c->query("DROP TABLE " + t);
  }
}

TEST_P(MysqlDriverTest, WrongPasswordIsOneLineWithoutThePassword) {
  HOSTMARK_MYSQL_OR_SKIP(base, GetParam());
  db::ConnectOptions opts = base;
  opts.password = "Not-The-Secret-9431";
  auto driver = db::make_driver(opts).value();
  const auto e = db_error_of([&] { driver->connect(); });
  const std::string what = e.what();
  EXPECT_EQ(what.rfind(driver->target() + ": Access denied for user 'sbtest'", 0), 0u) << what;
  EXPECT_EQ(what.find("Not-The-Secret"), std::string::npos) << what;
  EXPECT_EQ(driver->target().find("Not-The-Secret"), std::string::npos);
  EXPECT_EQ(what.find('\n'), std::string::npos);
  EXPECT_EQ(e.code(), "1045");
  EXPECT_FALSE(e.connection_lost());
}

TEST_P(MysqlDriverTest, MissingDatabaseNamesIt) {
  HOSTMARK_MYSQL_OR_SKIP(base, GetParam());
  db::ConnectOptions opts = base;
  opts.database = "sbtest_no_such_db";
  const auto e = db_error_of([&] { connect(opts); });
  EXPECT_NE(std::string(e.what()).find("Unknown database 'sbtest_no_such_db'"), std::string::npos)
      << e.what();
  EXPECT_EQ(e.code(), "1049");
}

TEST_P(MysqlDriverTest, AnIgnorableCodeIsFlagged) {
  HOSTMARK_MYSQL_OR_SKIP(base, GetParam());
  for (const auto& [list, ignorable] : std::vector<std::pair<std::vector<std::string>, bool>>{
           {{}, false}, {{"1213", "1146"}, true}, {{"1213"}, false}, {{"all"}, true}}) {
    db::ConnectOptions opts = base;
    opts.ignore_errors = list;
    auto c = connect(opts);
    const auto e = db_error_of([&] { c->query("SELECT * FROM hm_no_such_table"); });
    EXPECT_EQ(e.code(), "1146");
    EXPECT_EQ(e.ignorable(), ignorable) << ::testing::PrintToString(list);
    EXPECT_FALSE(e.connection_lost());
    EXPECT_EQ(c->query("SELECT 1").rows, 1u);  // the connection is still usable
  }
}

TEST_P(MysqlDriverTest, KilledConnectionIsLostAndReconnectRecovers) {
  HOSTMARK_MYSQL_OR_SKIP(opts, GetParam());
  auto victim = connect(opts);
  auto killer = connect(opts);
  const std::string t = test_table();
  victim->query("DROP TABLE IF EXISTS " + t);
  victim->query("CREATE TABLE " + t + " AS SELECT CONNECTION_ID() AS id");
  auto stale = victim->prepare("SELECT ?", 1);
  killer->query("SELECT id INTO @victim FROM " + t);
  killer->query("EXECUTE IMMEDIATE CONCAT('KILL CONNECTION ', @victim)");
  const auto e = db_error_of([&] { victim->query("SELECT 1"); });
  EXPECT_TRUE(e.connection_lost()) << e.code() << " " << e.what();
  victim->reconnect();
  EXPECT_EQ(victim->query("SELECT 1").rows, 1u);
  const std::vector<Param> p{std::int64_t{7}};
  EXPECT_FALSE(db_error_of([&] { stale->execute(p); }).code().empty());  // no crash
  EXPECT_EQ(victim->prepare("SELECT ?", 1)->execute(p).rows, 1u);
  victim->query("DROP TABLE " + t);
}

TEST_P(MysqlDriverTest, ServerDownNamesTheTarget) {
  HOSTMARK_MYSQL_OR_SKIP(base, GetParam());
  db::ConnectOptions opts = base;
  if (GetParam()) {
    opts.port = testing_db::unused_loopback_port();
  } else {
    opts.socket = base.socket + ".absent";
  }
  auto driver = db::make_driver(opts).value();
  const auto e = db_error_of([&] { driver->connect(); });
  EXPECT_EQ(std::string(e.what()).rfind(driver->target() + ": ", 0), 0u) << e.what();
  EXPECT_EQ(e.code(), "2002");
}

// db-servers.sh gives MariaDB a self-signed certificate: TLS is used when asked for, and its
// verification fails.
TEST_P(MysqlDriverTest, SslModes) {
  HOSTMARK_MYSQL_OR_SKIP(base, GetParam());
  const std::string tls_in_use =
      "SELECT 1 FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'Ssl_cipher' AND "
      "VARIABLE_VALUE <> ''";
  for (const auto& [mode, tls] : std::vector<std::pair<std::string, bool>>{
           {"off", false}, {"DISABLED", false}, {"on", true}, {"REQUIRED", true}}) {
    db::ConnectOptions opts = base;
    opts.ssl = mode;
    EXPECT_EQ(connect(opts)->query(tls_in_use).rows, tls ? 1u : 0u) << mode;
  }
  db::ConnectOptions opts = base;
  opts.ssl = "VERIFY_CA";
  auto driver = db::make_driver(opts).value();
  const auto e = db_error_of([&] { driver->connect(); });
  EXPECT_EQ(std::string(e.what()).rfind(driver->target() + ": ", 0), 0u) << e.what();
  EXPECT_NE(std::string(e.what()).find("certificate"), std::string::npos) << e.what();
}

// Workloads may destroy their statements after the connection (and the driver): no crash.
TEST_P(MysqlDriverTest, StatementsMayOutliveTheirConnection) {
  HOSTMARK_MYSQL_OR_SKIP(opts, GetParam());
  std::unique_ptr<db::Statement> statement;
  {
    auto driver = db::make_driver(opts).value();
    auto c = driver->connect();
    statement = c->prepare("SELECT ?", 1);
    const std::vector<Param> p{std::int64_t{1}};
    EXPECT_EQ(statement->execute(p).rows, 1u);
  }
  statement.reset();
}

INSTANTIATE_TEST_SUITE_P(SocketAndTcp, MysqlDriverTest, ::testing::Bool(),
                         [](const auto& p) { return p.param ? "Tcp" : "Socket"; });

TEST(MysqlDriverOptions, BadSslModeIsAUsageError) {
  db::ConnectOptions opts;
  opts.kind = db::DriverKind::kMysql;
  opts.ssl = "sometimes";
  const auto d = db::make_driver(opts);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().kind, ErrorKind::kUsage);
  EXPECT_EQ(d.error().what, "--mysql-ssl");
}

TEST(MysqlDriverOptions, TargetNamesHostPortOrSocket) {
  db::ConnectOptions opts;
  opts.kind = db::DriverKind::kMysql;
  EXPECT_EQ(db::make_driver(opts).value()->target(), "mysql localhost");
  opts.host = "db.example";
  EXPECT_EQ(db::make_driver(opts).value()->target(), "mysql db.example:3306");
  opts.password = "secret-pw";
  EXPECT_EQ(db::make_driver(opts).value()->target().find("secret"), std::string::npos);
}

}  // namespace
}  // namespace hostmark
