// Passwords are never printed nor kept (issue 9, security): what hostmark writes (stdout,
// stderr, --output files, the results store, `results show`, `report`) is searched for the
// password given on the command line; the password can come from MYSQL_PWD / PGPASSWORD, a
// --password-file / --db-password-file, or ?password_file= in the URL instead.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "db/db_url.h"
#include "db_servers.h"
#include "db_test_util.h"
#include "run_binary.h"
#include "safety_test_util.h"
#include "scratch_dir.h"

namespace hostmark {
namespace {

using safety_test::read_all;

constexpr const char* kSecret = "Pw-9f3b1c-unguessable";

// Every byte of every file under `dir` (the results store with its WAL, output files...).
std::string everything_under(const std::string& dir) {
  std::string all;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file()) all += read_all(e.path().string());
  return all;
}

void expect_no_secret(const RunOutput& r, const std::string& what) {
  EXPECT_EQ(r.out.find(kSecret), std::string::npos) << what << " printed it:\n" << r.out;
  EXPECT_EQ(r.err.find(kSecret), std::string::npos) << what << " printed it:\n" << r.err;
}

// An entry of the result's "options" object ("(absent)" when missing).
std::string option_value(const nlohmann::json& result, const std::string& name) {
  const auto& options = result["options"];
  return options.contains(name) ? options[name].get<std::string>() : "(absent)";
}

// The sysbench face records its options in the result: the passwords given to it are kept as
// "***" in the JSON, the store, `results show` and the HTML report, and never printed.
TEST(PasswordSafetyTest, SysbenchPasswordOptionsAreMaskedEverywhere) {
  ScratchDir dir;
  const std::string db = dir.file("sbtest.db");
  const std::string store = dir.file("results.db");
  const std::vector<std::string> common = {"sysbench",           "oltp_read_only",
                                           "--db-driver=sqlite", "--sqlite-db=" + db,
                                           "--tables=1",         "--table-size=50"};
  auto with = [&common](std::vector<std::string> more) {
    std::vector<std::string> args = common;
    args.insert(args.end(), more.begin(), more.end());
    return args;
  };
  ASSERT_EQ(run_hostmark(with({"prepare"})).exit_code, 0);
  const std::string secret_options[] = {std::string("--mysql-password=") + kSecret,
                                        std::string("--pgsql-password=") + kSecret};
  const RunOutput run = run_hostmark(
      with({secret_options[0], secret_options[1], "--events=20", "--time=0", "--output-format=json",
            "--output=" + dir.file("run.json"), "--results-db=" + store, "run"}));
  ASSERT_EQ(run.exit_code, 0) << run.err;
  expect_no_secret(run, "sysbench run");
  const nlohmann::json saved = nlohmann::json::parse(read_all(dir.file("run.json")));
  EXPECT_EQ(option_value(saved, "mysql-password"), "***") << saved["options"].dump();
  EXPECT_EQ(option_value(saved, "pgsql-password"), "***");

  const RunOutput show =
      run_hostmark({"results", "show", "1", "--results-db=" + store, "--output-format=json"});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  expect_no_secret(show, "results show");
  EXPECT_NE(show.out.find("***"), std::string::npos);
  const RunOutput report =
      run_hostmark({"report", "1", "--results-db=" + store, "-o", dir.file("report.html")});
  ASSERT_EQ(report.exit_code, 0) << report.err;
  expect_no_secret(report, "report");
  for (const std::string format : {"csv", "normal"}) {
    const RunOutput r = run_hostmark(
        {"results", "show", "1", "--results-db=" + store, "--output-format=" + format});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    expect_no_secret(r, "results show --output-format=" + format);
  }
  EXPECT_EQ(everything_under(dir.path()).find(kSecret), std::string::npos)
      << "a file under " << dir.path() << " holds the password";
}

// A server that cannot be reached: the failed run's line, its output and the result it saves
// (the run is saved with its failure) hold neither the URL's password nor the option's.
TEST(PasswordSafetyTest, FailedConnectionsNeverShowThePassword) {
  ScratchDir dir;
  const unsigned port = testing_db::unused_loopback_port();
  ASSERT_NE(port, 0u);
  const std::string store = dir.file("results.db");
  for (const std::string scheme : {"mysql", "postgresql"}) {
    const std::string url =
        fmt::format("{}://sbtest:{}@127.0.0.1:{}/sbtest", scheme, kSecret, port);
    const RunOutput r =
        run_hostmark({"db", url, "--time=1s", "--warmup=0", "--tables=1", "--table-size=10",
                      "--results-db=" + store, "--output-format=json"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    expect_no_secret(r, "db " + scheme);
  }
  for (const std::string driver : {"mysql", "pgsql"}) {
    const RunOutput r =
        run_hostmark({"sysbench", "oltp_read_only", "--db-driver=" + driver,
                      "--" + driver + "-host=127.0.0.1", fmt::format("--{}-port={}", driver, port),
                      fmt::format("--{}-password={}", driver, kSecret), "--events=1", "--time=0",
                      "--results-db=" + store, "run"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    expect_no_secret(r, "sysbench " + driver);
  }
  const RunOutput bad_url = run_hostmark({"db", fmt::format("mysql://u:{}@h:99999/d", kSecret)});
  EXPECT_EQ(bad_url.exit_code, 2);
  expect_no_secret(bad_url, "a bad URL");
  if (std::filesystem::exists(store)) {
    EXPECT_EQ(everything_under(dir.path()).find(kSecret), std::string::npos);
  }
}

TEST(PasswordSafetyTest, PasswordFileInTheUrl) {
  ScratchDir dir;
  const std::string file = dir.file("pw");
  { std::ofstream(file) << "from-file\n"; }
  db::DbUrl url = db::parse_db_url("mysql://u@h/d?password_file=" + file).value();
  EXPECT_EQ(url.password_file, file);
  EXPECT_EQ(url.options.password, "");
  ASSERT_TRUE(db::read_url_password_file(url).ok());
  EXPECT_EQ(url.options.password, "from-file");
  // It counts as the URL's own password: MYSQL_PWD does not replace it.
  db::resolve_password(url, "from-env", std::nullopt);
  EXPECT_EQ(url.options.password, "from-file");

  db::DbUrl pg = db::parse_db_url("postgresql://u@h/d?password_file=" + file).value();
  ASSERT_TRUE(db::read_url_password_file(pg).ok());
  EXPECT_EQ(pg.options.password, "from-file");

  for (const std::string twice :
       {"mysql://u:p@h/d?password_file=/x", "postgresql://u@h/d?password=p&password_file=/x",
        "postgresql://u@h/d?password_file=/x&password=p"}) {
    const auto e = db::parse_db_url(twice);
    ASSERT_FALSE(e.ok()) << twice;
    EXPECT_NE(e.error().why.find("the password is given twice"), std::string::npos)
        << e.error().message();
  }
  db::DbUrl missing = db::parse_db_url("mysql://u@h/d?password_file=" + dir.file("none")).value();
  const Status unread = db::read_url_password_file(missing);
  ASSERT_FALSE(unread.ok());
  EXPECT_EQ(unread.error().message(), "password_file: cannot read '" + dir.file("none") + "'");
  EXPECT_EQ(unread.error().exit_code(), 2);
}

// On the test servers: each way of giving the password connects; the URL shown in the result
// never carries it.
void connect_each_way(const db::ConnectOptions& o, const std::string& scheme,
                      const std::string& env_name) {
  ScratchDir dir;
  const std::string file = dir.file("pw");
  { std::ofstream(file) << o.password << "\n"; }
  const std::string where = scheme == "mysql"
                                ? fmt::format("localhost/{}?socket={}", o.database, o.socket)
                                : fmt::format("/{}?host={}&port={}", o.database, o.host, o.port);
  const std::string base = fmt::format("{}://{}@{}", scheme, o.user, where);
  const std::vector<std::string> run = {"--time=200ms",        "--warmup=0",  "--tables=1",
                                        "--table-size=10",     "--threads=1", "--no-save",
                                        "--output-format=json"};
  struct Way {
    std::string name;
    std::string url;
    std::vector<std::string> extra_args;
    std::vector<std::string> env;
  };
  const std::vector<Way> ways = {
      {"?password_file=", base + "&password_file=" + file, {}, {}},
      {"--password-file", base, {"--password-file=" + file}, {}},
      {"--db-password-file", base, {"--db-password-file=" + file}, {}},
      {env_name, base, {}, {env_name + "=" + o.password}},
  };
  for (const Way& w : ways) {
    std::vector<std::string> args = {"db", w.url};
    args.insert(args.end(), run.begin(), run.end());
    args.insert(args.end(), w.extra_args.begin(), w.extra_args.end());
    RunOptions options;
    options.extra_env = w.env;
    const RunOutput r = run_hostmark(args, options);
    ASSERT_EQ(r.exit_code, 0) << w.name << ": " << r.err;
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.out;
    const std::string shown = option_value(j, "url");
    EXPECT_EQ(shown.find(":" + o.password + "@"), std::string::npos) << shown;
    EXPECT_EQ(shown.find("password"), std::string::npos) << shown;
  }
  // None of them: refused (the server wants a password), in one line.
  const RunOutput refused = run_hostmark(
      {"db", base, "--time=200ms", "--warmup=0", "--tables=1", "--table-size=10", "--no-save"},
      RunOptions{"", 60'000, {env_name + "=", "PGPASSFILE=/nonexistent"}});
  EXPECT_EQ(refused.exit_code, 1) << refused.err;
}

TEST(PasswordSafetyTest, MariadbPasswordFromEnvOrFile) {
  HOSTMARK_MYSQL_OR_SKIP(o, false);
  connect_each_way(o, "mysql", "MYSQL_PWD");
}

TEST(PasswordSafetyTest, PostgresqlPasswordFromEnvOrFile) {
  HOSTMARK_PGSQL_OR_SKIP(o, false);
  connect_each_way(o, "postgresql", "PGPASSWORD");
}

}  // namespace
}  // namespace hostmark
