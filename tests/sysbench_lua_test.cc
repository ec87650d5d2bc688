// `hostmark sysbench SCRIPT.lua ...`: users' own sysbench 1.0.20 Lua scripts through the built
// binary: the lifecycle of init/thread_init/event/thread_done/done, declared options, event()'s
// return value, errors as sysbench's FATAL lines, report hooks, sysbench.rand, histograms and
// custom commands. Where the real sysbench is installed, the same scripts are run by it too and
// the outputs compared (no timings are compared or asserted).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>

#include "db_servers.h"
#include "sysbench_fileio_env.h"

namespace hostmark {
namespace {

constexpr const char* kRealSysbenchBinary = "/usr/bin/sysbench";

class SysbenchLuaTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(dir_.path().empty()); }
  // Writes `name` in the scratch directory (the current one) and returns its path.
  std::string script(const std::string& name, const std::string& text) const {
    std::ofstream(dir_.file(name)) << text;
    return dir_.file(name);
  }
  static RunOutput hostmark(std::vector<std::string> args, const RunOptions& options = {}) {
    args.insert(args.begin(), "sysbench");
    return run_hostmark(args, options);
  }
  static bool real_sysbench() { return std::filesystem::exists(kRealSysbenchBinary); }
  static RunOutput real(const std::vector<std::string>& args, const RunOptions& options = {}) {
    return run_program(kRealSysbenchBinary, args, options);
  }
  ScratchDir dir_;
  CwdGuard cwd_{dir_.path()};
};

constexpr const char* kLifecycleScript = R"(
  function init(tid) print("init " .. tostring(tid)) end
  function thread_init(tid) print("thread_init " .. tid) end
  function event(tid) print("event " .. tid) end
  function thread_done(tid) print("thread_done " .. tid) end
  function done(tid) print("done " .. tostring(tid)) end
)";

