// The pgsql driver (db/pgsql_*.cc) against the real PostgreSQL of scripts/db-servers.sh
// (tests/db_servers.h), over its unix socket and over TCP (password authentication on both).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/db_driver.h"
#include "db_servers.h"
#include "db_test_util.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

using db::DbError;
using db::Param;
using db::QueryKind;
using testing_db::connect;
using testing_db::db_error_of;
using testing_db::test_table;

// Sets an environment variable for a scope, restoring the old value after.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

class PgsqlDriverTest : public ::testing::TestWithParam<bool> {};  // param: over TCP

TEST_P(PgsqlDriverTest, ConnectsAndReportsTheServer) {
  HOSTMARK_PGSQL_OR_SKIP(opts, GetParam());
  auto driver = db::make_driver(opts).value();
  EXPECT_EQ(driver->name(), "pgsql");
  EXPECT_EQ(driver->target(), "pgsql " + opts.host + ":" + std::to_string(opts.port));
  auto c = driver->connect();
  EXPECT_EQ(c->server_version().rfind("PostgreSQL 15.", 0), 0u) << c->server_version();
  const auto r = c->query("SELECT 1 UNION ALL SELECT 2");
  EXPECT_EQ(r.kind, QueryKind::kRead);
  EXPECT_EQ(r.rows, 2u);
  const auto settings = c->server_settings();
  std::vector<std::string> names;
  for (const auto& [name, value] : settings) names.push_back(name);
  EXPECT_EQ(names, (std::vector<std::string>{"shared_buffers", "fsync", "synchronous_commit",
                                             "default_transaction_isolation"}));
  EXPECT_EQ(settings[0].second, "32MB");  // db-servers.sh
  EXPECT_EQ(settings[1].second, "on");
  EXPECT_EQ(settings[3].second, "read committed");
}

TEST_P(PgsqlDriverTest, ClassifiesAsSysbenchDoes) {
  HOSTMARK_PGSQL_OR_SKIP(opts, GetParam());
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
  EXPECT_EQ(c->query("COMMIT").kind, QueryKind::kOther);
  EXPECT_EQ(c->query("DELETE FROM " + t + " WHERE id = 3").kind, QueryKind::kWrite);
  c->query("DROP TABLE " + t);
}

TEST_P(PgsqlDriverTest, PreparedStatementsBindIntegersAndStrings) {
  for (const bool server_prepared : {true, false}) {
    SCOPED_TRACE(server_prepared ? "ps-mode auto" : "ps-mode disable");
    HOSTMARK_PGSQL_OR_SKIP(base, GetParam());
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
    p = {std::string_view("new"), std::int64_t{999}};
    EXPECT_EQ(update->execute(p).kind, QueryKind::kOther);  // matches nothing

    const auto e = db_error_of([&] { c->prepare("SELECT ?::int + ?::int", 1); });
    EXPECT_NE(std::string(e.what()).find("parameters"), std::string::npos) << e.what();
    c->query("DROP TABLE " + t);
  }
}

TEST_P(PgsqlDriverTest, WrongPasswordIsOneLineWithoutThePassword) {
  HOSTMARK_PGSQL_OR_SKIP(base, GetParam());
  db::ConnectOptions opts = base;
  opts.password = "Not-The-Secret-9431";
  auto driver = db::make_driver(opts).value();
  const auto e = db_error_of([&] { driver->connect(); });
  const std::string what = e.what();
  EXPECT_EQ(what, driver->target() + ": password authentication failed for user \"sbtest\"");
  EXPECT_EQ(what.find("Not-The-Secret"), std::string::npos) << what;
  EXPECT_EQ(driver->target().find("Not-The-Secret"), std::string::npos);
  EXPECT_EQ(what.find('\n'), std::string::npos);
  EXPECT_EQ(e.code(), "08001");
  EXPECT_FALSE(e.connection_lost());
}

TEST_P(PgsqlDriverTest, MissingDatabaseNamesIt) {
  HOSTMARK_PGSQL_OR_SKIP(base, GetParam());
  db::ConnectOptions opts = base;
  opts.database = "sbtest_no_such_db";
  const auto e = db_error_of([&] { connect(opts); });
  EXPECT_NE(std::string(e.what()).find("database \"sbtest_no_such_db\" does not exist"),
            std::string::npos)
      << e.what();
}

