// The SQLite driver's reviewed defects (issue 5): client-side substitution through the shared
// placeholder scanner, parameter counts checked in both statement modes, no handle left open
// when a connection fails after sqlite3_open_v2, and the busy wait's budget per statement.
#include <dirent.h>
#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "db/sqlite_busy.h"
#include "oltp_test_util.h"

namespace hostmark {
namespace {

using db::Param;

class SqliteDriverReviewTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(dir_.path().empty());
    options_ = oltp_test::sqlite_options(dir_);
    auto conn = oltp_test::driver_for(options_)->connect();
    conn->query("CREATE TABLE t (id INTEGER PRIMARY KEY, c TEXT)");
  }
  std::unique_ptr<db::Connection> connect(bool server_prepared) {
    db::ConnectOptions o = options_;
    o.server_prepared = server_prepared;
    return oltp_test::driver_for(o)->connect();
  }
  ScratchDir dir_;
  db::ConnectOptions options_;
};

// The message of the DbError `f` throws ("" and a test failure when it throws none).
template <class F>
std::string db_error_text(F&& f) {
  try {
    f();
  } catch (const db::DbError& e) {
    EXPECT_EQ(e.code(), "SQLITE_RANGE");
    EXPECT_FALSE(e.ignorable());
    return e.what();
  }
  ADD_FAILURE() << "no DbError thrown";
  return "";
}

TEST_F(SqliteDriverReviewTest, TextModeLeavesQuotedAndCommentedQuestionMarks) {
  auto conn = connect(false);
  auto insert = conn->prepare("INSERT INTO t (c, id) VALUES ('why?' /* or? */, ?) -- what?\n", 1);
  const Param p[] = {std::int64_t{5}};
  EXPECT_EQ(insert->execute(p).kind, db::QueryKind::kWrite);
  EXPECT_EQ(conn->query("SELECT 1 FROM t WHERE id = 5 AND c = 'why?'").rows, 1u);
  // A string parameter with a quote and a '?' of its own stays one value.
  auto update = conn->prepare("UPDATE t SET c = ? WHERE id = ? AND c <> '?'", 2);
  const Param q[] = {std::string_view("it's ?"), std::int64_t{5}};
  EXPECT_EQ(update->execute(q).rows, 1u);
  EXPECT_EQ(conn->query("SELECT 1 FROM t WHERE id = 5 AND c = 'it''s ?'").rows, 1u);
}

TEST_F(SqliteDriverReviewTest, ParameterCountsAreCheckedInBothModes) {
  for (const bool server_prepared : {true, false}) {
    SCOPED_TRACE(server_prepared);
    auto conn = connect(server_prepared);
    const std::string sql = "SELECT c FROM t WHERE id = ? AND c <> 'x?'";
    const std::string wrong = db_error_text([&] { conn->prepare(sql, 2); });
    EXPECT_NE(wrong.find(sql), std::string::npos) << wrong;  // names the statement
    EXPECT_NE(wrong.find("2 parameters for 1 placeholder"), std::string::npos) << wrong;
    EXPECT_NE(wrong.find("sqlite " + options_.sqlite_path + ": "), std::string::npos) << wrong;

    auto select = conn->prepare(sql, 1);
    const std::string none = db_error_text([&] { select->execute({}); });
    EXPECT_NE(none.find("0 parameters for 1 placeholder"), std::string::npos) << none;
    const Param two[] = {std::int64_t{1}, std::int64_t{2}};
    db_error_text([&] { select->execute(two); });
    const Param one[] = {std::int64_t{1}};
    EXPECT_EQ(select->execute(one).kind, db::QueryKind::kRead);  // still usable
  }
}

// A string bound for one execute() is not left behind for the next: a statement run without
// its parameter refuses instead of reading the caller's freed string.
TEST_F(SqliteDriverReviewTest, StringParametersDoNotOutliveExecute) {
  auto conn = connect(true);
  auto insert = conn->prepare("INSERT INTO t (id, c) VALUES (7, ?)", 1);
  {
    std::string value = "short-lived";
    const Param p[] = {std::string_view(value)};
    EXPECT_EQ(insert->execute(p).rows, 1u);
    value.assign(value.size(), 'X');
  }
  conn->query("DELETE FROM t WHERE id = 7");
  db_error_text([&] { insert->execute({}); });
  EXPECT_EQ(conn->query("SELECT 1 FROM t WHERE id = 7").rows, 0u);
}

std::size_t open_fds() {
  std::size_t n = 0;
  DIR* d = opendir("/proc/self/fd");
  if (d == nullptr) return 0;
  while (readdir(d) != nullptr) ++n;
  closedir(d);
  return n;
}

