// Prepares killed with SIGKILL half-way (issue 9, crash safety): what they leave is completed by
// the next prepare or removed by cleanup, and a run in between refuses in one line.
//   fileio: a short test file -> `run` names it; `prepare` extends it; `run --validate` passes.
//   OLTP (SQLite, and MariaDB/PostgreSQL when scripts/db-servers.sh started them): a half-loaded
//   table -> `cleanup` drops it; after another kill, `prepare` finishes the tables and `run` works.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <thread>

#include "background_hostmark.h"
#include "db_servers.h"
#include "oltp_test_util.h"
#include "safety_test_util.h"
#include "sysbench_fileio_env.h"

namespace hostmark {
namespace {

using safety_test::expect_one_line_error;

std::int64_t size_of(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? st.st_size : -1;
}

// Polls `done` every millisecond for at most 60 s (a safety net, not a measurement).
template <class F>
bool wait_for(F done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

TEST(InterruptedPrepareTest, FileioShortFileIsNamedByRunAndCompletedByPrepare) {
  ScratchDir dir;
  CwdGuard cwd(dir.path());
  constexpr std::int64_t kFileBytes = 64 << 20;
  const std::vector<std::string> size = {"--file-total-size=128M", "--file-num=2"};
  const auto with = [&size](std::vector<std::string> more) {
    std::vector<std::string> args = {"sysbench", "fileio"};
    args.insert(args.end(), size.begin(), size.end());
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  {
    BackgroundHostmark prepare(with({"prepare"}), {}, dir);
    ASSERT_TRUE(prepare.started());
    // Killed once the first file has some, but not all, of its bytes.
    ASSERT_TRUE(wait_for([&] { return size_of(dir.file("test_file.0")) > 0; }));
    prepare.signal(SIGKILL);
    EXPECT_EQ(prepare.wait(), 128 + SIGKILL);
  }
  // The first file that is not whole (short, or not made yet) is the one `run` names.
  std::string first_incomplete;
  for (const char* name : {"test_file.0", "test_file.1"}) {
    if (size_of(dir.file(name)) < kFileBytes) {
      first_incomplete = name;
      break;
    }
  }
  ASSERT_FALSE(first_incomplete.empty()) << "the prepare finished before it was killed";
  const auto run_args = with({"--file-test-mode=rndrd", "--events=200", "--time=0", "run"});
  // sysbench's words: a short file's size, or a missing file's open error, exit status 1.
  const RunOutput run = run_hostmark(run_args);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("FATAL: "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("'" + first_incomplete + "'"), std::string::npos) << run.out;

  const bool was_short = size_of(dir.file(first_incomplete)) >= 0;
  const RunOutput again = run_hostmark(with({"prepare"}));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find(was_short ? "Extending existing file " + first_incomplete
                                     : "Creating file " + first_incomplete),
            std::string::npos)
      << again.out;
  EXPECT_EQ(size_of(dir.file("test_file.0")), kFileBytes);
  EXPECT_EQ(size_of(dir.file("test_file.1")), kFileBytes);
  // Every block, those written before the kill and after, carries a valid checksum.
  const RunOutput validated = run_hostmark(
      with({"--file-test-mode=seqrd", "--events=8192", "--time=0", "--validate", "run"}));
  EXPECT_EQ(validated.exit_code, 0) << validated.err;
  EXPECT_EQ(run_hostmark(with({"cleanup"})).exit_code, 0);
  EXPECT_EQ(test_files_in(dir.path()), 0u);
}

// The sysbench arguments that reach `o`'s database.
std::vector<std::string> connect_args(const db::ConnectOptions& o) {
  switch (o.kind) {
    case db::DriverKind::kSqlite: return {"--db-driver=sqlite", "--sqlite-db=" + o.sqlite_path};
    case db::DriverKind::kMysql:
      return {"--db-driver=mysql", "--mysql-socket=" + o.socket, "--mysql-user=" + o.user,
              "--mysql-password=" + o.password, "--mysql-db=" + o.database};
    case db::DriverKind::kPgsql:
      return {"--db-driver=pgsql",
              "--pgsql-host=" + o.host,
              "--pgsql-port=" + std::to_string(o.port),
              "--pgsql-user=" + o.user,
              "--pgsql-password=" + o.password,
              "--pgsql-db=" + o.database};
  }
  return {};
}

class InterruptedOltpPrepareTest : public ::testing::TestWithParam<std::string> {
 protected:
  std::vector<std::string> sb(const std::vector<std::string>& more) const {
    std::vector<std::string> args = {"sysbench", "oltp_read_only", "--tables=2"};
    const auto db = connect_args(options_);
    args.insert(args.end(), db.begin(), db.end());
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  // A prepare of a big table, killed with SIGKILL while it loads rows.
  void kill_a_prepare() {
    BackgroundHostmark prepare(sb({"--table-size=5000000", "prepare"}), {}, dir_);
    ASSERT_TRUE(prepare.started());
    ASSERT_TRUE(wait_for([&] { return prepare.out().find("Inserting") != std::string::npos; }))
        << prepare.err();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // some rows in
    prepare.signal(SIGKILL);
    EXPECT_EQ(prepare.wait(), 128 + SIGKILL);
  }
  bool exists(const std::string& table) const {
    auto conn = db::make_driver(options_).value()->connect();
    return oltp_test::table_exists(*conn, options_.kind, table);
  }
  void check() {
    kill_a_prepare();
    EXPECT_TRUE(exists("sbtest1_hostmark_partial"));  // what a kill leaves: a half-loaded table
    EXPECT_FALSE(exists("sbtest1"));                  // never under the name a run uses
    expect_one_line_error(run_hostmark(sb({"--events=5", "--time=0", "run"})), "sbtest1", 1);
    const RunOutput cleanup = run_hostmark(sb({"cleanup"}));
    ASSERT_EQ(cleanup.exit_code, 0) << cleanup.err;
    EXPECT_FALSE(exists("sbtest1_hostmark_partial"));
    EXPECT_FALSE(exists("sbtest2_hostmark_partial"));

    kill_a_prepare();
    const RunOutput prepare = run_hostmark(sb({"--table-size=100", "prepare"}));
    ASSERT_EQ(prepare.exit_code, 0) << prepare.err;
    EXPECT_NE(prepare.out.find("Inserting 100 records into 'sbtest1'"), std::string::npos)
        << prepare.out;
    EXPECT_FALSE(exists("sbtest1_hostmark_partial"));
    const RunOutput run = run_hostmark(sb({"--table-size=100", "--events=5", "--time=0", "run"}));
    EXPECT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run_hostmark(sb({"cleanup"})).exit_code, 0);
    EXPECT_FALSE(exists("sbtest1"));
  }

  ScratchDir dir_;
  db::ConnectOptions options_;
};

TEST_P(InterruptedOltpPrepareTest, KilledPrepareIsCleanedOrFinished) {
  if (GetParam() == "sqlite") {
    options_ = oltp_test::sqlite_options(dir_);
    check();
  } else if (GetParam() == "mysql") {
    HOSTMARK_MYSQL_OR_SKIP(o, false);
    options_ = o;
    check();
  } else {
    HOSTMARK_PGSQL_OR_SKIP(o, false);
    options_ = o;
    check();
  }
}

INSTANTIATE_TEST_SUITE_P(Drivers, InterruptedOltpPrepareTest,
                         ::testing::Values("sqlite", "mysql", "pgsql"),
                         [](const auto& param_info) { return param_info.param; });

}  // namespace
}  // namespace hostmark
