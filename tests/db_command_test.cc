// `hostmark db [URL]` driven as a user would: the SQLite default end to end, JSON fields, bad
// URLs, servers that are down or refuse, and real MariaDB/PostgreSQL (tests/db_servers.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "background_hostmark.h"
#include "db_servers.h"
#include "db_test_util.h"
#include "run_binary.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

namespace fs = std::filesystem;

// Small and short: one table of 200 rows, 200 ms phases, no warm-up.
std::vector<std::string> quick_args(std::vector<std::string> more) {
  std::vector<std::string> args = {"db", "--tables=1", "--table-size=200", "--time=200ms",
                                   "--warmup=0"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::set<std::string> db_phase_names(const nlohmann::json& j) {
  std::set<std::string> names;
  for (const auto& p : j["phases"]) names.insert(p["name"].get<std::string>());
  return names;
}

const nlohmann::json* db_metric(const nlohmann::json& phase, const std::string& name) {
  for (const auto& m : phase["metrics"])
    if (m["name"] == name) return &m;
  return nullptr;
}

double metric_value(const nlohmann::json& phase, const std::string& name) {
  const nlohmann::json* m = db_metric(phase, name);
  EXPECT_NE(m, nullptr) << phase["name"] << " lacks " << name;
  return m == nullptr ? -1 : (*m)["value"].get<double>();
}

// The JSON of a successful run with all four phases, each measured phase with transactions.
void expect_full_run(const nlohmann::json& j) {
  EXPECT_EQ(j["command"], "db");
  EXPECT_EQ(db_phase_names(j),
            (std::set<std::string>{"prepare", "read-write", "read-only", "point-select"}));
  for (const auto& p : j["phases"]) {
    if (p["name"] == "prepare") {
      EXPECT_EQ(metric_value(p, "rows"), 200);
      continue;
    }
    EXPECT_GT(metric_value(p, "tps"), 0) << p["name"];
    EXPECT_GT(metric_value(p, "transactions"), 0) << p["name"];
    // Every transaction runs at least one query; read-write runs 18 or more.
    EXPECT_GE(metric_value(p, "qps"), metric_value(p, "tps")) << p["name"];
    EXPECT_EQ(db_metric(p, "tps")->at("unit"), "transactions/s");
    ASSERT_TRUE(p.contains("latency")) << p["name"];
    EXPECT_TRUE(p["latency"]["percentiles_ns"].contains("50"));
    EXPECT_TRUE(p["latency"]["percentiles_ns"].contains("99"));
  }
  for (const auto& p : j["phases"]) {
    if (p["name"] != "read-write") continue;
    const double tx = metric_value(p, "transactions");
    EXPECT_GE(metric_value(p, "reads"), 14 * tx);  // sysbench's 14 reads per transaction
  }
  EXPECT_FALSE(j["interrupted"].get<bool>());
}

TEST(DbCommandTest, SqliteDefaultEndToEndJson) {
  // TMPDIR unset (or empty): /var/tmp.
  const RunOutput r = run_hostmark(quick_args({"--threads=2", "--output-format=json"}),
                                   RunOptions{"", 120'000, {"TMPDIR="}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");  // no terminal: no progress
  const auto j = nlohmann::json::parse(r.out);
  expect_full_run(j);
  EXPECT_EQ(j["options"]["driver"], "sqlite");
  EXPECT_EQ(j["options"]["threads"], "2");
  EXPECT_EQ(j["options"]["temporary"], "yes");
  const std::string url = j["options"]["url"];
  ASSERT_EQ(url.rfind("sqlite:/var/tmp/hostmark-sqlite.", 0), 0u) << url;
  const fs::path db_file = url.substr(7);
  EXPECT_FALSE(fs::exists(db_file.parent_path())) << "temporary directory left behind";
  EXPECT_EQ(j["server"]["version"].get<std::string>().rfind("SQLite ", 0), 0u);
  EXPECT_TRUE(j["server"]["settings"].is_object());
  ASSERT_EQ(j["storage"].size(), 1u);
  EXPECT_EQ(j["storage"][0]["path"], db_file.string());
}

TEST(DbCommandTest, TextHasServerSettingsAndOneTable) {
  const RunOutput r = run_hostmark(quick_args({"--threads=1"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Server:      SQLite "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Settings:    "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("1 table x 200 rows"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("p50 ms"), std::string::npos) << r.out;
  for (const char* phase : {"read-write", "read-only", "point-select"})
    EXPECT_NE(r.out.find(phase), std::string::npos) << phase;
}

TEST(DbCommandTest, CsvHasTpsRows) {
  const RunOutput r = run_hostmark(quick_args({"--threads=1", "--output-format=csv"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("command,phase,metric,value,unit\n", 0), 0u);
  EXPECT_NE(r.out.find("db,point-select,tps,"), std::string::npos) << r.out;
}

TEST(DbCommandTest, UserSqliteFileIsRemovedWhenTheRunMadeIt) {
  ScratchDir dir;
  const std::string path = dir.file("bench.db");
  const RunOutput r = run_hostmark(quick_args({"sqlite:" + path, "--threads=1"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(dir.empty()) << "the run left files in " << dir.path();
}

TEST(DbCommandTest, ExistingSbtestTablesAreRefusedUnlessDropExisting) {
  ScratchDir dir;
  const std::string path = dir.file("mine.db");
  const RunOutput prep = run_hostmark({"sysbench", "oltp_read_write", "--db-driver=sqlite",
                                       "--sqlite-db=" + path, "--table-size=10", "prepare"});
  ASSERT_EQ(prep.exit_code, 0) << prep.err;
  const RunOutput refused = run_hostmark(quick_args({"sqlite:" + path, "--threads=1"}));
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(output_lines(refused.err).size(), 1u) << refused.err;
  EXPECT_NE(refused.err.find("sbtest1 already exists"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("--drop-existing"), std::string::npos) << refused.err;
  EXPECT_TRUE(fs::exists(path));  // the user's file stays
  const RunOutput dropped =
      run_hostmark(quick_args({"sqlite:" + path, "--threads=1", "--drop-existing"}));
  EXPECT_EQ(dropped.exit_code, 0) << dropped.err;
  EXPECT_TRUE(fs::exists(path));  // existed before: tables dropped, file kept
}

TEST(DbCommandTest, BadUrlIsOneUsageLineWithoutThePassword) {
  const RunOutput r = run_hostmark({"db", "mysql://bob:hunter2@db:99999/shop"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "hostmark: mysql://bob:***@db:99999/shop: port '99999' is not a number from 1 to "
            "65535\n");
  EXPECT_EQ(r.out, "");
  const RunOutput scheme = run_hostmark({"db", "oracle://x/y"});
  EXPECT_EQ(scheme.exit_code, 2);
  EXPECT_EQ(output_lines(scheme.err).size(), 1u);
  const RunOutput pwfile = run_hostmark({"db", "--password-file=/nonexistent/pw", "sqlite:x"});
  EXPECT_EQ(pwfile.exit_code, 2);
  EXPECT_NE(pwfile.err.find("--password-file"), std::string::npos);
}

// Nothing listens on port 1 of the loopback: a refused connection, named with its host.
TEST(DbCommandTest, ServerDownIsOneLineNamingTheHost) {
  for (const std::string url : {"mysql://sbtest:hunter2@127.0.0.1:1/sbtest",
                                "postgresql://sbtest:hunter2@127.0.0.1:1/sbtest"}) {
    const RunOutput r = run_hostmark({"db", url, "--output-format=json"});
    EXPECT_EQ(r.exit_code, 1) << url << r.err;
    EXPECT_EQ(output_lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.err.rfind("hostmark: ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find("127.0.0.1"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("hunter2"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

// Whether the SQLite file at `path` holds a finished sbtest1 (prepare loads a table under
// another name and renames it last); opens an existing file only, never creates one.
bool sbtest1_prepared(const std::string& path) {
  if (!fs::exists(path)) return false;
  try {
    db::ConnectOptions o;
    o.kind = db::DriverKind::kSqlite;
    o.sqlite_path = path;
    o.sqlite_create = false;
    auto conn = db::make_driver(o).value()->connect();
    return conn->query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sbtest1'")
               .rows == 1;
  } catch (const db::DbError&) {  // busy or not a database yet: not prepared
    return false;
  }
}

TEST(DbCommandTest, TermStopsARunAndCleansUp) {
  ScratchDir dir;
  const std::string path = dir.file("t.db");
  ScratchDir logs;  // the child's stdout and stderr
  BackgroundHostmark child({"db", "sqlite:" + path, "--tables=1", "--table-size=200", "--time=20s",
                            "--warmup=0", "--threads=1", "--output-format=json"},
                           {}, logs);
  ASSERT_TRUE(child.wait_until_handles(SIGTERM)) << child.err();
  // Into the read-write phase: prepare has finished sbtest1 (waited for, as a loaded machine
  // may take seconds for it), then a margin for the few statements before the phase starts;
  // the phase itself lasts 20 s.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!sbtest1_prepared(path) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_TRUE(sbtest1_prepared(path)) << "no prepared sbtest1 within 60 s: " << child.err();
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  child.signal(SIGTERM);
  RunOutput r;
  r.exit_code = child.wait(30);
  r.out = child.out();
  r.err = child.err();
  EXPECT_EQ(r.exit_code, 1) << r.err;  // interrupted: the partial result, status 1
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["interrupted"].get<bool>());
  EXPECT_TRUE(db_phase_names(j).contains("read-write"));
  EXPECT_FALSE(db_phase_names(j).contains("point-select"));
  EXPECT_TRUE(dir.empty()) << "the run left files in " << dir.path();
}

std::string mysql_url(const db::ConnectOptions& o, const std::string& database) {
  return "mysql://sbtest:sbtest@localhost/" + database + "?socket=" + o.socket;
}

TEST(DbCommandServerTest, MariadbOverTheSocket) {
  HOSTMARK_MYSQL_OR_SKIP(o, false);
  const RunOutput r =
      run_hostmark(quick_args({mysql_url(o, o.database), "--threads=2", "--output-format=json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  expect_full_run(j);
  EXPECT_NE(j["server"]["version"].get<std::string>().find("MariaDB"), std::string::npos);
  EXPECT_TRUE(j["server"]["settings"].contains("innodb_flush_log_at_trx_commit")) << j["server"];
  EXPECT_EQ(r.out.find("sbtest:sbtest"), std::string::npos);  // no password in the result
}

TEST(DbCommandServerTest, MariadbWrongPasswordAndMissingDatabase) {
  HOSTMARK_MYSQL_OR_SKIP(o, true);
  const std::string port = std::to_string(o.port);
  for (const std::string& url : {"mysql://sbtest:wrongpw@127.0.0.1:" + port + "/sbtest",
                                 "mysql://sbtest:sbtest@127.0.0.1:" + port + "/nosuchdb"}) {
    const RunOutput r = run_hostmark({"db", url});
    EXPECT_EQ(r.exit_code, 1) << url;
    EXPECT_EQ(output_lines(r.err).size(), 1u) << r.err;
    EXPECT_NE(r.err.find("127.0.0.1"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("wrongpw"), std::string::npos) << r.err;
  }
}

TEST(DbCommandServerTest, PostgresqlSocketDirWithPasswordFromEnvAndFile) {
  HOSTMARK_PGSQL_OR_SKIP(o, false);
  const std::string url =
      "postgresql://sbtest@/" + o.database + "?host=" + o.host + "&port=" + std::to_string(o.port);
  const RunOutput r = run_hostmark(quick_args({url, "--threads=2", "--output-format=json"}),
                                   RunOptions{"", 120'000, {"PGPASSWORD=sbtest"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  expect_full_run(j);
  EXPECT_EQ(j["server"]["version"].get<std::string>().rfind("PostgreSQL", 0), 0u);
  EXPECT_TRUE(j["server"]["settings"].contains("shared_buffers")) << j["server"];

  ScratchDir dir;
  std::ofstream(dir.file("pw")) << "sbtest\n";
  const RunOutput f =
      run_hostmark(quick_args({url, "--threads=1", "--password-file", dir.file("pw")}),
                   RunOptions{"", 120'000, {"PGPASSWORD="}});
  EXPECT_EQ(f.exit_code, 0) << f.err;
}

TEST(DbCommandServerTest, PostgresqlWrongPasswordIsOneLine) {
  HOSTMARK_PGSQL_OR_SKIP(o, true);
  const std::string url =
      "postgres://sbtest:wrongpw@127.0.0.1:" + std::to_string(o.port) + "/sbtest";
  const RunOutput r = run_hostmark({"db", url});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(output_lines(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("127.0.0.1"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("wrongpw"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace hostmark