TEST_P(PgsqlDriverTest, AnIgnorableCodeIsFlagged) {
  HOSTMARK_PGSQL_OR_SKIP(base, GetParam());
  for (const auto& [list, ignorable] : std::vector<std::pair<std::vector<std::string>, bool>>{
           {{}, false}, {{"40P01", "42P01"}, true}, {{"40P01"}, false}, {{"all"}, true}}) {
    db::ConnectOptions opts = base;
    opts.ignore_errors = list;
    auto c = connect(opts);
    const auto e = db_error_of([&] { c->query("SELECT * FROM hm_no_such_table"); });
    EXPECT_EQ(e.code(), "42P01");  // undefined_table
    EXPECT_EQ(e.ignorable(), ignorable) << ::testing::PrintToString(list);
    EXPECT_FALSE(e.connection_lost());
    EXPECT_EQ(c->query("SELECT 1").rows, 1u);  // the connection is still usable
  }
}

TEST_P(PgsqlDriverTest, KilledConnectionIsLostAndReconnectRecovers) {
  HOSTMARK_PGSQL_OR_SKIP(opts, GetParam());
  auto victim = connect(opts);
  auto killer = connect(opts);
  const std::string t = test_table();
  victim->query("DROP TABLE IF EXISTS " + t);
  victim->query("CREATE TABLE " + t + " AS SELECT pg_backend_pid() AS pid");
  auto stale = victim->prepare("SELECT ?::int", 1);
  const auto killed = killer->query("SELECT pg_terminate_backend(pid) FROM " + t);
  EXPECT_EQ(killed.rows, 1u);
  const auto e = db_error_of([&] { victim->query("SELECT 1"); });
  EXPECT_TRUE(e.connection_lost()) << e.code() << " " << e.what();
  victim->reconnect();
  EXPECT_EQ(victim->query("SELECT 1").rows, 1u);
  const std::vector<Param> p{std::int64_t{7}};
  EXPECT_FALSE(db_error_of([&] { stale->execute(p); }).code().empty());  // no crash
  EXPECT_EQ(victim->prepare("SELECT ?::int", 1)->execute(p).rows, 1u);
  victim->query("DROP TABLE " + t);
}

TEST_P(PgsqlDriverTest, ServerDownNamesTheTarget) {
  HOSTMARK_PGSQL_OR_SKIP(base, GetParam());
  db::ConnectOptions opts = base;
  opts.port = testing_db::unused_loopback_port();
  auto driver = db::make_driver(opts).value();
  const auto e = db_error_of([&] { driver->connect(); });
  EXPECT_EQ(std::string(e.what()).rfind(driver->target() + ": ", 0), 0u) << e.what();
  EXPECT_EQ(e.code(), "08001");
  EXPECT_FALSE(e.connection_lost());
}

// With no --pgsql-password, libpq's own sources apply: PGPASSWORD, then the password file.
TEST_P(PgsqlDriverTest, PasswordFromEnvironmentOrPassFile) {
  HOSTMARK_PGSQL_OR_SKIP(base, GetParam());
  db::ConnectOptions opts = base;
  opts.password.clear();
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const std::string pgpass = dir.file("pgpass");
  { std::ofstream(pgpass) << "*:*:*:sbtest:sbtest\n"; }
  ASSERT_EQ(chmod(pgpass.c_str(), 0600), 0);
  const ScopedEnv no_file("PGPASSFILE", dir.file("absent"));
  {
    const ScopedEnv env("PGPASSWORD", "sbtest");
    EXPECT_EQ(connect(opts)->query("SELECT 1").rows, 1u);
  }
  {
    const ScopedEnv file("PGPASSFILE", pgpass);
    EXPECT_EQ(connect(opts)->query("SELECT 1").rows, 1u);
  }
  const auto e = db_error_of([&] { connect(opts); });  // neither: refused
  EXPECT_NE(std::string(e.what()).find("password"), std::string::npos) << e.what();
}

