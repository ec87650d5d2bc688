#pragma once
// Helpers of the server driver tests (db_mysql_test.cc, db_pgsql_test.cc).
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "db/db_driver.h"

namespace hostmark::testing_db {

// A loopback TCP port that nothing listens on (bound, read, closed), or 0.
inline unsigned unused_loopback_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 0;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  unsigned port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0) {
    port = ntohs(a.sin_port);
  }
  close(fd);
  return port;
}

// A table name of this test alone: tests run in parallel on the same sbtest database. "hm_",
// the test's name (lower case, at most 40 characters) and a hash of its full name: MariaDB
// and PostgreSQL names stop at 64 and 63 characters.
inline std::string test_table() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string full = std::string(info->test_suite_name()) + "." + info->name();
  std::string name = "hm_" + std::string(info->name()).substr(0, 40);
  for (char& c : name) {
    c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(c)) : '_';
  }
  std::uint32_t h = 2166136261u;  // FNV-1a
  for (const char c : full) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", static_cast<unsigned>(h));
  return name + "_" + hex;
}

inline std::unique_ptr<db::Connection> connect(const db::ConnectOptions& options) {
  return db::make_driver(options).value()->connect();
}

// The DbError `f` throws; fails the test (and returns an empty error) when it throws none.
template <class F>
db::DbError db_error_of(F&& f) {
  try {
    f();
  } catch (const db::DbError& e) {
    return e;
  }
  ADD_FAILURE() << "no DbError thrown";
  return db::DbError(run_error("", ""), "", false, false);
}

}  // namespace hostmark::testing_db
