// Result sets of the sysbench Lua SQL API through the built binary: con:query()'s result
// objects (nrows, nfields, fetch_row(), free()), con:query_row(), prepared statements' results
// and the legacy db_execute()/db_store_results()/db_free_results(), with sysbench 1.0.20's
// ALERT lines. On SQLite always; on the test MariaDB and PostgreSQL when started
// (tests/db_servers.h), where the real sysbench, when installed, runs the same script and must
// print the same.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "db_servers.h"
#include "sysbench_fileio_env.h"

namespace hostmark {
namespace {

constexpr const char* kRowsRealSysbench = "/usr/bin/sysbench";

// Reads rows back through every path; the values are the same on every database (NULLs sort
// apart by COALESCE, FLOAT values chosen exact in binary).
constexpr const char* kRowsScript = R"lua(
  function event()
    local con = sysbench.sql.driver():connect()
    con:query("DROP TABLE IF EXISTS lr_t")
    con:query("CREATE TABLE lr_t (a INT, b VARCHAR(20), c FLOAT)")
    con:query("INSERT INTO lr_t VALUES (1, 'one', 0.5), (2, NULL, 0.25), (NULL, 'three', NULL)")
    local rs = con:query("SELECT a, b, c FROM lr_t ORDER BY COALESCE(a, 0)")
    print("rows " .. rs.nrows .. " fields " .. rs.nfields)
    for i = 1, rs.nrows do
      print(string.format("%s %s %s", unpack(rs:fetch_row(), 1, rs.nfields)))
    end
    print(rs:fetch_row())
    rs:free()
    print(pcall(rs.free, rs))
    print(pcall(rs.free, rs))
    print(rs.nrows, rs.nfields)
    print(rs:fetch_row())
    print(con:query_row("SELECT COUNT(*), MAX(b) FROM lr_t"))
    print(con:query_row("SELECT a FROM lr_t WHERE a > 100"))
    print(con:query("UPDATE lr_t SET a = a + 10 WHERE a IS NOT NULL") == nil)
    local empty = con:query("SELECT b FROM lr_t WHERE a > 100")
    print(empty.nrows, empty.nfields, empty:fetch_row())
    local old = con:query("SELECT a, b FROM lr_t ORDER BY COALESCE(a, 0)")
    local new = con:query("SELECT COUNT(*) FROM lr_t")
    print(old.nrows, old.nfields, unpack(old:fetch_row(), 1, 1))
    print("--")
    con:disconnect()
    print(pcall(con.query, con, "SELECT 1"))
    con:disconnect()
    con = sysbench.sql.driver():connect()
    print(con:query_row("SELECT a, b FROM lr_t WHERE a = 11"))
    con:query("DROP TABLE lr_t")
  end
)lua";

// What sysbench 1.0.20 prints for kRowsScript (run on MariaDB and PostgreSQL); <script> stands
// for the script's path.
constexpr const char* kRowsExpected = R"(rows 3 fields 3
nil three nil
1 one 0.5
2 nil 0.25
nil
ALERT: attempt to free an invalid result set
false	db_free_results() failed
false	db_free_results() failed
0	0
(last message repeated 1 times)
ALERT: attempt to fetch row from an invalid result set
nil
3	three
nil
true
ALERT: attempt to fetch row from an empty result set
0	1	nil
1	1	3
--
ALERT: attempt to use an already closed connection
false	<script>:28: SQL API error
ALERT: attempt to close an already closed connection
11	one
)";

// Prepared statements' result sets (sysbench's drv_mysql leaves them unreadable and drv_pgsql
// garbles their values: hostmark reads them as a query's), a value longer than the mysql
// driver's first buffer, and the legacy API's result objects.
constexpr const char* kPreparedScript = R"lua(
  function event()
    local con = sysbench.sql.driver():connect()
    con:query("DROP TABLE IF EXISTS lr_p")
    con:query("CREATE TABLE lr_p (a INT, b VARCHAR(300))")
    con:query("INSERT INTO lr_p VALUES (1, 'x'), (2, NULL), (3, '" .. string.rep("y", 290) .. "')")
    local stmt = con:prepare("SELECT a, b FROM lr_p WHERE a >= ? ORDER BY a")
    local p = stmt:bind_create(sysbench.sql.type.INT)
    stmt:bind_param(p)
    p:set(2)
    local rs = stmt:execute()
    print(rs.nrows, rs.nfields)
    local row = rs:fetch_row()
    while row do print(row[1], row[2] and #row[2] or nil) row = rs:fetch_row() end
    stmt:close()
    local up = con:prepare("UPDATE lr_p SET a = a + ? WHERE a = 1")
    local q = up:bind_create(sysbench.sql.type.INT)
    up:bind_param(q)
    q:set(100)
    print(up:execute(), con:query_row("SELECT b FROM lr_p WHERE a = 101"))
    up:close()
    print(db_query("SELECT 1"))
    local legacy = db_prepare("SELECT a FROM lr_p")
    local lrs = db_execute(legacy)
    print(type(lrs))
    db_store_results(lrs)
    db_free_results(lrs)
    db_free_results(lrs)
    lrs = db_execute(legacy)
    db_query("SELECT 1")
    db_free_results(lrs)
    print(pcall(db_free_results, 1))
    db_close(legacy)
    con:query("DROP TABLE lr_p")
  end
)lua";

constexpr const char* kPreparedExpected = R"(2	2
2	nil
3	290
<sql_result>	x

userdata
ALERT: attempt to free an invalid result set
false	bad argument #1 to '?' (sysbench.rs expected, got number)
)";

class SysbenchLuaRowsTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(dir_.path().empty()); }
  std::string script(const std::string& name, const std::string& text) const {
    std::ofstream(dir_.file(name)) << text;
    return dir_.file(name);
  }
  // One event of `path` with `db_args`, quiet (--verbosity=1: the script's lines and ALERTs).
  static RunOutput hostmark(const std::vector<std::string>& db_args, const std::string& path) {
    std::vector<std::string> args = {"sysbench", "--verbosity=1", "--events=1"};
    args.insert(args.end(), db_args.begin(), db_args.end());
    args.push_back(path);
    args.push_back("run");
    return run_hostmark(args);
  }
  static std::string with_script(std::string text, const std::string& path) {
    const std::string mark = "<script>";
    if (const auto at = text.find(mark); at != std::string::npos)
      text.replace(at, mark.size(), path);
    return text;
  }
  ScratchDir dir_;
  CwdGuard cwd_{dir_.path()};
};

std::vector<std::string> mysql_args(const db::ConnectOptions& o) {
  return {"--db-driver=mysql", "--mysql-socket=" + o.socket, "--mysql-user=" + o.user,
          "--mysql-password=" + o.password, "--mysql-db=" + o.database};
}

std::vector<std::string> pgsql_args(const db::ConnectOptions& o) {
  return {"--db-driver=pgsql",
          "--pgsql-host=" + o.host,
          "--pgsql-port=" + std::to_string(o.port),
          "--pgsql-user=" + o.user,
          "--pgsql-password=" + o.password,
          "--pgsql-db=" + o.database};
}

TEST_F(SysbenchLuaRowsTest, ResultSetsOnSqlite) {
  const std::vector<std::string> db = {"--db-driver=sqlite", "--sqlite-db=" + dir_.file("rows.db")};
  const std::string path = script("rows.lua", kRowsScript);
  const RunOutput r = hostmark(db, path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, with_script(kRowsExpected, path));
  const RunOutput p = hostmark(db, script("prepared.lua", kPreparedScript));
  ASSERT_EQ(p.exit_code, 0) << p.err;
  EXPECT_EQ(p.out, kPreparedExpected);
}

TEST_F(SysbenchLuaRowsTest, ResultSetsOnMysql) {
  HOSTMARK_MYSQL_OR_SKIP(server, false);
  const std::string path = script("rows.lua", kRowsScript);
  const RunOutput r = hostmark(mysql_args(server), path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, with_script(kRowsExpected, path));
  const RunOutput p = hostmark(mysql_args(server), script("prepared.lua", kPreparedScript));
  ASSERT_EQ(p.exit_code, 0) << p.err;
  EXPECT_EQ(p.out, kPreparedExpected);
}

TEST_F(SysbenchLuaRowsTest, ResultSetsOnPgsql) {
  HOSTMARK_PGSQL_OR_SKIP(server, false);
  const std::string path = script("rows.lua", kRowsScript);
  const RunOutput r = hostmark(pgsql_args(server), path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, with_script(kRowsExpected, path));
  const RunOutput p = hostmark(pgsql_args(server), script("prepared.lua", kPreparedScript));
  ASSERT_EQ(p.exit_code, 0) << p.err;
  EXPECT_EQ(p.out, kPreparedExpected);
}

// con:reconnect() counts as a reconnect in the report (sysbench's api_sql "reconnects = 1").
TEST_F(SysbenchLuaRowsTest, ReconnectIsCounted) {
  const std::string path = script("reconnect.lua", R"lua(
    function sysbench.hooks.report_cumulative(stat) print("reconnects = " .. stat.reconnects) end
    function thread_init() con = sysbench.sql.driver():connect() end
    function event()
      print(con:query_row("SELECT 1"))
      con:reconnect()
      print(con:query_row("SELECT 2"))
    end
  )lua");
  const RunOutput r =
      hostmark({"--db-driver=sqlite", "--sqlite-db=" + dir_.file("reconnect.db")}, path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "1\n2\nreconnects = 1\n");
}

// A connection that cannot be made: sysbench.sql's "connection creation failed" (the driver's
// FATAL line on standard error), which pcall catches.
TEST_F(SysbenchLuaRowsTest, FailedConnectIsSysbenchsError) {
  const std::string path = script("noconnect.lua", R"lua(
    function event()
      local drv = sysbench.sql.driver()
      local ok, m = pcall(drv.connect, drv)
      print(ok, m)
    end
  )lua");
  const RunOutput r =
      hostmark({"--db-driver=sqlite", "--sqlite-db=" + dir_.file("no/such/dir/x.db")}, path);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "false\tconnection creation failed\n");
  EXPECT_EQ(r.err.rfind("FATAL: sqlite ", 0), 0U) << r.err;
}

// The real sysbench on the same servers prints what kRowsExpected says (the expectation is
// sysbench's, not only hostmark's).
TEST_F(SysbenchLuaRowsTest, RealSysbenchPrintsTheSameRows) {
  if (!std::filesystem::exists(kRowsRealSysbench)) GTEST_SKIP() << kRowsRealSysbench << " absent";
  for (const bool mysql : {true, false}) {
    HOSTMARK_DB_OR_SKIP(server, mysql ? testing_db::mysql_server() : testing_db::pgsql_server(),
                        "database");
    const std::string path = script("rows.lua", kRowsScript);
    std::vector<std::string> args = mysql ? mysql_args(server) : pgsql_args(server);
    args.insert(args.begin(), {"--verbosity=1", "--events=1"});
    args.push_back(path);
    args.push_back("run");
    const RunOutput theirs = run_program(kRowsRealSysbench, args);
    ASSERT_EQ(theirs.exit_code, 0) << theirs.err;
    EXPECT_EQ(theirs.out, with_script(kRowsExpected, path));
  }
}

}  // namespace
}  // namespace hostmark
