// `hostmark sysbench oltp_*` driven as a sysbench user drives it, on SQLite (in a scratch
// directory; the face's default driver is sysbench's, MySQL): the seed commands, the report's
// layout (sysbench's lines, numbers aside), interval lines, JSON metrics, bad options, a killed
// prepare.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>

#include "sysbench_fileio_env.h"
#include "sysbench_peer_text.h"

namespace hostmark {
namespace {

// --db-driver=sqlite added unless the test names a driver or a driver's options.
RunOutput sb(std::vector<std::string> args, int timeout_ms = 60000) {
  const bool names_driver = std::any_of(args.begin(), args.end(), [](const std::string& a) {
    return a.starts_with("--db-driver") || a.starts_with("--mysql") || a.starts_with("--pgsql");
  });
  if (!names_driver) args.insert(args.begin(), "--db-driver=sqlite");
  args.insert(args.begin(), "sysbench");
  RunOptions o;
  o.timeout_ms = timeout_ms;
  return run_hostmark(args, o);
}

// Numbers become "N" and runs of spaces one space: the layout without the figures.
std::vector<std::string> skeleton(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& line : output_lines(text)) {
    std::string s = std::regex_replace(line, std::regex("[0-9]+(\\.[0-9]+)?"), "N");
    out.push_back(std::regex_replace(s, std::regex(" +"), " "));
  }
  return out;
}

void expect_oltp_error(const RunOutput& r, int code, const std::string& culprit) {
  EXPECT_EQ(r.exit_code, code) << r.err;
  const auto lines = output_lines(r.err);
  ASSERT_EQ(lines.size(), 1u) << r.err;
  EXPECT_EQ(lines[0].rfind("hostmark: ", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find(culprit), std::string::npos) << lines[0];
}

class OltpCliTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_FALSE(dir_.path().empty()); }
  ScratchDir dir_;
  CwdGuard cwd_{dir_.path()};
};

