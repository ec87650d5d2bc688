// The SQLite driver (libsqlite3, linked statically): one connection per thread (opened in
// multi-thread mode, never shared), WAL journal, a busy handler that waits up to kBusyTimeoutMs
// in short sleeps (SQLite's own sleeps up to 100 ms at a time, which wastes most of a write
// lock's free time when two threads take turns), prepared statements kept for the whole run
// (SQLITE_PREPARE_PERSISTENT).
//
// Classification as db_driver.h says: a statement with result columns is a read; an INSERT,
// UPDATE, DELETE or REPLACE that changed rows (sqlite3_changes64) is a write; the rest is other.
#include <fmt/format.h>
#include <sqlite3.h>
#include <time.h>

#include <array>
#include <cctype>
#include <chrono>

#include "db/db_driver.h"

namespace hostmark::db {
namespace {

constexpr int kBusyTimeoutMs = 30000;

// SQLite's primary result codes by name (DbError::code, --sqlite-ignore-errors).
std::string result_name(int rc) {
  static constexpr std::array<const char*, 29> kNames = {
      "SQLITE_OK",       "SQLITE_ERROR",     "SQLITE_INTERNAL", "SQLITE_PERM",
      "SQLITE_ABORT",    "SQLITE_BUSY",      "SQLITE_LOCKED",   "SQLITE_NOMEM",
      "SQLITE_READONLY", "SQLITE_INTERRUPT", "SQLITE_IOERR",    "SQLITE_CORRUPT",
      "SQLITE_NOTFOUND", "SQLITE_FULL",      "SQLITE_CANTOPEN", "SQLITE_PROTOCOL",
      "SQLITE_EMPTY",    "SQLITE_SCHEMA",    "SQLITE_TOOBIG",   "SQLITE_CONSTRAINT",
      "SQLITE_MISMATCH", "SQLITE_MISUSE",    "SQLITE_NOLFS",    "SQLITE_AUTH",
      "SQLITE_FORMAT",   "SQLITE_RANGE",     "SQLITE_NOTADB",   "SQLITE_NOTICE",
      "SQLITE_WARNING"};
  const int primary = rc & 0xff;
  if (primary >= 0 && primary < static_cast<int>(kNames.size())) return kNames[primary];
  return fmt::format("SQLITE_{}", rc);
}

bool is_dml(std::string_view sql) {
  std::size_t i = 0;
  while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i])) != 0) ++i;
  std::string word;
  while (i < sql.size() && std::isalpha(static_cast<unsigned char>(sql[i])) != 0)
    word += static_cast<char>(std::toupper(static_cast<unsigned char>(sql[i++])));
  return word == "INSERT" || word == "UPDATE" || word == "DELETE" || word == "REPLACE";
}

// Waits for a lock in sleeps of 20 us doubling up to 1 ms, until kBusyTimeoutMs have passed.
int busy_handler(void* /*unused*/, int attempt) {
  const long sleep_us = attempt < 6 ? 20L << attempt : 1000L;
  long waited_us = 0;
  for (int i = 0; i < attempt; ++i) waited_us += i < 6 ? 20L << i : 1000L;
  if (waited_us / 1000 >= kBusyTimeoutMs) return 0;
  const timespec ts{0, sleep_us * 1000};
  nanosleep(&ts, nullptr);
  return 1;
}

// Text of `sql` with each '?' replaced by its parameter (integers as digits, strings quoted
// with '' doubled): --db-ps-mode=disable.
std::string substitute(std::string_view sql, std::span<const Param> params) {
  std::string out;
  std::size_t next = 0;
  for (char ch : sql) {
    if (ch != '?' || next >= params.size()) {
      out += ch;
      continue;
    }
    const Param& p = params[next++];
    if (const auto* n = std::get_if<std::int64_t>(&p)) {
      out += std::to_string(*n);
    } else {
      out += '\'';
      for (char s : std::get<std::string_view>(p))
        out += s == '\'' ? std::string("''") : std::string(1, s);
      out += '\'';
    }
  }
  return out;
}

class SqliteConnection;

class SqliteStatement final : public Statement {
 public:
  SqliteStatement(SqliteConnection& conn, sqlite3_stmt* stmt, bool dml)
      : conn_(conn), stmt_(stmt), dml_(dml) {}
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  QueryResult execute(std::span<const Param> params) override;

 private:
  SqliteConnection& conn_;
  sqlite3_stmt* stmt_;
  bool dml_;
};

class TextStatement final : public Statement {
 public:
  TextStatement(Connection& conn, std::string sql) : conn_(conn), sql_(std::move(sql)) {}
  QueryResult execute(std::span<const Param> params) override {
    return conn_.query(substitute(sql_, params));
  }

 private:
  Connection& conn_;
  std::string sql_;
};

class SqliteConnection final : public Connection {
 public:
  SqliteConnection(const ConnectOptions& options, std::string target)
      : options_(options), target_(std::move(target)) {
    open();
  }
  ~SqliteConnection() override { sqlite3_close_v2(db_); }

  QueryResult query(std::string_view sql) override {
    QueryResult total;
    const char* tail = sql.data();
    const char* end = sql.data() + sql.size();
    while (tail < end) {
      sqlite3_stmt* stmt = nullptr;
      const char* rest = nullptr;
      const int rc = sqlite3_prepare_v2(db_, tail, static_cast<int>(end - tail), &stmt, &rest);
      if (rc != SQLITE_OK) fail(rc);
      if (stmt == nullptr) break;  // only whitespace or comments left
      SqliteStatement one(*this, stmt, is_dml(std::string_view(tail, rest - tail)));
      total = one.execute({});
      tail = rest;
    }
    return total;
  }

