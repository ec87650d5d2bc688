#pragma once
// The real database servers of the tests. scripts/db-servers.sh starts a throwaway MariaDB and
// PostgreSQL (own data directories, unix sockets and a loopback port) and exports where they
// are; scripts/test.sh does that around ctest. Without them, server tests are skipped with the
// reason printed, unless HOSTMARK_REQUIRE_DB_SERVERS=1 (set by CI), where a missing server fails.
//
//   HOSTMARK_TEST_MYSQL_SOCKET   the MariaDB unix socket path
//   HOSTMARK_TEST_MYSQL_PORT     its TCP port on 127.0.0.1
//   HOSTMARK_TEST_PGSQL_HOST     the PostgreSQL socket directory
//   HOSTMARK_TEST_PGSQL_PORT     its port (socket name and TCP port on 127.0.0.1)
// Both servers have user "sbtest", password "sbtest" and an empty database "sbtest"; the user
// may create databases named sbtest*. ctest runs the tests in parallel, each in its own
// process, and the OLTP tests all use tables sbtest1..N: every server test therefore runs in a
// database of its own (PrivateDatabase), created by HOSTMARK_MYSQL_OR_SKIP/_PGSQL_OR_SKIP.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "db/db_driver.h"

namespace hostmark::testing_db {

inline std::string env_or_empty(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? std::string() : std::string(v);
}

inline bool servers_required() { return env_or_empty("HOSTMARK_REQUIRE_DB_SERVERS") == "1"; }

// Over the unix socket (tcp=false) or 127.0.0.1:port (tcp=true); nullopt when not started.
inline std::optional<db::ConnectOptions> mysql_server(bool tcp = false) {
  const std::string socket = env_or_empty("HOSTMARK_TEST_MYSQL_SOCKET");
  const std::string port = env_or_empty("HOSTMARK_TEST_MYSQL_PORT");
  if (socket.empty() || port.empty()) return std::nullopt;
  db::ConnectOptions o;
  o.kind = db::DriverKind::kMysql;
  if (tcp) {
    o.host = "127.0.0.1";
    o.port = static_cast<unsigned>(std::stoul(port));
  } else {
    o.host = "localhost";
    o.socket = socket;
  }
  o.user = "sbtest";
  o.password = "sbtest";
  o.database = "sbtest";
  return o;
}

inline std::optional<db::ConnectOptions> pgsql_server(bool tcp = false) {
  const std::string dir = env_or_empty("HOSTMARK_TEST_PGSQL_HOST");
  const std::string port = env_or_empty("HOSTMARK_TEST_PGSQL_PORT");
  if (dir.empty() || port.empty()) return std::nullopt;
  db::ConnectOptions o;
  o.kind = db::DriverKind::kPgsql;
  o.host = tcp ? "127.0.0.1" : dir;
  o.port = static_cast<unsigned>(std::stoul(port));
  o.user = "sbtest";
  o.password = "sbtest";
  o.database = "sbtest";
  return o;
}

// A database of this test alone, "sbtest_t<pid>" (one test per process under ctest; run by
// hand, the tests of one process follow each other and each drops it at its end). Created over
// `server` (its database "sbtest"), dropped when this goes out of scope, connections or not.
class PrivateDatabase {
 public:
  explicit PrivateDatabase(const db::ConnectOptions& server)
      : admin_(server), name_("sbtest_t" + std::to_string(getpid())) {
    admin("DROP DATABASE IF EXISTS " + name_ + force());
    admin("CREATE DATABASE " + name_);
  }
  ~PrivateDatabase() {
    try {
      admin("DROP DATABASE IF EXISTS " + name_ + force());
    } catch (const Failure& f) {
      ADD_FAILURE() << "could not drop " << name_ << ": " << f.what();
    }
  }
  PrivateDatabase(const PrivateDatabase&) = delete;
  PrivateDatabase& operator=(const PrivateDatabase&) = delete;

  // `admin_`'s connection options with this database.
  db::ConnectOptions options() const {
    db::ConnectOptions o = admin_;
    o.database = name_;
    return o;
  }
  const std::string& name() const { return name_; }

 private:
  // PostgreSQL refuses to drop a database with sessions still open (a test's leftover).
  std::string force() const { return admin_.kind == db::DriverKind::kPgsql ? " WITH (FORCE)" : ""; }
  void admin(const std::string& sql) const {
    db::make_driver(admin_).value()->connect()->query(sql);
  }

  db::ConnectOptions admin_;
  std::string name_;
};

}  // namespace hostmark::testing_db

// `HOSTMARK_SERVER_OR_SKIP(found, testing_db::mysql_server(), "MariaDB")` declares the optional
// `found` (the shared sbtest database) or skips/fails as below; a fixture that needs the
// private database to outlive SetUp() holds a PrivateDatabase made from *found.
// In a TEST body: `HOSTMARK_MYSQL_OR_SKIP(opts, false);` declares `const db::ConnectOptions opts`
// to a private database of the test (dropped at the end of the enclosing scope), or skips the
// test (fails it under HOSTMARK_REQUIRE_DB_SERVERS=1) when the server was not started.
#define HOSTMARK_SERVER_OR_SKIP(var, expr, what)                                                \
  const std::optional<::hostmark::db::ConnectOptions> var = (expr);                             \
  if (!var) {                                                                                   \
    if (::hostmark::testing_db::servers_required())                                             \
      GTEST_FAIL() << what " server not started (HOSTMARK_REQUIRE_DB_SERVERS=1)";               \
    GTEST_SKIP() << what " server not started: run scripts/db-servers.sh (tests/db_servers.h)"; \
  }
#define HOSTMARK_DB_OR_SKIP(var, expr, what)                              \
  HOSTMARK_SERVER_OR_SKIP(var##_found_, expr, what)                       \
  const ::hostmark::testing_db::PrivateDatabase var##_db_(*var##_found_); \
  const ::hostmark::db::ConnectOptions var = var##_db_.options()
#define HOSTMARK_MYSQL_OR_SKIP(var, tcp) \
  HOSTMARK_DB_OR_SKIP(var, ::hostmark::testing_db::mysql_server(tcp), "MariaDB")
#define HOSTMARK_PGSQL_OR_SKIP(var, tcp) \
  HOSTMARK_DB_OR_SKIP(var, ::hostmark::testing_db::pgsql_server(tcp), "PostgreSQL")
