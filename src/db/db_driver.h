#pragma once
// Databases behind one interface (one axis of variation: the driver). A Driver knows how to
// reach one server or file; a Connection runs plain SQL and prepared statements on it. One
// driver per file: sqlite (db/sqlite_driver.cc, libsqlite3, linked statically), mysql
// (db/mysql_driver.cc, libmariadb) and pgsql (db/pgsql_driver.cc, libpq), the last two loaded
// at run time (db/shared_library.h) so other commands never pay for them.
//
// Results are classified as sysbench 1.0.20 does: a statement that returns a result set is a
// read (even with no rows); one that changed rows is a write; anything else (BEGIN, COMMIT,
// DDL, a DML that matched nothing) is "other".
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/error.h"

namespace hostmark::db {

enum class DriverKind { kSqlite, kMysql, kPgsql };

// Everything needed to connect, from sysbench's --mysql-* / --pgsql-* / --sqlite-db options or
// from a `hostmark db` URL. Empty/0 means the client library's default.
struct ConnectOptions {
  DriverKind kind = DriverKind::kSqlite;
  std::string host;      // mysql: "localhost" means the unix socket, as in libmariadb
  unsigned port = 0;     // mysql 3306, pgsql 5432 when 0
  std::string socket;    // mysql: unix socket path; pgsql: a directory in `host` does that
  std::string user;      // sysbench's default: "sbtest"
  std::string password;  // never printed
  std::string database;  // sysbench's default: "sbtest"
  // mysql: --mysql-ssl (off, on/PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY);
  // pgsql: --pgsql-sslmode (disable, allow, prefer, require, verify-ca, verify-full).
  std::string ssl;
  std::string ssl_cipher;     // mysql: --mysql-ssl-cipher, the TLS cipher list ("": the library's)
  bool compression = false;   // mysql: --mysql-compression, the compressed client protocol
  std::string sqlite_path;    // sqlite: the database file
  bool sqlite_create = true;  // sqlite: false opens an existing file only (never creates one)
  bool dry_run = false;       // mysql: --mysql-dry-run, every call succeeds without a server
  // Error codes whose statements make the event restart (sysbench's --mysql-ignore-errors):
  // mysql error numbers ("1213"), PostgreSQL SQLSTATEs ("40P01"), SQLite result names
  // ("SQLITE_BUSY"); "all" ignores every server error.
  std::vector<std::string> ignore_errors;
  bool server_prepared = true;  // --db-ps-mode=auto; false (disable): parameters substituted
                                // client-side, the statement sent as text
};

enum class QueryKind { kRead, kWrite, kOther };

struct QueryResult {
  QueryKind kind = QueryKind::kOther;
  std::uint64_t rows = 0;  // rows returned (read) or changed (write)
};

// One row of a result set: each column's value as the server's text, nullopt for NULL.
using RowValues = std::vector<std::optional<std::string>>;

// A statement's result with its rows read into memory, for callers that look at the values
// (the sysbench Lua API's result sets); the OLTP paths use QueryResult and never copy rows.
// `result` classifies it as above; a read has `columns` result columns (0 otherwise).
struct Rows {
  QueryResult result{};
  std::size_t columns = 0;
  std::vector<RowValues> rows{};
};

// A failed statement or connection. Derives from Failure so that, uncaught, it is the one line
// "hostmark: <driver target>: <reason>". `code`: the server's error number or SQLSTATE (or
// SQLite's result name). `ignorable`: the code is in ConnectOptions::ignore_errors (restart
// the event). `connection_lost`: the connection is unusable (reconnect() may help).
class DbError : public Failure {
 public:
  DbError(Error e, std::string code, bool ignorable, bool connection_lost)
      : Failure(std::move(e)),
        code_(std::move(code)),
        ignorable_(ignorable),
        connection_lost_(connection_lost) {}
  const std::string& code() const { return code_; }
  bool ignorable() const { return ignorable_; }
  bool connection_lost() const { return connection_lost_; }

 private:
  std::string code_;
  bool ignorable_;
  bool connection_lost_;
};

// A connection that could not be made (no server there, refused, wrong password, no such
// database), as the client library reported it: enough for a front end to word it as its peer
// tool does (the sysbench drop-in prints drv_mysql's and drv_pgsql's FATAL lines), without this
// layer knowing that wording.
struct ConnectRefusal {
  DriverKind kind = DriverKind::kMysql;
  std::string host;     // as asked ("": the client library's default)
  unsigned port = 0;    // as asked (0: the default)
  std::string socket;   // as asked (mysql's unix socket; "" if none)
  unsigned code = 0;    // the client library's error number (mysql); 0 where it has none
  std::string message;  // the client library's message (libpq's may span lines, trimmed)
};

// The DbError connect() and reconnect() throw when the connection could not be made.
class ConnectError : public DbError {
 public:
  ConnectError(Error e, std::string code, bool ignorable, ConnectRefusal refusal)
      : DbError(std::move(e), std::move(code), ignorable, false), refusal_(std::move(refusal)) {}
  const ConnectRefusal& refusal() const { return refusal_; }

