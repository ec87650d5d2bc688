// Database faults made for real, against the servers of scripts/db-servers.sh (tests/
// db_servers.h) and a SQLite file: a connection killed from a second connection in the middle
// of an OLTP run (KILL CONNECTION / pg_terminate_backend), a deadlock between two
// connections, a statement timeout (max_statement_time / statement_timeout) and a lock-wait
// timeout; for SQLite a write lock held by another connection and a snapshot conflict. What
// each driver does: an error with the server's code, ignorable when --*-ignore-errors lists
// it, the connection kept unless it was lost; a lost one reconnected when asked, else the run
// ends with one line; counted; nothing hangs.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "db/db_driver.h"
#include "db_servers.h"
#include "db_test_util.h"
#include "oltp_test_util.h"
#include "runner/runner.h"
#include "workloads/oltp.h"

namespace hostmark {
namespace {

using db::DbError;
using db::DriverKind;
using testing_db::connect;
using testing_db::db_error_of;
using testing_db::test_table;

// Has the server end every other session on the database of `admin` (the OLTP worker's):
// KILL CONNECTION on MariaDB; pg_terminate_backend, waiting up to 5 s for the backend to go.
void kill_other_sessions(db::Connection& admin, DriverKind kind) {
  if (kind == DriverKind::kMysql) {
    admin.query(
        "SELECT id INTO @victim FROM information_schema.PROCESSLIST WHERE db = DATABASE() "
        "AND id <> CONNECTION_ID() LIMIT 1");
    admin.query("EXECUTE IMMEDIATE CONCAT('KILL CONNECTION ', @victim)");
  } else {
    admin.query(
        "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = "
        "current_database() AND pid <> pg_backend_pid()");
  }
}

// A driver around the real one that, just before its `kill_at`-th statement, has the server
// end the worker's session: the statement then meets a connection the server really closed.
struct KillingDriver {
  KillingDriver(const db::ConnectOptions& options, std::uint64_t kill_at)
      : inner(db::make_driver(options).value()),
        admin(inner->connect()),  // used only from the thread that runs the statements
        driver(*inner, [this, kill_at](std::uint64_t n) {
          if (n != kill_at) return;
          kill_other_sessions(*admin, inner->kind());
          kills.fetch_add(1);
        }) {}
  std::unique_ptr<db::Driver> inner;
  std::unique_ptr<db::Connection> admin;
  std::atomic<std::uint64_t> kills{0};
  oltp_test::FaultDriver driver;
};

class DbServerFaultTest : public ::testing::TestWithParam<std::string> {
 protected:
  bool mysql() const { return GetParam() == "mysql"; }
  std::string deadlock_code() const { return mysql() ? "1213" : "40P01"; }
};

// Two transactions each lock a row, then want the other's: the server picks one victim, which
// gets the deadlock code (ignorable when listed) and keeps a usable connection.
TEST_P(DbServerFaultTest, RealDeadlockFailsOneTransactionWithItsCode) {
  HOSTMARK_DB_OR_SKIP(base, mysql() ? testing_db::mysql_server() : testing_db::pgsql_server(),
                      "database");
  db::ConnectOptions opts = base;
  opts.ignore_errors = {deadlock_code()};
  auto a = connect(opts);
  auto b = connect(opts);
  const std::string t = test_table();
  a->query("DROP TABLE IF EXISTS " + t);
  a->query("CREATE TABLE " + t + " (id INT PRIMARY KEY, v INT)");
  a->query("INSERT INTO " + t + " VALUES (1, 0), (2, 0)");
  a->query("BEGIN");
  b->query("BEGIN");
  a->query("UPDATE " + t + " SET v = 1 WHERE id = 1");
  b->query("UPDATE " + t + " SET v = 2 WHERE id = 2");
  std::optional<DbError> a_error;
  std::thread waiter([&] {  // a now waits for b's row
    try {
      a->query("UPDATE " + t + " SET v = 1 WHERE id = 2");
    } catch (const DbError& e) {
      a_error = e;
    }
  });
  // Let a's update reach its lock wait before b closes the cycle (if it comes later, b simply
  // waits on a and the server still finds the same cycle).
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  std::optional<DbError> b_error;
  try {
    b->query("UPDATE " + t + " SET v = 2 WHERE id = 1");
  } catch (const DbError& e) {
    b_error = e;
  }
  if (!b_error) b->query("COMMIT");  // b won: a's wait ends with the deadlock error ...
  waiter.join();
  if (!a_error) a->query("COMMIT");  // ... or a won and b's did
  ASSERT_NE(a_error.has_value(), b_error.has_value()) << "exactly one victim";
  const DbError& e = a_error ? *a_error : *b_error;
  EXPECT_EQ(e.code(), deadlock_code()) << e.what();
  EXPECT_TRUE(e.ignorable());
  EXPECT_FALSE(e.connection_lost());
  auto& victim = a_error ? a : b;
  victim->query("ROLLBACK");
  EXPECT_EQ(victim->query("SELECT v FROM " + t).rows, 2u) << "the victim's connection works";
  a->query("DROP TABLE " + t);
}

// A statement over its time limit is cancelled with the server's code; the connection stays.
TEST_P(DbServerFaultTest, StatementTimeoutCancelsTheStatementNotTheConnection) {
  HOSTMARK_DB_OR_SKIP(opts, mysql() ? testing_db::mysql_server() : testing_db::pgsql_server(),
                      "database");
  auto c = connect(opts);
  DbError e = mysql() ? db_error_of([&] {
    c->query("SET SESSION max_statement_time = 0.05");
    c->query("SELECT SLEEP(30)");  // MariaDB ends BENCHMARK() quietly, SLEEP() with 1969
  })
                      : db_error_of([&] {
                          c->query("SET statement_timeout = 50");
                          c->query("SELECT pg_sleep(30)");
                        });
  EXPECT_EQ(e.code(), mysql() ? "1969" : "57014") << e.what();
  EXPECT_FALSE(e.ignorable());
  EXPECT_FALSE(e.connection_lost());
  EXPECT_EQ(c->query("SELECT 1").rows, 1u);
}

// A row lock held by another transaction past the lock-wait limit: the waiter's statement
// fails with the server's lock-timeout code.
TEST_P(DbServerFaultTest, LockWaitTimeoutIsAnErrorWithTheServersCode) {
  HOSTMARK_DB_OR_SKIP(opts, mysql() ? testing_db::mysql_server() : testing_db::pgsql_server(),
                      "database");
  auto holder = connect(opts);
  auto waiter = connect(opts);
  const std::string t = test_table();
  holder->query("DROP TABLE IF EXISTS " + t);
  holder->query("CREATE TABLE " + t + " (id INT PRIMARY KEY, v INT)");
  holder->query("INSERT INTO " + t + " VALUES (1, 0)");
  holder->query("BEGIN");
  holder->query("UPDATE " + t + " SET v = 1 WHERE id = 1");
  waiter->query(mysql() ? "SET SESSION innodb_lock_wait_timeout = 1" : "SET lock_timeout = 200");
  const DbError e = db_error_of([&] { waiter->query("UPDATE " + t + " SET v = 2 WHERE id = 1"); });
  EXPECT_EQ(e.code(), mysql() ? "1205" : "55P03") << e.what();
  EXPECT_FALSE(e.connection_lost());
  holder->query("ROLLBACK");
  EXPECT_EQ(waiter->query("UPDATE " + t + " SET v = 2 WHERE id = 1").rows, 1u);
  holder->query("DROP TABLE " + t);
}

// The server ends the worker's session in the middle of an OLTP run: reconnected and the event
// restarted when asked (sysbench's reconnect), counted; otherwise the run ends with the one
// line of the lost connection and what completed before it.
TEST_P(DbServerFaultTest, ConnectionKilledMidRunReconnectsOrEndsTheRun) {
  HOSTMARK_DB_OR_SKIP(opts, mysql() ? testing_db::mysql_server() : testing_db::pgsql_server(),
                      "database");
  auto plain = db::make_driver(opts).value();
  OltpSpec spec;
  spec.kind = OltpKind::kPointSelect;
  spec.tables = 1;
  spec.table_size = 100;
  std::ostringstream out;
  oltp_prepare(spec, *plain, 1, out);

  spec.reconnect_on_lost = true;
  {
    KillingDriver killing(opts, 5);
    const OltpCounts n = oltp_test::run_events(spec, killing.driver, 20);
    EXPECT_EQ(killing.kills.load(), 1u);
    EXPECT_EQ(n.transactions, 20u);
    EXPECT_EQ(n.reconnects, 1u);
    EXPECT_EQ(n.ignored_errors, 1u) << "the lost event is counted";
  }
  spec.reconnect_on_lost = false;
  {
    KillingDriver killing(opts, 5);
    auto workload = make_oltp_workload(spec, killing.driver, 1);
    RunSpec run;
    run.max_events = 20;
    run.time_limit_ns = 0;
    const RunOutcome outcome = run_workload(*workload, run, nullptr);
    EXPECT_EQ(workload->counts().transactions, 4u) << "only what completed before the kill";
    EXPECT_EQ(outcome.latency.count(), 4u);
    const std::string error = workload->end_error();
    EXPECT_EQ(error.rfind(killing.driver.target() + ": ", 0), 0u) << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << "one line";
  }
  plain->connect()->query("DROP TABLE IF EXISTS sbtest1");
}

INSTANTIATE_TEST_SUITE_P(Servers, DbServerFaultTest, ::testing::Values("mysql", "pgsql"),
                         [](const auto& p) { return p.param; });

// SQLite: a writer meets a write lock another connection holds; it waits (the busy handler)
// and goes on once the lock is released.
TEST(SqliteFaultTest, LockedDatabaseIsWaitedForThenWritten) {
  ScratchDir dir;
  const db::ConnectOptions opts = oltp_test::sqlite_options(dir);
  auto holder = connect(opts);
  auto writer = connect(opts);
  holder->query("CREATE TABLE t (id INTEGER PRIMARY KEY, v INT)");
  holder->query("BEGIN IMMEDIATE");  // the write lock
  holder->query("INSERT INTO t VALUES (1, 1)");
  std::thread release([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    holder->query("COMMIT");
  });
  EXPECT_EQ(writer->query("INSERT INTO t VALUES (2, 2)").rows, 1u);  // after the commit
  release.join();
  EXPECT_EQ(writer->query("SELECT id FROM t").rows, 2u);
}

// SQLite: a transaction that read an older snapshot and then writes after another connection
// committed cannot be serialized: SQLITE_BUSY at once (waiting would never help), ignorable
// when --sqlite-ignore-errors lists it, the connection usable after ROLLBACK.
TEST(SqliteFaultTest, SnapshotConflictIsBusyAtOnceAndIgnorableWhenListed) {
  ScratchDir dir;
  for (const bool listed : {true, false}) {
    db::ConnectOptions opts = oltp_test::sqlite_options(dir);
    if (!listed) opts.ignore_errors.clear();
    auto a = connect(opts);
    auto b = connect(opts);
    a->query("DROP TABLE IF EXISTS t");
    a->query("CREATE TABLE t (id INTEGER PRIMARY KEY, v INT)");
    a->query("INSERT INTO t VALUES (1, 0)");
    a->query("BEGIN");
    EXPECT_EQ(a->query("SELECT v FROM t").rows, 1u);  // a's snapshot
    b->query("UPDATE t SET v = 2 WHERE id = 1");      // b commits past it
    const DbError e = db_error_of([&] { a->query("UPDATE t SET v = 1 WHERE id = 1"); });
    EXPECT_EQ(e.code(), "SQLITE_BUSY") << e.what();
    EXPECT_EQ(e.ignorable(), listed);
    EXPECT_FALSE(e.connection_lost());
    a->query("ROLLBACK");
    EXPECT_EQ(a->query("UPDATE t SET v = 1 WHERE id = 1").rows, 1u);
  }
}

}  // namespace
}  // namespace hostmark
