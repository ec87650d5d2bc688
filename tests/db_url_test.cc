// Database URLs of `hostmark db`: parsing, redaction, display, the password rule.
#include "db/db_url.h"

#include <gtest/gtest.h>

#include <fstream>

#include "scratch_dir.h"

namespace hostmark::db {
namespace {

ConnectOptions parse_ok(std::string_view url) {
  const Expected<DbUrl> r = parse_db_url(url);
  EXPECT_TRUE(r.ok()) << url << ": " << (r.ok() ? "" : r.error().message());
  return r.ok() ? r.value().options : ConnectOptions{};
}

std::string parse_error(std::string_view url) {
  const Expected<DbUrl> r = parse_db_url(url);
  EXPECT_FALSE(r.ok()) << url;
  if (r.ok()) return "";
  EXPECT_EQ(r.error().kind, ErrorKind::kUsage);
  return r.error().message();
}

TEST(DbUrlTest, SqlitePaths) {
  EXPECT_EQ(parse_ok("sqlite:bench.db").sqlite_path, "bench.db");
  EXPECT_EQ(parse_ok("sqlite:/var/tmp/x.db").sqlite_path, "/var/tmp/x.db");
  EXPECT_EQ(parse_ok("sqlite:///var/tmp/x.db").sqlite_path, "/var/tmp/x.db");
  EXPECT_EQ(parse_ok("sqlite://localhost/var/tmp/x.db").sqlite_path, "/var/tmp/x.db");
  EXPECT_EQ(parse_ok("SQLite:/tmp/a%20b.db").sqlite_path, "/tmp/a b.db");
  EXPECT_EQ(parse_ok("sqlite:x.db").kind, DriverKind::kSqlite);
  EXPECT_NE(parse_error("sqlite:").find("no database file"), std::string::npos);
  EXPECT_NE(parse_error("sqlite::memory:").find("in-memory"), std::string::npos);
  EXPECT_NE(parse_error("sqlite://db.example/x.db").find("no host"), std::string::npos);
  EXPECT_NE(parse_error("sqlite:/x.db?mode=ro").find("no parameters"), std::string::npos);
}

TEST(DbUrlTest, MysqlFull) {
  const ConnectOptions o = parse_ok("mysql://bob:s%40cret@db.example:3307/shop?ssl=required");
  EXPECT_EQ(o.kind, DriverKind::kMysql);
  EXPECT_EQ(o.user, "bob");
  EXPECT_EQ(o.password, "s@cret");
  EXPECT_EQ(o.host, "db.example");
  EXPECT_EQ(o.port, 3307u);
  EXPECT_EQ(o.database, "shop");
  EXPECT_EQ(o.ssl, "REQUIRED");
  EXPECT_TRUE(parse_db_url("mysql://bob:@h/d").value().password_in_url);
  EXPECT_FALSE(parse_db_url("mysql://bob@h/d").value().password_in_url);
}

TEST(DbUrlTest, MysqlSocketMariadbSchemeAndSslSpellings) {
  const ConnectOptions o = parse_ok("mariadb://root@/sbtest?socket=%2Frun%2Fmysqld%2Fmysqld.sock");
  EXPECT_EQ(o.kind, DriverKind::kMysql);
  EXPECT_EQ(o.socket, "/run/mysqld/mysqld.sock");
  EXPECT_EQ(o.host, "localhost");  // libmariadb: localhost means the socket
  EXPECT_EQ(o.port, 0u);
  EXPECT_EQ(parse_ok("mysql://u@h/d?socket=/tmp/m.sock").socket, "/tmp/m.sock");
  EXPECT_EQ(parse_ok("mysql://u@h/d?ssl=off").ssl, "off");
  EXPECT_EQ(parse_ok("mysql://u@h/d?ssl-mode=verify-identity").ssl, "VERIFY_IDENTITY");
  EXPECT_NE(parse_error("mysql://u@h/d?ssl=maybe").find("ssl 'maybe'"), std::string::npos);
  EXPECT_NE(parse_error("mysql://u@h/").find("no database"), std::string::npos);
  EXPECT_NE(parse_error("mysql://u@h/d?sslmode=x&foo=1").find("sslmode"), std::string::npos);
  EXPECT_NE(parse_error("mysql://u@h/d?foo=1").find("unknown parameter 'foo'"), std::string::npos);
}

TEST(DbUrlTest, Ipv6AndPorts) {
  const ConnectOptions o = parse_ok("postgresql://u@[::1]:5433/db");
  EXPECT_EQ(o.host, "::1");
  EXPECT_EQ(o.port, 5433u);
  EXPECT_EQ(parse_ok("mysql://u@[fe80::1]/d").host, "fe80::1");
  EXPECT_NE(parse_error("mysql://u@::1:3306/d").find("brackets"), std::string::npos);
  EXPECT_NE(parse_error("mysql://u@[::1/d").find("not closed"), std::string::npos);
  EXPECT_NE(parse_error("mysql://u@h:99999/d").find("port '99999'"), std::string::npos);
  EXPECT_NE(parse_error("mysql://u@h:0/d").find("port '0'"), std::string::npos);
  EXPECT_NE(parse_error("mysql://u@h:33x/d").find("port '33x'"), std::string::npos);
  EXPECT_NE(parse_error("mysql://u@h:/d").find("port"), std::string::npos);
}

TEST(DbUrlTest, PostgresqlLibpqConventions) {
  const ConnectOptions a = parse_ok("postgres://app@/appdb?host=/run/postgresql&sslmode=disable");
  EXPECT_EQ(a.kind, DriverKind::kPgsql);
  EXPECT_EQ(a.host, "/run/postgresql");
  EXPECT_EQ(a.user, "app");
  EXPECT_EQ(a.database, "appdb");
  EXPECT_EQ(a.ssl, "disable");
  const ConnectOptions b = parse_ok("postgresql://%2Fvar%2Frun%2Fpostgresql:5433/x");
  EXPECT_EQ(b.host, "/var/run/postgresql");
  EXPECT_EQ(b.port, 5433u);
  const ConnectOptions c = parse_ok("postgresql:///mydb");  // everything else: libpq defaults
  EXPECT_EQ(c.host, "");
  EXPECT_EQ(c.user, "");
  EXPECT_EQ(c.database, "mydb");
  const ConnectOptions d =
      parse_ok("postgresql://h?port=6000&user=u&password=p%26q&dbname=d&sslmode=VERIFY-FULL");
  EXPECT_EQ(d.port, 6000u);
  EXPECT_EQ(d.user, "u");
  EXPECT_EQ(d.password, "p&q");
  EXPECT_EQ(d.database, "d");
  EXPECT_EQ(d.ssl, "verify-full");
  EXPECT_NE(parse_error("postgresql://h/db?host=/tmp").find("host is given twice"),
            std::string::npos);
  EXPECT_NE(parse_error("postgresql://a,b/db").find("several hosts"), std::string::npos);
  EXPECT_NE(parse_error("postgresql://h/db?sslmode=on").find("sslmode 'on'"), std::string::npos);
  EXPECT_NE(parse_error("postgresql://h/db?socket=/x").find("unknown parameter"),
            std::string::npos);
}

TEST(DbUrlTest, BadUrlsNameTheUrlWithoutThePassword) {
  const std::string e = parse_error("mysql://u:hunter2@h:70000/d");
  EXPECT_EQ(e, "mysql://u:***@h:70000/d: port '70000' is not a number from 1 to 65535");
  EXPECT_EQ(parse_error("oracle://x/y"),
            "oracle://x/y: unknown scheme 'oracle' (sqlite:, mysql://, mariadb://, "
            "postgresql://, postgres://)");
  EXPECT_NE(parse_error("just-a-name").find("not a database URL"), std::string::npos);
  EXPECT_NE(parse_error("").find("URL ''"), std::string::npos);
  EXPECT_NE(parse_error("mysql:host/db").find("mysql://"), std::string::npos);
  const std::string bad = parse_error("mysql://u:hunt%zzer2@h/d");
  EXPECT_NE(bad.find("percent-encoding"), std::string::npos);
  EXPECT_EQ(bad.find("hunt"), std::string::npos);
}

TEST(DbUrlTest, Redaction) {
  EXPECT_EQ(redact_db_url("mysql://u:pw@h/d"), "mysql://u:***@h/d");
  EXPECT_EQ(redact_db_url("mysql://u@h:3306/d"), "mysql://u@h:3306/d");
  EXPECT_EQ(redact_db_url("postgresql://u:p@ss@[::1]:5/d?x=1"), "postgresql://u:***@[::1]:5/d?x=1");
  EXPECT_EQ(redact_db_url("postgresql://h/d?user=u&password=secret&sslmode=require"),
            "postgresql://h/d?user=u&password=***&sslmode=require");
  EXPECT_EQ(redact_db_url("sqlite:/x:y@z.db"), "sqlite:/x:y@z.db");
  // Unencoded '/', '?', '#' in the password, and the parameter's name in any case or encoding.
  EXPECT_EQ(redact_db_url("mysql://u:se/cr?et@h/d"), "mysql://u:***@h/d");
  EXPECT_EQ(redact_db_url("mysql://u:a#b@h/d"), "mysql://u:***@h/d");
  EXPECT_EQ(redact_db_url("postgresql://h/d?PassWord=secret"), "postgresql://h/d?PassWord=***");
  EXPECT_EQ(redact_db_url("postgresql://h/d?pass%77ord=secret&x=1"),
            "postgresql://h/d?pass%77ord=***&x=1");
  EXPECT_EQ(redact_db_url("postgresql://h/d?sslpassword=secret"),
            "postgresql://h/d?sslpassword=***");
}

TEST(DbUrlTest, ErrorLinesNeverHoldPiecesOfThePassword) {
  // A password with an unencoded '/', '?' or '@' is parsed as a port or a database name: the
  // reason says what is wrong without quoting it.
  for (const char* url :
       {"mysql://u:Zq1/Zq2@h/d", "postgresql://u:Zq1?Zq2@h/d", "mysql://u:a@b/Zq@h/d"}) {
    const std::string e = parse_error(url);
    EXPECT_FALSE(e.empty()) << url;
    EXPECT_EQ(e.find("Zq"), std::string::npos) << e;
  }
  // Without a password the values stay in the reason.
  EXPECT_NE(parse_error("mysql://u@h:Zq/d").find("'Zq'"), std::string::npos);
}

TEST(DbUrlTest, DisplayNeverHoldsThePassword) {
  ConnectOptions m = parse_ok("mysql://sb:secret@127.0.0.1:3306/sbtest?ssl=REQUIRED");
  EXPECT_EQ(display_db_url(m), "mysql://sb@127.0.0.1:3306/sbtest?ssl=REQUIRED");
  ConnectOptions p = parse_ok("postgres://sb:secret@/sbtest?host=/run/postgresql");
  EXPECT_EQ(display_db_url(p), "postgresql://sb@/sbtest?host=/run/postgresql");
  EXPECT_EQ(display_db_url(parse_ok("postgresql://u@/d?host=/tmp&port=6000")),
            "postgresql://u@/d?host=/tmp&port=6000");
  EXPECT_EQ(display_db_url(parse_ok("postgresql://u@[::1]:5432/d")), "postgresql://u@[::1]:5432/d");
  EXPECT_EQ(display_db_url(parse_ok("sqlite:///var/tmp/a.db")), "sqlite:/var/tmp/a.db");
  // What is displayed parses back to the same options (without the password).
  const ConnectOptions again = parse_ok(display_db_url(m));
  EXPECT_EQ(again.host, m.host);
  EXPECT_EQ(again.port, m.port);
  EXPECT_EQ(again.user, m.user);
  EXPECT_EQ(again.database, m.database);
  EXPECT_EQ(again.password, "");
}

TEST(DbUrlTest, PasswordRule) {
  DbUrl in_url = parse_db_url("mysql://u:fromurl@h/d").value();
  resolve_password(in_url, "fromenv", "fromfile");
  EXPECT_EQ(in_url.options.password, "fromurl");
  DbUrl env = parse_db_url("mysql://u@h/d").value();
  resolve_password(env, "fromenv", "fromfile");
  EXPECT_EQ(env.options.password, "fromenv");
  DbUrl file = parse_db_url("postgresql://u@h/d").value();
  resolve_password(file, std::nullopt, "fromfile");
  EXPECT_EQ(file.options.password, "fromfile");
  DbUrl none = parse_db_url("postgresql://u@h/d").value();
  resolve_password(none, std::nullopt, std::nullopt);
  EXPECT_EQ(none.options.password, "");  // libpq then reads ~/.pgpass itself
  EXPECT_EQ(password_env_name(DriverKind::kMysql), "MYSQL_PWD");
  EXPECT_EQ(password_env_name(DriverKind::kPgsql), "PGPASSWORD");
}

TEST(DbUrlTest, PasswordFileFirstLine) {
  ScratchDir dir;
  const std::string path = dir.path() + "/pw";
  std::ofstream(path) << "s3cret\r\nsecond line\n";
  EXPECT_EQ(read_password_file(path).value(), "s3cret");
  const auto missing = read_password_file(dir.path() + "/none");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().what, "--password-file");
}

}  // namespace
}  // namespace hostmark::db
