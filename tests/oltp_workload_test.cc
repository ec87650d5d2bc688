// The OLTP workloads on every driver: SQLite always, MariaDB and PostgreSQL when
// scripts/db-servers.sh started them (tests/db_servers.h). Tables, query counts per
// transaction, cleanup, interrupted prepare, restart on ignorable errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "db_servers.h"
#include "oltp_test_util.h"

namespace hostmark {
namespace {

using db::DriverKind;
using oltp_test::rows;
using oltp_test::table_exists;

class OltpWorkloadTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "sqlite") {
      ASSERT_FALSE(dir_.path().empty());
      options_ = oltp_test::sqlite_options(dir_);
    } else {
      const bool mysql = GetParam() == "mysql";
      HOSTMARK_SERVER_OR_SKIP(
          server, mysql ? testing_db::mysql_server() : testing_db::pgsql_server(), "database");
      database_ = std::make_unique<testing_db::PrivateDatabase>(*server);
      options_ = database_->options();
    }
    driver_ = oltp_test::driver_for(options_);
    conn_ = driver_->connect();
    drop_all();
  }
  void TearDown() override {
    if (conn_) drop_all();
  }
  void drop_all() {
    for (int n = 1; n <= 4; ++n) {
      conn_->query("DROP TABLE IF EXISTS sbtest" + std::to_string(n));
      conn_->query("DROP TABLE IF EXISTS sbtest" + std::to_string(n) + "_hostmark_partial");
    }
    conn_->query("DROP TABLE IF EXISTS hostmark_other");
  }
  DriverKind kind() const { return options_.kind; }
  OltpSpec spec(OltpKind k, int tables = 2, std::uint64_t size = 200) const {
    OltpSpec s;
    s.kind = k;
    s.tables = tables;
    s.table_size = size;
    return s;
  }
  std::string prepare(const OltpSpec& s, int threads = 2) {
    std::ostringstream out;
    oltp_prepare(s, *driver_, threads, out);
    return out.str();
  }

  ScratchDir dir_;
  std::unique_ptr<testing_db::PrivateDatabase> database_;  // outlives the connections below
  db::ConnectOptions options_;
  std::unique_ptr<db::Driver> driver_;
  std::unique_ptr<db::Connection> conn_;
};

TEST_P(OltpWorkloadTest, PrepareFillsTablesAsSysbenchDoes) {
  for (const bool auto_inc : {true, false}) {
    drop_all();
    OltpSpec s = spec(OltpKind::kReadWrite, 2, 300);
    s.auto_inc = auto_inc;
    const std::string out = prepare(s);
    EXPECT_NE(out.find("Creating table 'sbtest1'...\n"), std::string::npos) << out;
    EXPECT_NE(out.find("Inserting 300 records into 'sbtest2'\n"), std::string::npos) << out;
    EXPECT_NE(out.find("Creating a secondary index on 'sbtest2'...\n"), std::string::npos) << out;
    for (const std::string t : {"sbtest1", "sbtest2"}) {
      EXPECT_EQ(rows(*conn_, "SELECT id FROM " + t), 300u);
      EXPECT_EQ(rows(*conn_, "SELECT DISTINCT id FROM " + t + " WHERE id BETWEEN 1 AND 300"), 300u);
      EXPECT_EQ(rows(*conn_, "SELECT id FROM " + t + " WHERE k < 1 OR k > 300"), 0u);
      EXPECT_EQ(rows(*conn_, "SELECT id FROM " + t + " WHERE " +
                                 oltp_test::not_digit_groups(kind(), "c", 10)),
                0u);
      EXPECT_EQ(rows(*conn_, "SELECT id FROM " + t + " WHERE " +
                                 oltp_test::not_digit_groups(kind(), "pad", 5)),
                0u);
      EXPECT_GT(rows(*conn_, "SELECT DISTINCT k FROM " + t), 10u);  // drawn, not constant
    }
    EXPECT_FALSE(table_exists(*conn_, kind(), "sbtest1_hostmark_partial"));
  }
}