// An error inside a transaction leaves it failed until ROLLBACK (what the OLTP event restart
// relies on); the connection stays usable.
TEST_P(PgsqlDriverTest, FailedTransactionRollsBack) {
  HOSTMARK_PGSQL_OR_SKIP(opts, GetParam());
  auto c = connect(opts);
  c->query("BEGIN");
  EXPECT_EQ(db_error_of([&] { c->query("SELECT 1/0"); }).code(), "22012");
  EXPECT_EQ(db_error_of([&] { c->query("SELECT 1"); }).code(), "25P02");
  EXPECT_EQ(c->query("ROLLBACK").kind, QueryKind::kOther);
  EXPECT_EQ(c->query("SELECT 1").rows, 1u);
}

// db-servers.sh gives PostgreSQL a self-signed certificate for "localhost" (its path in
// HOSTMARK_TEST_DB_TLS_CERT): TLS over TCP when asked for; verify-ca passes with that
// certificate as the root, verify-full fails on 127.0.0.1 (not the name in the certificate).
TEST(PgsqlDriverTcp, SslModes) {
  HOSTMARK_PGSQL_OR_SKIP(base, true);
  const std::string cert = testing_db::env_or_empty("HOSTMARK_TEST_DB_TLS_CERT");
  if (cert.empty()) GTEST_SKIP() << "HOSTMARK_TEST_DB_TLS_CERT not set (scripts/db-servers.sh)";
  const std::string tls_in_use = "SELECT 1 FROM pg_stat_ssl WHERE pid = pg_backend_pid() AND ssl";
  for (const auto& [mode, tls] : std::vector<std::pair<std::string, bool>>{
           {"disable", false}, {"prefer", true}, {"require", true}}) {
    db::ConnectOptions opts = base;
    opts.ssl = mode;
    EXPECT_EQ(connect(opts)->query(tls_in_use).rows, tls ? 1u : 0u) << mode;
  }
  const ScopedEnv root("PGSSLROOTCERT", cert);
  db::ConnectOptions opts = base;
  opts.ssl = "verify-ca";
  EXPECT_EQ(connect(opts)->query(tls_in_use).rows, 1u);
  opts.ssl = "verify-full";
  auto driver = db::make_driver(opts).value();
  const auto e = db_error_of([&] { driver->connect(); });
  EXPECT_EQ(std::string(e.what()).rfind(driver->target() + ": ", 0), 0u) << e.what();
  EXPECT_NE(std::string(e.what()).find("127.0.0.1"), std::string::npos) << e.what();
}

// Workloads may destroy their statements after the connection (and the driver): no crash.
TEST_P(PgsqlDriverTest, StatementsMayOutliveTheirConnection) {
  HOSTMARK_PGSQL_OR_SKIP(opts, GetParam());
  std::unique_ptr<db::Statement> statement;
  {
    auto driver = db::make_driver(opts).value();
    auto c = driver->connect();
    statement = c->prepare("SELECT ?::int", 1);
    const std::vector<Param> p{std::int64_t{1}};
    EXPECT_EQ(statement->execute(p).rows, 1u);
  }
  statement.reset();
}

INSTANTIATE_TEST_SUITE_P(SocketAndTcp, PgsqlDriverTest, ::testing::Bool(),
                         [](const auto& p) { return p.param ? "Tcp" : "Socket"; });

TEST(PgsqlDriverOptions, BadSslModeIsAUsageError) {
  db::ConnectOptions opts;
  opts.kind = db::DriverKind::kPgsql;
  opts.ssl = "sometimes";
  const auto d = db::make_driver(opts);
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().kind, ErrorKind::kUsage);
  EXPECT_EQ(d.error().what, "--pgsql-sslmode");
}

TEST(PgsqlDriverOptions, TargetNamesHostPortOrSocket) {
  db::ConnectOptions opts;
  opts.kind = db::DriverKind::kPgsql;
  opts.host = "db.example";
  EXPECT_EQ(db::make_driver(opts).value()->target(), "pgsql db.example:5432");
  opts.host = "/run/pg";
  opts.port = 5433;
  EXPECT_EQ(db::make_driver(opts).value()->target(), "pgsql /run/pg:5433");
  opts.password = "secret-pw";
  EXPECT_EQ(db::make_driver(opts).value()->target().find("secret"), std::string::npos);
}

}  // namespace
}  // namespace hostmark
