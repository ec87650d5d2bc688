// The SQLite driver (libsqlite3, linked statically): one connection per thread (opened in
// multi-thread mode, never shared), WAL journal, a busy handler that lets one statement wait
// kBusyTimeoutMs in total in short sleeps (db/sqlite_busy.h), prepared statements kept for the
// whole run (SQLITE_PREPARE_PERSISTENT). --db-ps-mode=disable writes the parameters into the
// text with sql_text.h's scanner ('?' in quoted strings and comments stay).
//
// Classification as db_driver.h says: a statement with result columns is a read; an INSERT,
// UPDATE, DELETE or REPLACE that changed rows (sqlite3_changes64) is a write; the rest is other.
#include <fmt/format.h>
#include <sqlite3.h>
#include <time.h>

#include <array>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "db/db_driver.h"
#include "db/sql_text.h"
#include "db/sqlite_busy.h"

namespace hostmark::db {
namespace {

constexpr std::uint64_t kBusyTimeoutNs = 30'000'000'000;

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

// A string as an SQLite literal: quoted, with ' doubled (SQLite has no backslash escapes).
void quote_sqlite(std::string_view value, std::string& out) {
  out += '\'';
  for (const char ch : value) {
    if (ch == '\'') out += '\'';
    out += ch;
  }
  out += '\'';
}

// The start of `sql` on one line, for messages.
std::string statement_excerpt(std::string_view sql) {
  constexpr std::size_t kMaxChars = 80;
  std::string text = one_line(sql);
  if (text.size() > kMaxChars) text = text.substr(0, kMaxChars) + "...";
  return text;
}

struct SqliteCloser {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
using SqliteHandle = std::unique_ptr<sqlite3, SqliteCloser>;

class SqliteConnection;

// Owns `stmt` (finalized on destruction).
class SqliteStatement final : public Statement {
 public:
  SqliteStatement(SqliteConnection& conn, sqlite3_stmt* stmt, bool dml)
      : conn_(conn), stmt_(stmt), dml_(dml) {}
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  QueryResult execute(std::span<const Param> params) override;
  Rows execute_rows(std::span<const Param> params) override;

 private:
  void bind(std::span<const Param> params);
  // Runs the statement to its end, calling on_row() at each row, and classifies it.
  template <typename OnRow>
  QueryResult step(OnRow on_row);

  SqliteConnection& conn_;
  sqlite3_stmt* stmt_;
  bool dml_;
};

// --db-ps-mode=disable: the parameters written into the text, which runs as query().
class TextStatement final : public Statement {
 public:
  TextStatement(SqliteConnection& conn, std::string_view sql, SqlTemplate sql_template)
      : conn_(conn), sql_(sql), template_(std::move(sql_template)) {}
  QueryResult execute(std::span<const Param> params) override;
  Rows execute_rows(std::span<const Param> params) override;

 private:
  SqliteConnection& conn_;
  std::string sql_;
  SqlTemplate template_;
};

class SqliteConnection final : public Connection {
 public:
  // Opens the file; throws DbError (nothing left open) when it or a setting fails.
  SqliteConnection(const ConnectOptions& options, std::string target)
      : options_(options), target_(std::move(target)), busy_(kBusyTimeoutNs) {
    open();
  }
  SqliteConnection(const SqliteConnection&) = delete;  // the busy handler points at busy_
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  QueryResult query(std::string_view sql) override {
    QueryResult total;
    each_statement(sql, [&](SqliteStatement& one) { total = one.execute({}); });
    return total;
  }

  Rows query_rows(std::string_view sql) override {
    Rows last;
    each_statement(sql, [&](SqliteStatement& one) { last = one.execute_rows({}); });
    return last;
  }

  std::unique_ptr<Statement> prepare(std::string_view sql, std::size_t param_count) override {
    if (!options_.server_prepared) {
      SqlTemplate t = parse_placeholders(sql, SqlDialect::kSqlite);
      if (t.placeholders() != param_count) fail_params(sql, param_count, t.placeholders());
      return std::make_unique<TextStatement>(*this, sql, std::move(t));
    }
    sqlite3_stmt* stmt = nullptr;
    const int rc = sqlite3_prepare_v3(db(), sql.data(), static_cast<int>(sql.size()),
                                      SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) fail(rc);
    auto statement = std::make_unique<SqliteStatement>(*this, stmt, is_dml(sql));
    const auto placeholders = static_cast<std::size_t>(sqlite3_bind_parameter_count(stmt));
    if (placeholders != param_count) fail_params(sql, param_count, placeholders);
    return statement;
  }