// The servers' prepare goes through their bulk-load path (COPY, LOAD DATA LOCAL from memory),
// so PrepareFillsTablesAsSysbenchDoes above checks the rows that path loaded; SQLite inserts.
TEST_P(OltpWorkloadTest, PrepareLoadsThroughTheServersBulkPath) {
  EXPECT_EQ(conn_->can_copy_rows(), kind() != DriverKind::kSqlite);
  if (!conn_->can_copy_rows()) return;
  conn_->query("CREATE TABLE hostmark_other (id INTEGER NOT NULL, c CHAR(20) NOT NULL)");
  conn_->copy_rows("hostmark_other", "id, c", "1\tone\n2\ttwo\n3\tthree\n");
  EXPECT_EQ(oltp_test::rows(*conn_, "SELECT id FROM hostmark_other WHERE c = 'two' AND id = 2"),
            1u);
  EXPECT_EQ(oltp_test::rows(*conn_, "SELECT id FROM hostmark_other"), 3u);
  // A row the table refuses fails the copy: PostgreSQL's COPY with the server's error;
  // MariaDB's LOAD DATA LOCAL turns it into a warning (as its manual says), which copy_rows
  // turns back into an error.
  EXPECT_THROW(conn_->copy_rows("hostmark_other", "id, c", "x\tbad\n"), db::DbError);
}

TEST_P(OltpWorkloadTest, QueryCountsPerTransactionAreSysbenchs) {
  prepare(spec(OltpKind::kReadWrite));
  struct Expect {
    OltpKind kind;
    std::uint64_t reads, writes, others;
  };
  const Expect cases[] = {
      {OltpKind::kReadWrite, 14, 4, 2},
      {OltpKind::kReadOnly, 14, 0, 2},
      {OltpKind::kWriteOnly, 0, 4, 2},
      {OltpKind::kPointSelect, 1, 0, 0},
      {OltpKind::kUpdateIndex, 0, 1, 0},
      {OltpKind::kUpdateNonIndex, 0, 1, 0},
      {OltpKind::kInsert, 0, 1, 0},
      {OltpKind::kSelectRandomPoints, 1, 0, 0},
      {OltpKind::kSelectRandomRanges, 1, 0, 0},
  };
  constexpr std::uint64_t kEvents = 20;
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(oltp_kind_name(c.kind)));
    const OltpCounts n = oltp_test::run_events(spec(c.kind), *driver_, kEvents);
    EXPECT_EQ(n.transactions, kEvents);
    EXPECT_EQ(n.reads, c.reads * kEvents);
    EXPECT_EQ(n.writes, c.writes * kEvents);
    EXPECT_EQ(n.others, c.others * kEvents);
    EXPECT_EQ(n.ignored_errors, 0u);
  }
  // --skip-trx: no BEGIN/COMMIT; options change the mix.
  OltpSpec s = spec(OltpKind::kReadWrite);
  s.skip_trx = true;
  s.point_selects = 3;
  s.range_selects = false;
  const OltpCounts n = oltp_test::run_events(s, *driver_, kEvents);
  EXPECT_EQ(n.reads, 3 * kEvents);
  EXPECT_EQ(n.writes, 4 * kEvents);
  EXPECT_EQ(n.others, 0u);
  // oltp_delete: a write when the row was there, else other (nothing changed).
  const OltpCounts d = oltp_test::run_events(spec(OltpKind::kDelete), *driver_, kEvents);
  EXPECT_EQ(d.reads, 0u);
  EXPECT_EQ(d.writes + d.others, kEvents);
  EXPECT_GT(d.writes, 0u);
}

TEST_P(OltpWorkloadTest, BulkInsertAddsOneRowPerEventToItsThreadsTable) {
  OltpSpec s = spec(OltpKind::kBulkInsert, 2, 0);
  const std::string out = prepare(s, 2);
  EXPECT_NE(out.find("Creating table 'sbtest2'...\n"), std::string::npos) << out;
  const OltpCounts n = oltp_test::run_events(s, *driver_, 100, 2);
  EXPECT_EQ(n.writes, 2u);  // one multi-row INSERT per thread, sent at its end
  EXPECT_EQ(rows(*conn_, "SELECT id FROM sbtest1") + rows(*conn_, "SELECT id FROM sbtest2"), 100u);
}

