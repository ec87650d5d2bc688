// sysbench's words for database failures (workloads/sysbench_db_words.*): the db layer reports
// a refused connection as data (db::ConnectError), the sysbench face words it as drv_mysql and
// drv_pgsql do. The real client libraries refuse a closed loopback port here, no server needed.
#include "workloads/sysbench_db_words.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <optional>
#include <string>

#include "db/db_driver.h"

namespace hostmark {
namespace {

using db::ConnectRefusal;
using db::DriverKind;

TEST(SysbenchDbWords, MysqlNamesHostAndPortWithSysbenchsDefaults) {
  ConnectRefusal r{DriverKind::kMysql, "", 0, "", 2002, "Can't connect to local server"};
  EXPECT_EQ(sysbench_connect_text(r),
            "FATAL: unable to connect to MySQL server on host 'localhost', port 3306, aborting...\n"
            "FATAL: error 2002: Can't connect to local server");
  r.host = "db.example";
  r.port = 3307;
  EXPECT_EQ(
      sysbench_connect_text(r),
      "FATAL: unable to connect to MySQL server on host 'db.example', port 3307, aborting...\n"
      "FATAL: error 2002: Can't connect to local server");
}

TEST(SysbenchDbWords, MysqlNamesTheSocketWhenOneWasGiven) {
  const ConnectRefusal r{DriverKind::kMysql, "localhost", 3306,
                         "/run/x.sock",      2002,        "No such file"};
  EXPECT_EQ(sysbench_connect_text(r),
            "FATAL: unable to connect to MySQL server on socket '/run/x.sock', aborting...\n"
            "FATAL: error 2002: No such file");
}

TEST(SysbenchDbWords, PgsqlKeepsLibpqsMessage) {
  const ConnectRefusal r{DriverKind::kPgsql, "h", 5432, "", 0, "line one\nline two"};
  EXPECT_EQ(sysbench_connect_text(r), "FATAL: Connection to database failed: line one\nline two");
}

TEST(SysbenchDbWords, FailureTextPrefersTheErrorsOwnWordsAndIsEmptyWithoutAny) {
  const Failure plain(run_error("x", "y"));
  EXPECT_EQ(sysbench_failure_text(plain), "");
  const Failure worded(with_peer_text(run_error("x", "y"), "FATAL: own words"));
  EXPECT_EQ(sysbench_failure_text(worded), "FATAL: own words");
  const db::ConnectError refused(run_error("mysql h:1", "refused"), "2003", false,
                                 ConnectRefusal{DriverKind::kMysql, "h", 1, "", 2003, "refused"});
  EXPECT_EQ(sysbench_failure_text(refused),
            "FATAL: unable to connect to MySQL server on host 'h', port 1, aborting...\n"
            "FATAL: error 2003: refused");
  // The hostmark line stays hostmark's.
  EXPECT_EQ(refused.error().message(), "mysql h:1: refused");
}

// A loopback port nothing listens on (bound, then closed).
unsigned closed_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
                  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0;
  close(fd);
  return ok ? ntohs(a.sin_port) : 0;
}

// What the driver of `kind` throws connecting to a closed loopback port; nullopt (with the
// reason in `skip`) when its client library cannot be loaded here.
std::optional<db::ConnectError> refused_by(DriverKind kind, unsigned port, std::string& skip) {
  db::ConnectOptions o;
  o.kind = kind;
  o.host = "127.0.0.1";
  o.port = port;
  o.user = "sbtest";
  o.password = "Secret-Not-Shown-77";
  o.database = "sbtest";
  auto driver = db::make_driver(o);
  if (!driver) {
    skip = driver.error().message();
    return std::nullopt;
  }
  try {
    driver.value()->connect();
  } catch (const db::ConnectError& e) {
    return e;
  } catch (const Failure& f) {
    skip = std::string("not a ConnectError: ") + f.what();  // the test fails on this below
    return std::nullopt;
  }
  skip = "not a ConnectError: the connection to a closed port was made";  // fails below too
  return std::nullopt;
}

TEST(SysbenchDbWords, RealMysqlClientRefusalCarriesWhereAndWhy) {
  const unsigned port = closed_port();
  ASSERT_NE(port, 0u);
  std::string skip;
  const auto e = refused_by(DriverKind::kMysql, port, skip);
  if (!e && skip.starts_with("not a")) FAIL() << skip;
  if (!e) GTEST_SKIP() << "no MySQL client library: " << skip;
  EXPECT_EQ(e->refusal().kind, DriverKind::kMysql);
  EXPECT_EQ(e->refusal().host, "127.0.0.1");
  EXPECT_EQ(e->refusal().port, port);
  EXPECT_EQ(std::to_string(e->refusal().code), e->code());
  EXPECT_FALSE(e->connection_lost());
  const std::string words = sysbench_failure_text(*e);
  EXPECT_EQ(
      words.rfind("FATAL: unable to connect to MySQL server on host '127.0.0.1', port " +
                      std::to_string(port) + ", aborting...\nFATAL: error " + e->code() + ": ",
                  0),
      0u)
      << words;
  EXPECT_EQ(words.find("Secret-Not-Shown"), std::string::npos);
}

TEST(SysbenchDbWords, RealLibpqRefusalCarriesItsMessage) {
  const unsigned port = closed_port();
  ASSERT_NE(port, 0u);
  std::string skip;
  const auto e = refused_by(DriverKind::kPgsql, port, skip);
  if (!e && skip.starts_with("not a")) FAIL() << skip;
  if (!e) GTEST_SKIP() << "no libpq: " << skip;
  EXPECT_EQ(e->refusal().kind, DriverKind::kPgsql);
  EXPECT_EQ(e->code(), "08001");
  EXPECT_NE(e->refusal().message.find(std::to_string(port)), std::string::npos)
      << e->refusal().message;
  EXPECT_FALSE(e->refusal().message.ends_with("\n"));
  const std::string words = sysbench_failure_text(*e);
  EXPECT_EQ(words, "FATAL: Connection to database failed: " + e->refusal().message);
  EXPECT_EQ(words.find("Secret-Not-Shown"), std::string::npos);
}

}  // namespace
}  // namespace hostmark