 private:
  ConnectRefusal refusal_;
};

// A statement parameter: an integer or a string (bound as text, never interpolated unescaped).
using Param = std::variant<std::int64_t, std::string_view>;

class Statement {
 public:
  virtual ~Statement() = default;
  // Runs the statement with `params` (as many as prepare() was told) and consumes its whole
  // result set. Throws DbError.
  virtual QueryResult execute(std::span<const Param> params) = 0;
  // As execute(), and returns the result set's rows. The default returns none (drivers that
  // have no rows to give: the dry run, test doubles).
  virtual Rows execute_rows(std::span<const Param> params) {
    Rows r;
    r.result = execute(params);
    return r;
  }
};

class Connection {
 public:
  virtual ~Connection() = default;
  // Runs `sql` as text and consumes its whole result. Throws DbError.
  virtual QueryResult query(std::string_view sql) = 0;
  // As query(), and returns the result set's rows (the last statement's, when `sql` holds
  // several). The default returns none (the dry run, test doubles). Throws DbError.
  virtual Rows query_rows(std::string_view sql) {
    Rows r;
    r.result = query(sql);
    return r;
  }
  // `sql` uses '?' for its `param_count` parameters (the pgsql driver numbers them $1..$n).
  // Server-side prepared unless ConnectOptions::server_prepared is false. Throws DbError.
  // A statement is valid until reconnect() or the connection's destruction.
  virtual std::unique_ptr<Statement> prepare(std::string_view sql, std::size_t param_count) = 0;
  // Whether copy_rows() works here: the driver has a bulk-load path and the server allows it
  // (MariaDB's local_infile can be off). Throws DbError.
  virtual bool can_copy_rows() { return false; }
  // Appends `rows` to `table` (its `columns`, comma-separated) by the server's bulk-load path:
  // PostgreSQL's COPY FROM STDIN, MariaDB/MySQL's LOAD DATA LOCAL INFILE served from memory.
  // `rows`: one line per row ending in '\n', fields separated by tabs, none holding a tab,
  // newline or backslash. Only after can_copy_rows() said yes. Throws DbError.
  virtual void copy_rows(std::string_view table, std::string_view columns, std::string_view rows) {
    (void)table, (void)columns, (void)rows;
    throw DbError(run_error("copy_rows", "this driver has no bulk-load path"), "", false, false);
  }
  // Closes and opens the connection again (statements must be prepared again). Throws DbError.
  virtual void reconnect() = 0;
  // "10.11.19-MariaDB-0+deb12u1", "PostgreSQL 15.18", "SQLite 3.40.1".
  virtual std::string server_version() = 0;
  // The settings that decide OLTP results, as (name, value): buffer pool / shared_buffers,
  // durability (innodb_flush_log_at_trx_commit, fsync, synchronous_commit, journal_mode,
  // synchronous), isolation level.
  virtual std::vector<std::pair<std::string, std::string>> server_settings() = 0;
};

class Driver {
 public:
  virtual ~Driver() = default;
  virtual DriverKind kind() const = 0;
  // sysbench's --db-driver name: "sqlite", "mysql", "pgsql".
  virtual std::string_view name() const = 0;
  // Where it connects, for messages: "mysql 127.0.0.1:3306", "pgsql /run/postgresql:5432",
  // "sqlite /var/tmp/x.db". Never holds the password.
  virtual std::string target() const = 0;
  // A new connection. Throws DbError ("<target>: <reason>") when the server cannot be
  // reached, refuses the user or lacks the database. Thread-safe: each worker thread calls it.
  virtual std::unique_ptr<Connection> connect() const = 0;
};

// The driver `options.kind` names (db/driver_factory.cc). Fails (run error) when the client
// library cannot be loaded.
Expected<std::unique_ptr<Driver>> make_driver(const ConnectOptions& options);

// Each driver file's factory.
Expected<std::unique_ptr<Driver>> make_sqlite_driver(const ConnectOptions& options);
Expected<std::unique_ptr<Driver>> make_mysql_driver(const ConnectOptions& options);
Expected<std::unique_ptr<Driver>> make_pgsql_driver(const ConnectOptions& options);
// sysbench's --mysql-dry-run (db/dry_run_driver.cc): no server, no client library.
Expected<std::unique_ptr<Driver>> make_dry_run_driver(const ConnectOptions& options);

}  // namespace hostmark::db