TEST_P(OltpWorkloadTest, CleanupDropsOnlyTheSbtestTablesItWasTold) {
  prepare(spec(OltpKind::kReadWrite, 3, 10));
  conn_->query("CREATE TABLE hostmark_other (id INTEGER)");
  std::ostringstream out;
  oltp_cleanup(spec(OltpKind::kReadWrite, 2), *driver_, out);
  EXPECT_EQ(out.str(), "Dropping table 'sbtest1'...\nDropping table 'sbtest2'...\n");
  EXPECT_FALSE(table_exists(*conn_, kind(), "sbtest1"));
  EXPECT_FALSE(table_exists(*conn_, kind(), "sbtest2"));
  EXPECT_TRUE(table_exists(*conn_, kind(), "sbtest3"));
  EXPECT_TRUE(table_exists(*conn_, kind(), "hostmark_other"));
}

// sysbench's prewarm: each table once, split over the threads; MySQL/MariaDB only (elsewhere a
// run error in sysbench's words), as oltp_common.lua's cmd_prewarm.
TEST_P(OltpWorkloadTest, PrewarmReadsEachTableOnceOnMysqlOnly) {
  prepare(spec(OltpKind::kReadWrite, 3, 50));
  std::ostringstream out;
  if (kind() != DriverKind::kMysql) {
    try {
      oltp_prewarm(spec(OltpKind::kReadWrite, 3, 50), *driver_, 2, out);
      ADD_FAILURE() << "prewarm ran on a driver other than mysql";
    } catch (const Failure& f) {
      EXPECT_NE(f.error().peer_text.find("prewarm is currently MySQL only"), std::string::npos);
    }
    EXPECT_TRUE(out.str().empty());
    return;
  }
  oltp_prewarm(spec(OltpKind::kReadWrite, 3, 50), *driver_, 2, out);
  std::vector<std::string> lines;
  std::istringstream text(out.str());
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());  // the threads print in their own order
  EXPECT_EQ(lines, (std::vector<std::string>{"Prewarming table sbtest1", "Prewarming table sbtest2",
                                             "Prewarming table sbtest3"}));
  conn_->query("DROP TABLE sbtest3");
  EXPECT_THROW(oltp_prewarm(spec(OltpKind::kReadWrite, 3, 50), *driver_, 1, out), db::DbError);
}

TEST_P(OltpWorkloadTest, InterruptedPrepareLeavesNothingThatALaterPrepareTripsOver) {
  // A prepare killed while loading left a partial table behind (as after SIGKILL).
  conn_->query("CREATE TABLE sbtest1_hostmark_partial (id INTEGER, k INTEGER)");
  conn_->query("INSERT INTO sbtest1_hostmark_partial VALUES (1, 1)");
  // A prepare stopped (Ctrl-C) while loading a big table: that table is dropped.
  std::ostringstream out;
  OltpSpec big = spec(OltpKind::kReadWrite, 1, 2'000'000);
  int polls = 0;  // polled every ~50 ms: stop once the load has begun
  EXPECT_THROW(oltp_prepare(big, *driver_, 1, out, [&polls] { return ++polls > 4; }), Failure);
  EXPECT_NE(out.str().find("Inserting 2000000 records into 'sbtest1'"), std::string::npos);
  EXPECT_FALSE(table_exists(*conn_, kind(), "sbtest1"));
  EXPECT_FALSE(table_exists(*conn_, kind(), "sbtest1_hostmark_partial"));
  // Prepare again: complete tables.
  prepare(spec(OltpKind::kReadWrite, 2, 50));
  EXPECT_EQ(rows(*conn_, "SELECT id FROM sbtest1"), 50u);
  EXPECT_EQ(rows(*conn_, "SELECT id FROM sbtest2"), 50u);
  // And again: the complete tables are kept (resume), not loaded twice.
  const std::string again = prepare(spec(OltpKind::kReadWrite, 3, 50));
  EXPECT_NE(again.find("Table 'sbtest1' already exists, skipping it"), std::string::npos) << again;
  EXPECT_EQ(rows(*conn_, "SELECT id FROM sbtest1"), 50u);
  EXPECT_EQ(rows(*conn_, "SELECT id FROM sbtest3"), 50u);
}