// sqlite3_open_v2 accepts a file that is not a database; the first PRAGMA fails. The handle
// (and its file descriptor) must be closed when the constructor throws.
TEST_F(SqliteDriverReviewTest, FailedConnectLeavesNoHandleOpen) {
  const std::string path = dir_.file("not-a-db");
  std::ofstream(path) << std::string(4096, 'z');
  db::ConnectOptions o = options_;
  o.sqlite_path = path;
  const auto driver = oltp_test::driver_for(o);
  const std::size_t before = open_fds();
  ASSERT_GT(before, 0u);
  for (int i = 0; i < 20; ++i) {
    try {
      driver->connect();
      FAIL() << "a file that is not a database was opened";
    } catch (const db::DbError& e) {
      EXPECT_EQ(e.code(), "SQLITE_NOTADB") << e.what();
    }
  }
  EXPECT_EQ(open_fds(), before) << "connections that failed left descriptors open";
}

// A fake clock: each sleep lasts `oversleep` times what was asked.
struct FakeTime {
  std::uint64_t now_ns = 0;
  std::uint64_t oversleep = 1;
  std::vector<std::uint64_t> asked_ns;
  db::SqliteBusyWait make(std::uint64_t limit_ns) {
    return db::SqliteBusyWait(
        limit_ns, [this] { return now_ns; },
        [this](std::uint64_t ns) {
          asked_ns.push_back(ns);
          now_ns += ns * oversleep;
        });
  }
};

// Threads connecting at once to a file nobody has opened yet all switch it to WAL: the
// switch's lock deadlock (SQLITE_BUSY without the busy handler) is retried, not an error.
TEST(SqliteDriverOpenTest, ConnectionsOpenedAtOnceOnANewFileAllSucceed) {
  ScratchDir dir;
  for (int round = 0; round < 20; ++round) {
    db::ConnectOptions o = oltp_test::sqlite_options(dir);
    o.sqlite_path = dir.file("new" + std::to_string(round) + ".db");
    const auto driver = oltp_test::driver_for(o);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
      threads.emplace_back([&] {
        try {
          driver->connect()->query("CREATE TABLE IF NOT EXISTS t (x INTEGER)");
        } catch (const db::DbError& e) {
          ADD_FAILURE() << e.what();
          ++failures;
        }
      });
    }
    for (auto& th : threads) th.join();
    ASSERT_EQ(failures.load(), 0) << "round " << round;
  }
}

TEST(SqliteBusyWaitTest, SleepsDoubleFrom20usUpTo1ms) {
  FakeTime t;
  auto busy = t.make(1'000'000'000);
  for (int attempt = 0; attempt < 8; ++attempt) EXPECT_TRUE(busy.wait(attempt));
  EXPECT_EQ(t.asked_ns, (std::vector<std::uint64_t>{20'000, 40'000, 80'000, 160'000, 320'000,
                                                    640'000, 1'000'000, 1'000'000}));
}

// The budget is wall time: sleeps that last ten times what was asked use it ten times faster.
TEST(SqliteBusyWaitTest, BudgetIsWallTimeNotTheSleepsAsked) {
  FakeTime t;
  t.oversleep = 10;
  auto busy = t.make(50'000'000);  // 50 ms
  int calls = 0;
  while (busy.wait(calls)) ++calls;
  EXPECT_GE(busy.waited_ns(), 50'000'000u);
  EXPECT_LT(t.now_ns, 50'000'000u + 10'000'000u);  // the last sleep is cut to what is left
  EXPECT_LT(calls, 20);  // 50 ms of nominal 1 ms sleeps would have been about 55 calls
}

// SQLite counts attempts per locking event; one statement may meet several. The budget is
// the statement's, not the event's: it is not renewed when the count starts again at 0.
TEST(SqliteBusyWaitTest, BudgetIsPerStatementAcrossLockingEvents) {
  FakeTime t;
  auto busy = t.make(10'000'000);
  int calls = 0;
  for (int event = 0; event < 100; ++event) {
    bool gave_up = false;
    for (int attempt = 0; attempt < 5; ++attempt) {  // each event gets its lock after 5 tries
      if (!busy.wait(attempt)) {
        gave_up = true;
        break;
      }
      ++calls;
    }
    if (gave_up) break;
  }
  EXPECT_GE(busy.waited_ns(), 10'000'000u);
  EXPECT_FALSE(busy.wait(0));
  busy.start_statement();  // the next statement has its own budget
  EXPECT_EQ(busy.waited_ns(), 0u);
  EXPECT_TRUE(busy.wait(0));
  EXPECT_GT(calls, 0);
}

}  // namespace
}  // namespace hostmark