  std::unique_ptr<Statement> prepare(std::string_view sql, std::size_t /*param_count*/) override {
    if (!options_.server_prepared) return std::make_unique<TextStatement>(*this, std::string(sql));
    sqlite3_stmt* stmt = nullptr;
    const int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()),
                                      SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) fail(rc);
    return std::make_unique<SqliteStatement>(*this, stmt, is_dml(sql));
  }

  void reconnect() override {
    sqlite3_close_v2(db_);
    db_ = nullptr;
    open();
  }

  std::string server_version() override { return std::string("SQLite ") + sqlite3_libversion(); }

  std::vector<std::pair<std::string, std::string>> server_settings() override {
    std::vector<std::pair<std::string, std::string>> s;
    for (const char* name : {"journal_mode", "synchronous", "page_size", "cache_size"}) {
      std::string value = pragma(name);
      if (std::string_view(name) == "synchronous") {
        static constexpr std::array<const char*, 4> kLevels = {"OFF", "NORMAL", "FULL", "EXTRA"};
        const int level = value.empty() ? -1 : std::atoi(value.c_str());
        if (level >= 0 && level < 4) value = kLevels[static_cast<std::size_t>(level)];
      }
      s.emplace_back(name, value);
    }
    return s;
  }

  sqlite3* handle() const { return db_; }
  std::int64_t changes() const { return sqlite3_changes64(db_); }

  [[noreturn]] void fail(int rc) const {
    const std::string code = result_name(rc);
    bool ignorable = false;
    for (const auto& e : options_.ignore_errors) ignorable = ignorable || e == code || e == "all";
    throw DbError(run_error(target_, fmt::format("{} ({})", sqlite3_errmsg(db_), code)), code,
                  ignorable, false);
  }

 private:
  void open() {
    const int rc =
        sqlite3_open_v2(options_.sqlite_path.c_str(), &db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) {
      const std::string why = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
      sqlite3_close_v2(db_);
      db_ = nullptr;
      throw DbError(run_error(target_, fmt::format("{} ({})", why, result_name(rc))),
                    result_name(rc), false, false);
    }
    sqlite3_extended_result_codes(db_, 0);
    sqlite3_busy_handler(db_, busy_handler, nullptr);
    query("PRAGMA journal_mode=WAL");
  }

  std::string pragma(const char* name) {
    sqlite3_stmt* stmt = nullptr;
    const std::string sql = fmt::format("PRAGMA {}", name);
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) return "";
    std::string value;
    if (sqlite3_step(stmt) == SQLITE_ROW) {
      const unsigned char* text = sqlite3_column_text(stmt, 0);
      if (text != nullptr) value = reinterpret_cast<const char*>(text);
    }
    sqlite3_finalize(stmt);
    return value;
  }

  ConnectOptions options_;
  std::string target_;
  sqlite3* db_ = nullptr;
};

QueryResult SqliteStatement::execute(std::span<const Param> params) {
  for (std::size_t i = 0; i < params.size(); ++i) {
    const int index = static_cast<int>(i) + 1;
    int rc = SQLITE_OK;
    if (const auto* n = std::get_if<std::int64_t>(&params[i])) {
      rc = sqlite3_bind_int64(stmt_, index, *n);
    } else {
      const std::string_view s = std::get<std::string_view>(params[i]);
      rc = sqlite3_bind_text(stmt_, index, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
    }
    if (rc != SQLITE_OK) conn_.fail(rc);
  }
  QueryResult r;
  const bool has_columns = sqlite3_column_count(stmt_) > 0;
  int rc = SQLITE_OK;
  while ((rc = sqlite3_step(stmt_)) == SQLITE_ROW) ++r.rows;
  if (rc != SQLITE_DONE) {
    sqlite3_reset(stmt_);
    conn_.fail(rc);
  }
  sqlite3_reset(stmt_);
  if (has_columns) {
    r.kind = QueryKind::kRead;
  } else if (dml_ && conn_.changes() > 0) {
    r.kind = QueryKind::kWrite;
    r.rows = static_cast<std::uint64_t>(conn_.changes());
  } else {
    r.kind = QueryKind::kOther;
    r.rows = 0;
  }
  return r;
}

class SqliteDriver final : public Driver {
 public:
  explicit SqliteDriver(ConnectOptions options) : options_(std::move(options)) {}
  DriverKind kind() const override { return DriverKind::kSqlite; }
  std::string_view name() const override { return "sqlite"; }
  std::string target() const override { return "sqlite " + options_.sqlite_path; }
  std::unique_ptr<Connection> connect() const override {
    return std::make_unique<SqliteConnection>(options_, target());
  }

 private:
  ConnectOptions options_;
};

}  // namespace

Expected<std::unique_ptr<Driver>> make_sqlite_driver(const ConnectOptions& options) {
  if (options.sqlite_path.empty())
    return usage_error("--sqlite-db", "the database file path is empty");
  std::unique_ptr<Driver> d = std::make_unique<SqliteDriver>(options);
  return d;
}

}  // namespace hostmark::db