TEST_P(OltpWorkloadTest, IgnorableErrorRestartsTheWholeEventAfterARollback) {
  prepare(spec(OltpKind::kReadWrite));
  // Statement 5 of the first event (a point select inside the transaction) fails once.
  oltp_test::FaultDriver faulty(*driver_, 5, /*ignorable=*/true, /*lost=*/false);
  const OltpCounts n = oltp_test::run_events(spec(OltpKind::kReadWrite), faulty, 3);
  EXPECT_EQ(n.transactions, 3u);
  EXPECT_EQ(n.ignored_errors, 1u);
  EXPECT_EQ(faulty.rollbacks.load(), 1u);
  // BEGIN + 3 selects of the failed try, then 3 whole events; the ROLLBACK counts as other.
  EXPECT_EQ(n.reads, 3u + 14u * 3);
  EXPECT_EQ(n.others, 1u + 1u + 2u * 3);
  EXPECT_EQ(n.writes, 4u * 3);
}

TEST_P(OltpWorkloadTest, LostConnectionReconnectsWhenAskedAndFailsTheRunOtherwise) {
  prepare(spec(OltpKind::kReadWrite));
  OltpSpec s = spec(OltpKind::kPointSelect);
  s.reconnect_on_lost = true;
  oltp_test::FaultDriver lost(*driver_, 3, /*ignorable=*/false, /*lost=*/true);
  const OltpCounts n = oltp_test::run_events(s, lost, 5);
  EXPECT_EQ(n.reconnects, 1u);
  EXPECT_EQ(lost.reconnects.load(), 1u);
  EXPECT_EQ(n.reads, 5u);

  // Not allowed to reconnect: the thread stops, the run ends with what completed and the error.
  oltp_test::FaultDriver gone(*driver_, 3, /*ignorable=*/false, /*lost=*/true);
  auto stopped = make_oltp_workload(spec(OltpKind::kPointSelect), gone, 1);
  RunSpec two;
  two.max_events = 10;
  two.time_limit_ns = 0;
  const RunOutcome partial = run_workload(*stopped, two, nullptr);
  EXPECT_EQ(partial.latency.count(), 2u);
  EXPECT_EQ(stopped->counts().transactions, 2u);
  EXPECT_NE(stopped->end_error().find("injected"), std::string::npos) << stopped->end_error();

  oltp_test::FaultDriver fatal(*driver_, 3, /*ignorable=*/false, /*lost=*/false);
  auto workload = make_oltp_workload(spec(OltpKind::kPointSelect), fatal, 1);
  RunSpec run;
  run.max_events = 10;
  run.time_limit_ns = 0;
  EXPECT_THROW(run_workload(*workload, run, nullptr), db::DbError);
}

TEST_P(OltpWorkloadTest, ContentionOnFewRowsRestartsEventsInsteadOfFailing) {
  // Two threads updating the same 3 rows: deadlocks (MySQL 1213, PostgreSQL 40P01) and
  // serialization errors restart their event after a ROLLBACK; SQLite serializes writers.
  if (kind() == DriverKind::kMysql) options_.ignore_errors = {"1213", "1020", "1205"};
  if (kind() == DriverKind::kPgsql) options_.ignore_errors = {"40P01", "40001", "23505"};
  auto driver = oltp_test::driver_for(options_);
  OltpSpec s = spec(OltpKind::kReadWrite, 1, 3);
  prepare(s);
  s.rand.type = RandType::kUniform;
  const OltpCounts n = oltp_test::run_events(s, *driver, 200, 2);
  EXPECT_EQ(n.transactions, 200u);
  EXPECT_GE(n.others, 2 * 200u + n.ignored_errors);  // BEGIN/COMMIT, plus ROLLBACKs if any
}

INSTANTIATE_TEST_SUITE_P(Drivers, OltpWorkloadTest, ::testing::Values("sqlite", "mysql", "pgsql"),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace hostmark
