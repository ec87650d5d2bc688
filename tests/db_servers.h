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
// Both servers have user "sbtest", password "sbtest" and an empty database "sbtest".
#include <gtest/gtest.h>

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

}  // namespace hostmark::testing_db

// In a TEST body: `HOSTMARK_MYSQL_OR_SKIP(opts, false);` declares `const db::ConnectOptions opts`,
// or skips the test (fails it under HOSTMARK_REQUIRE_DB_SERVERS=1) when the server was not
// started.
#define HOSTMARK_DB_OR_SKIP(var, expr, what)                                                    \
  const auto var##_found_ = (expr);                                                             \
  if (!var##_found_) {                                                                          \
    if (::hostmark::testing_db::servers_required())                                             \
      GTEST_FAIL() << what " server not started (HOSTMARK_REQUIRE_DB_SERVERS=1)";               \
    GTEST_SKIP() << what " server not started: run scripts/db-servers.sh (tests/db_servers.h)"; \
  }                                                                                             \
  const ::hostmark::db::ConnectOptions var = *var##_found_
#define HOSTMARK_MYSQL_OR_SKIP(var, tcp) \
  HOSTMARK_DB_OR_SKIP(var, ::hostmark::testing_db::mysql_server(tcp), "MariaDB")
#define HOSTMARK_PGSQL_OR_SKIP(var, tcp) \
  HOSTMARK_DB_OR_SKIP(var, ::hostmark::testing_db::pgsql_server(tcp), "PostgreSQL")