TEST_F(OltpCliTest, SeedCommandsRunAndTheReportIsSysbenchs) {
  const std::vector<std::string> size = {"--tables=2", "--table_size=200"};
  auto with = [&](std::vector<std::string> extra) {
    extra.insert(extra.begin(), "oltp_read_write");
    extra.insert(extra.end(), size.begin(), size.end());
    return extra;
  };
  const RunOutput prep = sb(with({"--threads=2", "prepare"}));
  ASSERT_EQ(prep.exit_code, 0) << prep.err;
  EXPECT_TRUE(std::filesystem::exists(dir_.file("sbtest.db")));  // --sqlite-db's default
  const RunOutput run = sb(with({"--events=30", "--time=0", "run"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  // sysbench 1.0.20's own report of `oltp_read_write --events=2 run`, figures replaced.
  const std::vector<std::string> expected = {
      "Running the test with following options:",
      "Number of threads: N",
      "Initializing random number generator from current time",
      "",
      "",
      "Initializing worker threads...",
      "",
      "Threads started!",
      "",
      "SQL statistics:",
      " queries performed:",
      " read: N",
      " write: N",
      " other: N",
      " total: N",
      " transactions: N (N per sec.)",
      " queries: N (N per sec.)",
      " ignored errors: N (N per sec.)",
      " reconnects: N (N per sec.)",
      "",
      "General statistics:",
      " total time: Ns",
      " total number of events: N",
      "",
      "Latency (ms):",
      " min: N",
      " avg: N",
      " max: N",
      " Nth percentile: N",
      " sum: N",
      "",
      "Threads fairness:",
      " events (avg/stddev): N/N",
      " execution time (avg/stddev): N/N",
      "",
  };
  std::vector<std::string> got = skeleton(run.out);
  ASSERT_GT(got.size(), 2u) << run.out;
  got.erase(got.begin(), got.begin() + 2);  // "sysbench 1.0.20 compatible (hostmark X)", ""
  EXPECT_EQ(got, expected) << run.out;
  EXPECT_NE(run.out.find("read:                            420\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("transactions:                        30     ("), std::string::npos)
      << run.out;

  const RunOutput clean = sb(with({"cleanup"}));
  ASSERT_EQ(clean.exit_code, 0) << clean.err;
  EXPECT_NE(clean.out.find("Dropping table 'sbtest2'...\n"), std::string::npos) << clean.out;
}

TEST_F(OltpCliTest, IntervalLinesAndJsonMetrics) {
  ASSERT_EQ(sb({"oltp_point_select", "--table-size=100", "prepare"}).exit_code, 0);
  const RunOutput run =
      sb({"oltp_point_select", "--table-size=100", "--time=2", "--report-interval=1", "run"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::regex line(
      "\\[ 1s \\] thds: 1 tps: [0-9.]+ qps: [0-9.]+ \\(r/w/o: [0-9.]+/0\\.00/0\\.00\\) lat "
      "\\(ms,95%\\): [0-9.]+ err/s: 0\\.00 reconn/s: 0\\.00\n");
  EXPECT_TRUE(std::regex_search(run.out, line)) << run.out;

  const RunOutput json = sb({"oltp_point_select", "--table-size=100", "--events=50", "--time=0",
                             "--output-format=json", "run"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  std::map<std::string, std::pair<double, std::string>> m;
  for (const auto& x : j["phases"][0]["metrics"])
    m[x["name"]] = {x["value"].get<double>(), x["unit"].get<std::string>()};
  EXPECT_EQ(m["queries_read"], std::make_pair(50.0, std::string("queries")));
  EXPECT_EQ(m["queries_total"].first, 50.0);
  EXPECT_EQ(m["transactions"], std::make_pair(50.0, std::string("transactions")));
  EXPECT_EQ(m["transactions_per_s"].second, "transactions/s");
  EXPECT_EQ(m["queries_per_s"].second, "queries/s");
  EXPECT_EQ(m["ignored_errors"].first, 0.0);
  EXPECT_EQ(m["reconnects"].first, 0.0);
}

// OLTP tests use hostmark's lean event accounting (no sysbench histogram kept during the run):
// --histogram still prints sysbench's layout, from the exact histogram regrouped into
// sysbench's buckets, one count per transaction.
TEST_F(OltpCliTest, HistogramCountsEveryTransaction) {
  ASSERT_EQ(sb({"oltp_point_select", "--table-size=100", "prepare"}).exit_code, 0);
  const RunOutput run = sb({"oltp_point_select", "--table-size=100", "--threads=2", "--events=80",
                            "--time=0", "--histogram", "run"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto at = run.out.find("Latency histogram (values are in milliseconds)\n");
  ASSERT_NE(at, std::string::npos) << run.out;
  const std::regex row(R"( +([0-9]+\.[0-9]{3}) \|\*+ +([0-9]+)\n)");
  std::uint64_t total = 0;
  int rows = 0;
  double last = -1;
  const std::string tail = run.out.substr(at);
  for (std::sregex_iterator it(tail.begin(), tail.end(), row), end; it != end; ++it) {
    const double value = std::stod((*it)[1]);
    EXPECT_GE(value, last) << "buckets in increasing order (printed to 3 decimals)";
    last = value;
    total += std::stoull((*it)[2]);
    ++rows;
  }
  EXPECT_GT(rows, 0) << run.out;
  EXPECT_EQ(total, 80u) << run.out;
}

TEST_F(OltpCliTest, BadOptionsAreOneLineNamingTheOption) {
  expect_oltp_error(sb({"oltp_read_write", "--tables=0", "run"}), 2, "--tables");
  expect_oltp_error(sb({"oltp_read_write", "--table_size=abc", "run"}), 2, "--table-size");
  expect_sysbench_words(sb({"oltp_read_write", "--db-driver=oracle", "run"}),
                        "FATAL: invalid database driver name: 'oracle'");  // as sysbench
  expect_oltp_error(sb({"oltp_read_write", "--db-driver=oracle", "--output-format=json", "run"}), 2,
                    "--db-driver: 'oracle' is not sqlite, mysql or pgsql");
  expect_oltp_error(sb({"oltp_read_write", "--db-ps-mode=never", "run"}), 2, "--db-ps-mode");
  expect_oltp_error(sb({"oltp_read_write", "--rand-type=cauchy", "run"}), 2, "--rand-type");
  expect_oltp_error(
      sb({"oltp_read_write", "--pgsql-sslmode=maybe", "--db-driver=pgsql", "prepare"}), 2,
      "--pgsql-sslmode");
  expect_oltp_error(sb({"oltp_read_write", "--mysql-host=a,b", "--db-driver=mysql", "run"}), 2,
                    "--mysql-host");
  expect_oltp_error(sb({"select_random_points", "--tables=2", "prepare"}), 2, "--tables");
  expect_sysbench_message(sb({"oltp_read_write", "--no-such-option=1", "run"}),
                          "invalid option: --no-such-option=1");  // sysbench's words
  expect_oltp_error(sb({"oltp_read_write", "--no-such-option=1", "--output-format=csv", "run"}), 2,
                    "--no-such-option");
  expect_oltp_error(sb({"oltp_read_write", "--sqlite-db=/nonexistent/dir/x.db", "prepare"}), 1,
                    "/nonexistent/dir/x.db");
  // run before prepare: the missing table, in one line, exit 1.
  expect_oltp_error(sb({"oltp_read_only", "--events=1", "run"}), 1, "sbtest1");
  EXPECT_FALSE(std::filesystem::exists(dir_.file("sbtest.db-journal")));
}

TEST_F(OltpCliTest, KilledPrepareIsFinishedByTheNextPrepare) {
  // SIGKILL (the run's deadline) in the middle of loading a big table.
  const RunOutput killed = sb({"oltp_read_only", "--table-size=5000000", "prepare"}, 700);
  ASSERT_TRUE(killed.timed_out) << killed.out;
  const RunOutput again = sb({"oltp_read_only", "--table-size=100", "prepare"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("Inserting 100 records into 'sbtest1'"), std::string::npos) << again.out;
  const RunOutput run = sb({"oltp_read_only", "--table-size=100", "--events=5", "--time=0", "run"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("read:                            70\n"), std::string::npos) << run.out;
}

// Without --db-driver, the driver is sysbench's default, MySQL, or the one whose options are
// given; other mistakes name the option.
TEST_F(OltpCliTest, DriverFollowsTheDatabaseOptionsGiven) {
  const RunOutput dry = sb({"oltp_point_select", "--mysql-dry-run=on", "--events=5", "--time=0",
                            "--output-format=json", "run"});
  ASSERT_EQ(dry.exit_code, 0) << dry.err;
  EXPECT_FALSE(std::filesystem::exists("sbtest.db"));  // no SQLite file: the MySQL dry run ran
  EXPECT_EQ(nlohmann::json::parse(dry.out)["options"]["mysql-dry-run"], "on");
  expect_oltp_error(sb({"oltp_read_only", "--mysql-debug=on", "run"}), 2, "--mysql-debug");
  expect_oltp_error(sb({"oltp_read_only", "--pgsql_variant=redshift", "run"}), 2,
                    "--pgsql-variant");
}

// sysbench's default driver is MySQL, and so is the face's: with no server at the client
// library's default socket (MYSQL_UNIX_PORT points into the scratch directory), the run fails in
// sysbench's words and no SQLite file appears. PostgreSQL's refusal is worded as drv_pgsql's.
TEST_F(OltpCliTest, DefaultDriverIsMysqlAndAFailedConnectionIsWordedAsSysbench) {
  RunOptions o;
  o.timeout_ms = 60000;
  o.extra_env = {"MYSQL_UNIX_PORT=" + dir_.file("no-server.sock")};
  const RunOutput r = run_hostmark({"sysbench", "oltp_read_only", "--events=1", "run"}, o);
  expect_sysbench_words(
      r, "FATAL: unable to connect to MySQL server on host 'localhost', port 3306, aborting...");
  EXPECT_NE(r.out.find("\nFATAL: error 2002: "), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists("sbtest.db"));
  // A socket given: sysbench names the socket.
  const RunOutput sock = sb({"oltp_read_only", "--mysql-socket=" + dir_.file("none.sock"), "run"});
  expect_sysbench_words(sock, "FATAL: unable to connect to MySQL server on socket '" +
                                  dir_.file("none.sock") + "', aborting...");
  // Port 1 on loopback: nothing listens there.
  const RunOutput pg = sb(
      {"oltp_read_only", "--db-driver=pgsql", "--pgsql-host=127.0.0.1", "--pgsql-port=1", "run"});
  EXPECT_EQ(pg.exit_code, 1) << pg.err;
  EXPECT_NE(pg.out.find("\nFATAL: Connection to database failed: "), std::string::npos) << pg.out;
  // Machine formats keep hostmark's one line.
  expect_oltp_error(sb({"oltp_read_only", "--db-driver=pgsql", "--pgsql-host=127.0.0.1",
                        "--pgsql-port=1", "--output-format=json", "run"}),
                    1, "127.0.0.1");
}

// As sysbench: `<script> help` lists the script's options, named as the Lua script names them
// ('_'); the database options are general ones, in --help with their drivers' sections.
TEST_F(OltpCliTest, HelpListsScriptAndDatabaseOptions) {
  const RunOutput help = sb({"oltp_read_write", "help"});
  ASSERT_EQ(help.exit_code, 0) << help.err;
  EXPECT_NE(help.out.find("\noltp_read_write options:\n"), std::string::npos) << help.out;
  for (const char* o :
       {"--table_size=N", "--point_selects=N", "--skip_trx[=on|off]", "--pgsql_variant=STRING "})
    EXPECT_NE(help.out.find(o), std::string::npos) << o;
  EXPECT_EQ(help.out.find("--db-driver"), std::string::npos) << help.out;
  const RunOutput by_path = sb({"/usr/share/sysbench/oltp_read_write.lua", "help"});
  EXPECT_NE(by_path.out.find("\noltp_read_write.lua options:\n"), std::string::npos) << by_path.out;
  const RunOutput general = sb({"--help"});
  for (const char* o :
       {"\nGeneral database options:\n\n  --db-driver=STRING ",
        "\nmysql options:\n  --mysql-host=[LIST,...] ", "  --mysql-ignore-errors=[LIST,...] ",
        "\npgsql options:\n", "  --pgsql-ignore-errors=[LIST,...] ", "  --sqlite-db=STRING ",
        "  oltp_read_write - Read/Write OLTP benchmark\n", "  bulk_insert - "})
    EXPECT_NE(general.out.find(o), std::string::npos) << o << general.out;
  EXPECT_NE(general.out.find("drivers) [mysql]\n"), std::string::npos) << general.out;
}

}  // namespace
}  // namespace hostmark