  void reconnect() override {
    db_.reset();
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

  // The open handle; a reconnect() that failed leaves none (DbError, SQLITE_MISUSE).
  sqlite3* db() const {
    if (!db_) {
      throw DbError(run_error(target_, "the connection is closed (a reconnect failed)"),
                    "SQLITE_MISUSE", false, true);
    }
    return db_.get();
  }
  std::int64_t changes() const { return sqlite3_changes64(db()); }
  // The start of one statement's run: its busy-wait budget starts again.
  void start_statement() { busy_.start_statement(); }

  [[noreturn]] void fail(int rc) const {
    const std::string code = result_name(rc);
    throw DbError(run_error(target_, fmt::format("{} ({})", sqlite3_errmsg(db()), code)), code,
                  code_in_list(options_.ignore_errors, code), false);
  }

  // `given` parameters for a statement with `placeholders`: a caller's mistake, never ignored.
  [[noreturn]] void fail_params(std::string_view sql, std::size_t given,
                                std::size_t placeholders) const {
    throw DbError(
        run_error(target_, fmt::format("statement \"{}\": {} parameter{} for {} "
                                       "placeholder{}",
                                       statement_excerpt(sql), given, given == 1 ? "" : "s",
                                       placeholders, placeholders == 1 ? "" : "s")),
        "SQLITE_RANGE", false, false);
  }

 private:
  void open() {
    sqlite3* raw = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX |
                      (options_.sqlite_create ? SQLITE_OPEN_CREATE : 0);
    const int rc = sqlite3_open_v2(options_.sqlite_path.c_str(), &raw, flags, nullptr);
    SqliteHandle handle(raw);  // owned at once: a failed open can still return a handle
    if (rc != SQLITE_OK) {
      const std::string why = raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc);
      throw DbError(run_error(target_, fmt::format("{} ({})", why, result_name(rc))),
                    result_name(rc), false, false);
    }
    sqlite3_extended_result_codes(raw, 0);
    sqlite3_busy_handler(raw, SqliteBusyWait::handler, &busy_);
    db_ = std::move(handle);
    enter_wal_mode();
  }

  // Two connections switching a new file to WAL at once deadlock on its rollback-journal
  // locks, and SQLite then answers SQLITE_BUSY without calling the busy handler: retried for
  // up to 10 s. Throws for a file that is not a database (db_ closes).
  // Compiles and hands each statement of `sql` to run() in turn.
  template <typename Run>
  void each_statement(std::string_view sql, Run run) {
    const char* tail = sql.data();
    const char* end = sql.data() + sql.size();
    while (tail < end) {
      sqlite3_stmt* stmt = nullptr;
      const char* rest = nullptr;
      const int rc = sqlite3_prepare_v2(db(), tail, static_cast<int>(end - tail), &stmt, &rest);
      if (rc != SQLITE_OK) fail(rc);
      if (stmt == nullptr) break;  // only whitespace or comments left
      SqliteStatement one(*this, stmt, is_dml(std::string_view(tail, rest - tail)));
      run(one);
      tail = rest;
    }
  }

  void enter_wal_mode() {
    for (int attempt = 0;; ++attempt) {
      try {
        query("PRAGMA journal_mode=WAL");
        return;
      } catch (const DbError& e) {
        if (e.code() != "SQLITE_BUSY" || attempt >= 1000) throw;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  std::string pragma(const char* name) {
    sqlite3_stmt* stmt = nullptr;
    const std::string sql = fmt::format("PRAGMA {}", name);
    if (sqlite3_prepare_v2(db(), sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) return "";
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
  SqliteBusyWait busy_;  // the busy handler's state: outlives db_
  SqliteHandle db_;
};

// The text of a string parameter is bound without a copy (SQLITE_STATIC): it lives until
// execute() returns, and step() clears the bindings before that.
void SqliteStatement::bind(std::span<const Param> params) {
  const auto placeholders = static_cast<std::size_t>(sqlite3_bind_parameter_count(stmt_));
  if (params.size() != placeholders)
    conn_.fail_params(sqlite3_sql(stmt_), params.size(), placeholders);
  for (std::size_t i = 0; i < params.size(); ++i) {
    const int index = static_cast<int>(i) + 1;
    int rc = SQLITE_OK;
    if (const auto* n = std::get_if<std::int64_t>(&params[i])) {
      rc = sqlite3_bind_int64(stmt_, index, *n);
    } else {
      const std::string_view s = std::get<std::string_view>(params[i]);
      rc = sqlite3_bind_text(stmt_, index, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
    }
    if (rc != SQLITE_OK) {
      sqlite3_clear_bindings(stmt_);
      conn_.fail(rc);
    }
  }
}

template <typename OnRow>
QueryResult SqliteStatement::step(OnRow on_row) {
  conn_.start_statement();
  QueryResult r;
  const bool has_columns = sqlite3_column_count(stmt_) > 0;
  int rc = SQLITE_OK;
  while ((rc = sqlite3_step(stmt_)) == SQLITE_ROW) {
    ++r.rows;
    on_row();
  }
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);  // no pointer into the caller's strings outlives execute()
  if (rc != SQLITE_DONE) conn_.fail(rc);
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

QueryResult SqliteStatement::execute(std::span<const Param> params) {
  bind(params);
  return step([] {});
}

Rows SqliteStatement::execute_rows(std::span<const Param> params) {
  bind(params);
  Rows out;
  const int columns = sqlite3_column_count(stmt_);
  out.columns = static_cast<std::size_t>(columns);
  out.result = step([&] {
    RowValues& row = out.rows.emplace_back(out.columns);
    for (int i = 0; i < columns; ++i) {
      if (sqlite3_column_type(stmt_, i) == SQLITE_NULL) continue;
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
      const int bytes = sqlite3_column_bytes(stmt_, i);  // after the text: its length
      auto& value = row[static_cast<std::size_t>(i)].emplace();
      if (text != nullptr) value.assign(text, static_cast<std::size_t>(bytes));
    }
  });
  if (out.result.kind != QueryKind::kRead) out.rows.clear();
  return out;
}

QueryResult TextStatement::execute(std::span<const Param> params) {
  if (params.size() != template_.placeholders())
    conn_.fail_params(sql_, params.size(), template_.placeholders());
  return conn_.query(substitute_params(template_, params, quote_sqlite));
}

Rows TextStatement::execute_rows(std::span<const Param> params) {
  if (params.size() != template_.placeholders())
    conn_.fail_params(sql_, params.size(), template_.placeholders());
  return conn_.query_rows(substitute_params(template_, params, quote_sqlite));
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