// init() and done() in the main state (no thread id) around everything; each thread's lines in
// order thread_init, its events, thread_done; --events counts every thread's events.
TEST_F(SysbenchLuaTest, LifecycleRunsInSysbenchsOrder) {
  const std::string path = script("life.lua", kLifecycleScript);
  const RunOutput r = hostmark({"--verbosity=0", "--threads=2", "--events=6", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = output_lines(r.out);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines.front(), "init nil");
  EXPECT_EQ(lines.back(), "done nil");
  std::size_t events = 0;
  for (const std::string tid : {"0", "1"}) {
    std::vector<std::string> mine;
    for (const auto& line : lines)
      if (line.ends_with(" " + tid) && line != "init nil" && line != "done nil")
        mine.push_back(line);
    ASSERT_GE(mine.size(), 2u) << r.out;
    EXPECT_EQ(mine.front(), "thread_init " + tid);
    EXPECT_EQ(mine.back(), "thread_done " + tid);
    for (std::size_t i = 1; i + 1 < mine.size(); ++i) EXPECT_EQ(mine[i], "event " + tid);
    events += mine.size() - 2;
  }
  EXPECT_EQ(events, 6u);
}

TEST_F(SysbenchLuaTest, LifecycleMatchesRealSysbench) {
  if (!real_sysbench()) GTEST_SKIP() << kRealSysbenchBinary << " is not installed";
  const std::string path = script("life1.lua", kLifecycleScript);
  const std::vector<std::string> args = {"--verbosity=0", "--events=3", path, "run"};
  const RunOutput mine = hostmark(args);
  const RunOutput theirs = real(args);
  ASSERT_EQ(mine.exit_code, 0) << mine.err;
  ASSERT_EQ(theirs.exit_code, 0) << theirs.err;
  EXPECT_EQ(mine.out, theirs.out);
}

// The report of a run has sysbench's layout: the same lines, numbers aside, and the script's
// output where sysbench puts it (thread_init's between "Initializing worker threads..." and
// "Threads started!", done()'s after the report).
TEST_F(SysbenchLuaTest, ReportHasSysbenchsShape) {
  const std::string path = script("shape.lua", R"(
  function thread_init() print("thread_init here") end
  function event() end
  function done() print("done here") end
)");
  const auto shape = [](const std::string& text) {
    static const std::regex number(R"([0-9]+(\.[0-9]+)?)");
    static const std::regex padding(" +#");
    std::vector<std::string> out;
    for (const auto& line : output_lines(text)) {
      if (line.starts_with("sysbench ")) continue;  // the version line differs on purpose
      out.push_back(std::regex_replace(std::regex_replace(line, number, "#"), padding, " #"));
    }
    return out;
  };
  const RunOutput mine = hostmark({"--events=5", path, "run"});
  ASSERT_EQ(mine.exit_code, 0) << mine.err;
  EXPECT_NE(mine.out.find("General statistics:"), std::string::npos) << mine.out;
  EXPECT_EQ(mine.out.find("SQL statistics"), std::string::npos) << mine.out;
  const auto at = [&mine](const char* text) { return mine.out.find(text); };
  EXPECT_LT(at("Initializing worker threads..."), at("thread_init here")) << mine.out;
  EXPECT_LT(at("thread_init here"), at("Threads started!")) << mine.out;
  EXPECT_LT(at("Threads fairness:"), at("done here")) << mine.out;
  if (!real_sysbench()) return;
  const RunOutput theirs = real({"--events=5", path, "run"});
  ASSERT_EQ(theirs.exit_code, 0) << theirs.err;
  EXPECT_EQ(shape(mine.out), shape(theirs.out));
}

// A value other than nil or false from event() stops the thread after that event.
TEST_F(SysbenchLuaTest, EventReturnValueStopsTheThread) {
  const std::string path = script("ret.lua", R"(
sysbench.cmdline.options = { stop = {"what event() returns", "nil"} }
  function event()
  n = (n or 0) + 1
  print(n)
  local values = { ["nil"] = nil, ["false"] = false, ["true"] = true, zero = 0, table = {} }
  if n >= 3 then return true end
  return values[sysbench.opt.stop]
end
)");
  const auto events_of = [&path](const std::string& stop) {
    const RunOutput r = hostmark({"--verbosity=0", "--events=10", path, "run", "--stop=" + stop});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
  };
  EXPECT_EQ(events_of("true"), "1\n");
  EXPECT_EQ(events_of("zero"), "1\n");
  EXPECT_EQ(events_of("table"), "1\n");
  EXPECT_EQ(events_of("false"), "1\n2\n3\n");
  EXPECT_EQ(events_of("nil"), "1\n2\n3\n");
}

// sysbench.cmdline.options: defaults by type, values from the command line, '-' read as '_'.
TEST_F(SysbenchLuaTest, DeclaredOptionsAreReadBack) {
  const std::string path = script("opts.lua", R"(
sysbench.cmdline.options = {
  name = {"a string", "abc"},
  count = {"a number", 10},
  flag = {"a flag", false},
  items = {"a list", {"x", "y"}},
  ["dash-name"] = {"a dashed one", "d"},
}
  function event()
  local o = sysbench.opt
  print(o.name, o.count, o.flag, table.concat(o.items, "+"), o.dash_name, o.threads)
  return true
end
)");
  RunOutput r = hostmark({"--verbosity=0", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "abc\t10\tfalse\tx+y\td\t1\n");
  r = hostmark({"--verbosity=0", path, "run", "--name=q", "--count=7", "--flag", "--items=a,b,c",
                "--dash-name=e", "--threads=1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "q\t7\ttrue\ta+b+c\te\t1\n");
  r = hostmark({"--verbosity=0", path, "run", "--nonexistent=1"});
  EXPECT_EQ(r.exit_code, 1);  // sysbench's words and status
  EXPECT_EQ(r.err, "invalid option: --nonexistent=1\n");
}

TEST_F(SysbenchLuaTest, HelpPrintsTheScriptsOptions) {
  const std::string path = script("help.lua", R"(
sysbench.cmdline.options = { size = {"rows to make", 100}, label = {"a label"} }
  function help() print("usage:") sysbench.cmdline.print_test_options() end
)");
  const RunOutput r = hostmark({"--verbosity=0", path, "help"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "usage:\n"
            "  --label=STRING a label\n"
            "  --size=N       rows to make [100]\n"
            "\n")
      << r.out;
  // Without a help() of its own: "<script> options:" and the list.
  const std::string bare =
      script("bare.lua", "sysbench.cmdline.options = { size = {\"rows to make\", 100} }\n");
  const RunOutput b = hostmark({"--verbosity=0", bare, "help"});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(b.out, "bare.lua options:\n  --size=N rows to make [100]\n\n");
  if (!real_sysbench()) return;
  EXPECT_EQ(r.out, real({"--verbosity=0", path, "help"}).out);
  EXPECT_EQ(b.out, real({"--verbosity=0", bare, "help"}).out);
}

TEST_F(SysbenchLuaTest, ErrorsAreSysbenchsFatalLines) {
  std::string path = script("syntax.lua", "foo\n");
  RunOutput r = hostmark({"--verbosity=0", path, "run"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "FATAL: " + path + ":2: '=' expected near '<eof>'\n");

  path = script("noevent.lua", "function foo() end\n");
  r = hostmark({"--verbosity=0", path, "run"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "FATAL: cannot find the event() function in noevent.lua\n");  // as sysbench

  path = script("boom.lua", "function event() error('boom') end\n");
  r = hostmark({"--verbosity=0", "--events=5", path, "run"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "FATAL: `thread_run' function failed: " + path + ":1: boom\n");  // as sysbench

  r = hostmark({"--verbosity=0", "no_such_script", "run"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err,
            "FATAL: Cannot find benchmark 'no_such_script': no such built-in test, file "
            "or module\n");

  path = script("noprep.lua", "function event() end\n");
  r = hostmark({"--verbosity=0", path, "prepare"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "'noprep.lua' test does not implement the 'prepare' command.\n");
}

// prepare/cleanup/help call the script's functions; a custom command runs its function;
// thread_run() replaces the event loop.
TEST_F(SysbenchLuaTest, CommandsRunTheScriptsFunctions) {
  const std::string path = script("cmds.lua", R"(
  function prepare() print("prepare " .. tostring(sysbench.tid)) end
  function cleanup() print("cleanup") end
  function thread_run(tid) print("thread_run " .. tid) end
  function event() print("never") end
sysbench.cmdline.commands = { hello = {function() print("hello command") end} }
)");
  EXPECT_EQ(hostmark({"--verbosity=0", path, "prepare"}).out, "prepare 0\n");
  EXPECT_EQ(hostmark({"--verbosity=0", path, "cleanup"}).out, "cleanup\n");
  EXPECT_EQ(hostmark({"--verbosity=0", path, "hello"}).out, "hello command\n");
  const RunOutput r = hostmark({"--verbosity=0", "--threads=2", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto lines = output_lines(r.out);
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<std::string>{"thread_run 0", "thread_run 1"}));
}

// A parallel custom command runs once per thread (sysbench.tid 0..n-1); the main state's
// sysbench.tid is 0; sysbench.cmdline.argv and .command are the command line's.
TEST_F(SysbenchLuaTest, ParallelCommandsAndCommandLine) {
  const std::string path = script("par.lua", R"(
  function each() print("tid " .. sysbench.tid) end
  function show()
    print(sysbench.cmdline.command, sysbench.cmdline.argv[0], table.concat(sysbench.cmdline.argv, " "))
  end
  sysbench.cmdline.commands = { each = {each, sysbench.cmdline.PARALLEL_COMMAND}, one = {each},
                                show = {show} }
)");
  RunOutput r = hostmark({"--verbosity=0", "--threads=3", path, "each"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto lines = output_lines(r.out);
  std::sort(lines.begin(), lines.end());
  EXPECT_EQ(lines, (std::vector<std::string>{"tid 0", "tid 1", "tid 2"}));
  r = hostmark({"--verbosity=0", "--threads=3", path, "one"});
  EXPECT_EQ(r.out, "tid 0\n");
  r = hostmark({"--verbosity=0", path, "show"});
  EXPECT_EQ(r.out, "show\tsysbench\t--verbosity=0 " + path + " show\n");
}

TEST_F(SysbenchLuaTest, ScriptFromStandardInput) {
  RunOptions in;
  in.stdin_text = "print('from stdin', sysbench.version)\n";
  const RunOutput r = hostmark({"--verbosity=0"}, in);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "from stdin\t1.0.20\n");
  const RunOutput dash = hostmark({"--verbosity=0", "-", "run"}, in);  // '-': the same, body only
  ASSERT_EQ(dash.exit_code, 0) << dash.err;
  EXPECT_EQ(dash.out, "from stdin\t1.0.20\n");
}

// The report hooks print in sysbench's CSV and JSON layouts; report_json's array is closed.
TEST_F(SysbenchLuaTest, ReportHooksPrintSysbenchsFormats) {
  const std::string body = R"(
  ffi.cdef[[int usleep(unsigned int);]]
  function event() ffi.C.usleep(1000) end
)";
  std::string path =
      script("csv.lua", body + "sysbench.hooks.report_cumulative = sysbench.report_csv\n");
  RunOutput r = hostmark({"--verbosity=0", "--events=3", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::regex_match(
      r.out, std::regex(R"(\d+,0,[0-9.]+,0\.00,0\.00,0\.00,0\.00,[1-9][0-9]*\.[0-9]{2},0\.00,0\.00
)"))) << r.out;

  path = script("json.lua", body + "sysbench.hooks.report_cumulative = sysbench.report_json\n");
  r = hostmark({"--verbosity=0", "--events=3", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("[\n  {\n    \"time\": ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\n    \"threads\": 0,\n"), std::string::npos) << r.out;
  EXPECT_TRUE(r.out.ends_with("\"reconnects\": 0.00\n  }\n]\n")) << r.out;

  path =
      script("default.lua", body + "sysbench.hooks.report_cumulative = sysbench.report_default\n");
  r = hostmark({"--verbosity=0", "--events=3", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::regex_match(
      r.out,
      std::regex(R"(\[ \d+s \] thds: 0 tps: [0-9.]+ qps: 0\.00 \(r/w/o: 0\.00/0\.00/0\.00\) )"
                 R"(lat \(ms,95%\): [0-9.]+ err/s 0\.00 reconn/s: 0\.00
)"))) << r.out;
}

// sysbench.rand and the legacy sb_rand* functions: ranges, patterns, uniqueness, and the same
// values again with the same --rand-seed.
TEST_F(SysbenchLuaTest, RandomNumbersStayInRange) {
  const std::string path = script("rand.lua", R"(
  function event()
  local seen = {}
  for i = 1, 2000 do
    for _, v in ipairs({sb_rand(3, 7), sysbench.rand.uniform(3, 7), sb_rand_gaussian(3, 7),
                        sb_rand_special(3, 7), sysbench.rand.pareto(3, 7)}) do
      if v < 3 or v > 7 or v ~= math.floor(v) then error("out of range: " .. v) end
    end
    local u = sb_rand_uniq()
    if seen[u] then error("sb_rand_uniq repeated " .. u) end
    seen[u] = true
    local d = sysbench.rand.uniform_double()
    if d < 0 or d >= 1 then error("uniform_double " .. d) end
  end
  print(sb_rand_str("ab-###-@@@"), sb_rnd() >= 0, sb_rand(1, 1000000))
  return true
end
)");
  const RunOutput a = hostmark({"--verbosity=0", "--rand-seed=5", path, "run"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_TRUE(std::regex_match(a.out, std::regex("ab-[0-9]{3}-[a-z]{3}\ttrue\t[0-9]+\n"))) << a.out;
  const RunOutput b = hostmark({"--verbosity=0", "--rand-seed=5", path, "run"});
  EXPECT_EQ(a.out, b.out);
}

constexpr const char* kHistogramScript = R"(
h = sysbench.histogram.new(1000, 1, 10)
for _, v in ipairs({1, 2, 0, 10, 100, 5.001}) do h:update(v) end
h:print()
)";

TEST_F(SysbenchLuaTest, HistogramPrintsAsSysbench) {
  const std::string path = script("hist.lua", kHistogramScript);
  const RunOutput r = hostmark({"--verbosity=0", path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "       value  ------------- distribution ------------- count\n"
            "       1.000 |**************************************** 2\n"
            "       2.001 |********************                     1\n"
            "       4.997 |********************                     1\n"
            "      10.000 |**************************************** 2\n");
  if (!real_sysbench()) return;
  const RunOutput theirs = real({"--verbosity=0", path});
  EXPECT_EQ(r.out, theirs.out);
}

// The report's "SQL statistics" numbers, as (label, count): "read", "write", ... "transactions".
std::map<std::string, std::string> sql_statistics(const std::string& out) {
  std::map<std::string, std::string> found;
  static const std::regex kLine(
      R"(^\s+(read|write|other|total|transactions|ignored errors|reconnects):\s+(\d+))");
  for (const std::string& line : output_lines(out)) {
    std::smatch m;
    if (std::regex_search(line, m, kLine)) found[m[1].str()] = m[2].str();
  }
  return found;
}

constexpr const char* kLegacySqlScript = R"lua(
  function init() db_query("CREATE TABLE lua_sql_t (a INTEGER)") end
  function event()
    db_query("INSERT INTO lua_sql_t VALUES (1)")
    db_query("SELECT a FROM lua_sql_t")
  end
)lua";

// The legacy db_query() on SQLite (no server): each statement counted as sysbench counts it
// (the CREATE of init() is "other"), the report's SQL statistics section.
TEST_F(SysbenchLuaTest, LegacyDbQueryCountsStatementsOnSqlite) {
  const std::string path = script("sql.lua", kLegacySqlScript);
  const RunOutput r = hostmark({"--db-driver=sqlite", "--sqlite-db=" + dir_.file("lua.db"),
                                "--threads=1", "--events=5", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto stats = sql_statistics(r.out);
  EXPECT_EQ(stats.at("read"), "5");
  EXPECT_EQ(stats.at("write"), "5");
  EXPECT_EQ(stats.at("other"), "1");
  EXPECT_EQ(stats.at("total"), "11");
  EXPECT_EQ(stats.at("transactions"), "5");
}

// An ignorable error restarts the event (sysbench.error.RESTART_EVENT, the hook
// before_restart_event first) and counts as an ignored error; a script without SQL has no SQL
// statistics section.
TEST_F(SysbenchLuaTest, IgnorableSqlErrorsRestartTheEvent) {
  const std::string path = script("restart.lua", R"lua(
    local n = 0
    sysbench.hooks.before_restart_event = function(e) io.write("restart ", e.errcode, "\n") end
    function event()
      n = n + 1
      if n % 2 == 1 then db_query("SELECT * FROM lua_sql_missing") end
      db_query("SELECT 1")
    end
  )lua");
  const RunOutput r =
      hostmark({"--db-driver=sqlite", "--sqlite-db=" + dir_.file("restart.db"),
                "--sqlite-ignore-errors=all", "--threads=1", "--events=3", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto stats = sql_statistics(r.out);
  EXPECT_EQ(stats.at("read"), "3");
  EXPECT_EQ(stats.at("ignored errors"), "3");
  EXPECT_NE(r.out.find("restart 1\n"), std::string::npos) << r.out;

  const std::string plain = script("plain.lua", "function event() end\n");
  const RunOutput p = hostmark({"--events=2", plain, "run"});
  ASSERT_EQ(p.exit_code, 0) << p.err;
  EXPECT_EQ(p.out.find("SQL statistics"), std::string::npos) << p.out;
}

// drv_common.sh's script on the test servers: 10 reads, 10 transactions.
TEST_F(SysbenchLuaTest, LegacyDbQueryOnServers) {
  for (const bool mysql : {true, false}) {
    HOSTMARK_SERVER_OR_SKIP(server, mysql ? testing_db::mysql_server() : testing_db::pgsql_server(),
                            "database");
    const std::string path = script("drv.lua", "function event() db_query(\"SELECT 1\") end\n");
    std::vector<std::string> args = {"--threads=2", "--events=10", path, "run"};
    if (mysql) {
      args.insert(args.begin(),
                  {"--db-driver=mysql", "--mysql-user=" + server->user,
                   "--mysql-password=" + server->password, "--mysql-db=" + server->database});
      if (!server->socket.empty()) args.insert(args.begin(), "--mysql-socket=" + server->socket);
      else {
        args.insert(args.begin(), "--mysql-host=" + server->host);
        args.insert(args.begin(), "--mysql-port=" + std::to_string(server->port));
      }
    } else {
      args.insert(args.begin(),
                  {"--db-driver=pgsql", "--pgsql-host=" + server->host,
                   "--pgsql-port=" + std::to_string(server->port), "--pgsql-user=" + server->user,
                   "--pgsql-password=" + server->password, "--pgsql-db=" + server->database});
    }
    const RunOutput r = hostmark(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto stats = sql_statistics(r.out);
    EXPECT_EQ(stats.at("read"), "10");
    EXPECT_EQ(stats.at("write"), "0");
    EXPECT_EQ(stats.at("transactions"), "10");
  }
}

// The legacy bulk insert and prepared statements on SQLite: the bound table is read when the
// statement executes (sysbench binds by reference); the results are checked by a query.
TEST_F(SysbenchLuaTest, LegacyBulkInsertAndPreparedStatementsOnSqlite) {
  const std::string path = script("bulk.lua", R"lua(
    function event()
      db_query("CREATE TABLE lua_bulk_t (a INTEGER)")
      db_bulk_insert_init("INSERT INTO lua_bulk_t VALUES")
      for i = 1, 100 do db_bulk_insert_next(string.format("(%d)", i)) end
      db_bulk_insert_done()
      local params = {0}
      local stmt = db_prepare("UPDATE lua_bulk_t SET a = a + ?")
      db_bind_param(stmt, params)
      params[1] = 100
      local rs = db_execute(stmt)
      db_store_results(rs)
      db_free_results(rs)
      db_close(stmt)
      db_query("INSERT INTO lua_bulk_t SELECT MIN(a) * 1000 + MAX(a) FROM lua_bulk_t")
      print(DB_ERROR_NONE, DB_ERROR_RESTART_TRANSACTION, DB_ERROR_FAILED)
    end
  )lua");
  const RunOutput r = hostmark({"--db-driver=sqlite", "--sqlite-db=" + dir_.file("bulk.db"),
                                "--threads=1", "--events=1", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("0\t1\t2\n"), std::string::npos) << r.out;
  const auto stats = sql_statistics(r.out);
  EXPECT_EQ(stats.at("write"), "3");  // the bulk INSERT, the UPDATE, the INSERT ... SELECT
  const std::string check = script("check.lua", R"lua(
    function event()
      db_query("DELETE FROM lua_bulk_t WHERE a = 101200")
      db_query("DELETE FROM lua_bulk_t WHERE a = 101200")
    end
  )lua");
  const RunOutput c = hostmark({"--db-driver=sqlite", "--sqlite-db=" + dir_.file("bulk.db"),
                                "--threads=1", "--events=1", check, "run"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  const auto deleted = sql_statistics(c.out);
  EXPECT_EQ(deleted.at("write"), "1");  // 101 .. 200 after the update: the row was there
  EXPECT_EQ(deleted.at("other"), "1");  // the second DELETE matched nothing
}

// sysbench.sql's object API on SQLite: driver():name(), connect(), query() (for a statement
// without rows sysbench's NULL result, which prints "<sql_result>"), bulk inserts, prepare()
// with bind_create/bind_param/execute (the binds' values at execute time). Result sets:
// tests/sysbench_lua_rows_test.cc.
TEST_F(SysbenchLuaTest, SqlObjectApiOnSqlite) {
  const std::string path = script("objects.lua", R"lua(
    function event()
      local drv = sysbench.sql.driver()
      local con = drv:connect()
      print("driver " .. drv:name() .. " " .. tostring(con:query("CREATE TABLE lua_o (a INTEGER)")))
      con:bulk_insert_init("INSERT INTO lua_o VALUES")
      con:bulk_insert_next("(1)")
      con:bulk_insert_done()
      local stmt = con:prepare("INSERT INTO lua_o VALUES (?)")
      local b = stmt:bind_create(sysbench.sql.type.INT)
      stmt:bind_param(b)
      b:set(7)
      stmt:execute()
      stmt:close()
      con:query("DELETE FROM lua_o WHERE a = 7")
      con:disconnect()
    end
  )lua");
  const RunOutput r = hostmark({"--db-driver=sqlite", "--sqlite-db=" + dir_.file("objects.db"),
                                "--threads=1", "--events=1", path, "run"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("driver sqlite <sql_result>\n"), std::string::npos) << r.out;
  const auto stats = sql_statistics(r.out);
  EXPECT_EQ(stats.at("write"), "3");  // the bulk INSERT, the prepared INSERT, the DELETE of it
  EXPECT_EQ(stats.at("other"), "1");
}

}  // namespace
}  // namespace hostmark
