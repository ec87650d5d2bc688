#include "db/pgsql_connection.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <utility>
#include <vector>

#include "db/sql_text.h"

namespace hostmark::db {

namespace {

constexpr const char* kPgConnectTimeoutS = "10";

// Clears a PGresult at scope exit.
struct PgResultGuard {
  const PgsqlApi& api;
  PGresult* res;
  ~PgResultGuard() {
    if (res != nullptr) api.PQclear(res);
  }
};

// libpq's connection failure made one line. libpq writes one "connection to server at "h",
// port p failed: <reason>" per attempt (per address, and with and without TLS under the
// default sslmode=prefer). When every attempt went to the same place the target already names
// it: only the distinct reasons are kept, without "FATAL:".
std::string connect_message(std::string_view message) {
  constexpr std::string_view kPrefix = "connection to server ";
  constexpr std::string_view kFailed = " failed: ";
  std::vector<std::string_view> attempts;
  for (std::size_t at = 0; at < message.size();) {
    std::size_t next = message.find(kPrefix, at + 1);
    if (next == std::string_view::npos) next = message.size();
    attempts.push_back(message.substr(at, next - at));
    at = next;
  }
  std::string_view place;
  std::vector<std::string> reasons;
  for (const std::string_view a : attempts) {
    const std::size_t failed = a.find(kFailed);
    if (!a.starts_with(kPrefix) || failed == std::string_view::npos ||
        (!place.empty() && a.substr(0, failed) != place)) {
      return one_line(message);  // not libpq's usual shape, or several places: all of it
    }
    place = a.substr(0, failed);
    std::string reason = one_line(a.substr(failed + kFailed.size()));
    if (reason.starts_with("FATAL: ")) reason.erase(0, 7);
    if (std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) {
      reasons.push_back(std::move(reason));
    }
  }
  std::string out;
  for (const auto& r : reasons) out += (out.empty() ? "" : "; ") + r;
  return out.empty() ? "connection failed" : out;
}

}  // namespace

PgsqlConnection::PgsqlConnection(std::shared_ptr<const PgsqlApi> api, const ConnectOptions& options,
                                 std::string target)
    : api_(std::move(api)), options_(options), target_(std::move(target)) {
  conn_ = open();
}

PgsqlConnection::~PgsqlConnection() {
  if (conn_ != nullptr) api_->PQfinish(conn_);
}

PGconn* PgsqlConnection::open() const {
  std::vector<const char*> keys;
  std::vector<const char*> values;
  const auto add = [&](const char* key, const std::string& value) {
    if (value.empty()) return;  // libpq's default (environment, service file, built-in)
    keys.push_back(key);
    values.push_back(value.c_str());
  };
  const std::string port = options_.port == 0 ? "" : std::to_string(options_.port);
  add("host", options_.host);
  add("port", port);
  add("user", options_.user);
  add("password", options_.password);
  add("dbname", options_.database);
  add("sslmode", options_.ssl);
  keys.push_back("connect_timeout");
  values.push_back(kPgConnectTimeoutS);
  keys.push_back("fallback_application_name");
  values.push_back("hostmark");
  keys.push_back(nullptr);
  values.push_back(nullptr);
  PGconn* c = api_->PQconnectdbParams(keys.data(), values.data(), 0);
  if (c == nullptr)
    throw DbError(run_error(target_, "libpq: out of memory"), "08001", false, false);
  if (api_->PQstatus(c) != CONNECTION_OK) {
    std::string_view raw = api_->PQerrorMessage(c);
    while (raw.ends_with('\n')) raw.remove_suffix(1);
    ConnectRefusal refusal{DriverKind::kPgsql, options_.host, options_.port, "", 0,
                           std::string(raw)};
    std::string message = connect_message(raw);
    api_->PQfinish(c);
    throw ConnectError(run_error(target_, std::move(message)), "08001",
                       code_in_list(options_.ignore_errors, "08001"), std::move(refusal));
  }
  // libpq prints the server's NOTICE and WARNING messages ("table does not exist, skipping")
  // on standard error by default, into the middle of the report: they are dropped.
  api_->PQsetNoticeProcessor(
      c, [](void*, const char*) {}, nullptr);
  return c;
}

PGconn* PgsqlConnection::handle() const {
  if (conn_ == nullptr) {
    throw DbError(run_error(target_, "not connected (the last reconnect failed)"), "08003", false,
                  true);
  }
  return conn_;
}

DbError PgsqlConnection::error(std::string code, std::string_view message) const {
  const bool bad = conn_ == nullptr || api_->PQstatus(conn_) == CONNECTION_BAD;
  // Class 08 (connection exception), 57P01-57P03 (terminated, crash, cannot connect now).
  const bool lost =
      bad || code.starts_with("08") || code == "57P01" || code == "57P02" || code == "57P03";
  if (code.empty() && lost) code = "08006";  // connection_failure: libpq saw the socket close
  const bool ignorable = !code.empty() && code_in_list(options_.ignore_errors, code);
  std::string why = one_line(message);
  if (why.empty()) why = "unknown error";
  return DbError(run_error(target_, std::move(why)), std::move(code), ignorable, lost);
}

QueryResult PgsqlConnection::consume(PGresult* res) const {
  const PgsqlApi& a = *api_;
  if (res == nullptr) throw error("", a.PQerrorMessage(conn_));
  PgResultGuard guard{a, res};
  QueryResult r;
  switch (a.PQresultStatus(res)) {
    case PGRES_TUPLES_OK:
    case PGRES_SINGLE_TUPLE:
      r.kind = QueryKind::kRead;
      r.rows = static_cast<std::uint64_t>(a.PQntuples(res));
      return r;
    case PGRES_COMMAND_OK: {
      const std::string_view n = a.PQcmdTuples(res);  // "" for BEGIN, DDL...
      std::uint64_t rows = 0;
      std::from_chars(n.data(), n.data() + n.size(), rows);
      if (rows > 0) {
        r.kind = QueryKind::kWrite;
        r.rows = rows;
      }
      return r;
    }
    case PGRES_EMPTY_QUERY: return r;
    default: {
      const char* state = a.PQresultErrorField(res, PG_DIAG_SQLSTATE);
      const char* primary = a.PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY);
      throw error(state != nullptr ? state : "",
                  primary != nullptr ? primary : a.PQerrorMessage(conn_));
    }
  }
}

void PgsqlConnection::quote(std::string_view value, std::string& out) const {
  const std::size_t at = out.size();
  out.resize(at + 2 * value.size() + 2);
  out[at] = '\'';
  int err = 0;
  const std::size_t n =
      api_->PQescapeStringConn(handle(), out.data() + at + 1, value.data(), value.size(), &err);
  if (err != 0) throw error("22021", api_->PQerrorMessage(conn_));  // invalid byte sequence
  out.resize(at + 1 + n);
  out += '\'';
}

Rows PgsqlConnection::consume_rows(PGresult* res) const {
  const PgsqlApi& a = *api_;
  Rows out;
  const ExecStatusType status = res != nullptr ? a.PQresultStatus(res) : PGRES_FATAL_ERROR;
  if (status != PGRES_TUPLES_OK && status != PGRES_SINGLE_TUPLE) {
    out.result = consume(res);
    return out;
  }
  PgResultGuard guard{a, res};
  const int rows = a.PQntuples(res);
  const int columns = a.PQnfields(res);
  out.result = {QueryKind::kRead, static_cast<std::uint64_t>(rows)};
  out.columns = static_cast<std::size_t>(columns);
  out.rows.reserve(static_cast<std::size_t>(rows));
  for (int r = 0; r < rows; ++r) {
    RowValues& values = out.rows.emplace_back(out.columns);
    for (int c = 0; c < columns; ++c) {
      // PQgetvalue() gives "" for a NULL: PQgetisnull() tells them apart.
      if (a.PQgetisnull(res, r, c) != 0) continue;
      values[static_cast<std::size_t>(c)].emplace(
          a.PQgetvalue(res, r, c), static_cast<std::size_t>(a.PQgetlength(res, r, c)));
    }
  }
  return out;
}

Rows PgsqlConnection::query_rows(std::string_view sql) {
  PGconn* c = handle();
  const std::string text(sql);
  return consume_rows(api_->PQexec(c, text.c_str()));
}

QueryResult PgsqlConnection::query(std::string_view sql) {
  PGconn* c = handle();
  const std::string text(sql);  // PQexec wants a NUL-terminated string
  return consume(api_->PQexec(c, text.c_str()));
}

std::unique_ptr<Statement> PgsqlConnection::prepare(std::string_view sql, std::size_t param_count) {
  if (options_.server_prepared) return make_pgsql_server_statement(*this, sql, param_count);
  return make_pgsql_client_statement(*this, sql, param_count);
}

void PgsqlConnection::copy_rows(std::string_view table, std::string_view columns,
                                std::string_view rows) {
  PGconn* c = handle();
  const PgsqlApi& a = *api_;
  const std::string sql = fmt::format("COPY {} ({}) FROM STDIN", table, columns);
  PGresult* start = a.PQexec(c, sql.c_str());
  if (start == nullptr || a.PQresultStatus(start) != PGRES_COPY_IN) {
    consume(start);  // throws the server's error, if there is one
    throw error("", "COPY: the server did not start the copy");
  }
  a.PQclear(start);
  // The rows go in pieces well under libpq's int length; PQputCopyData queues them (blocking
  // connection: it returns 1 or -1).
  constexpr std::size_t kPiece = 1 << 20;
  bool sent = true;
  for (std::size_t at = 0; at < rows.size() && sent; at += kPiece) {
    const std::string_view piece = rows.substr(at, kPiece);
    sent = a.PQputCopyData(c, piece.data(), static_cast<int>(piece.size())) == 1;
  }
  // Ends the copy (or aborts it after a failed send) and reads every result: the copy's own
  // status, then the null that ends the command.
  a.PQputCopyEnd(c, sent ? nullptr : "hostmark: sending the rows failed");
  std::optional<DbError> failure;
  while (PGresult* res = a.PQgetResult(c)) {
    try {
      consume(res);
    } catch (const DbError& e) {
      if (!failure) failure = e;
    }
  }
  if (failure) throw *failure;
  if (!sent) throw error("", "COPY: sending the rows failed");
}

void PgsqlConnection::reconnect() {
  ++generation_;
  if (conn_ != nullptr) api_->PQfinish(conn_);
  conn_ = nullptr;
  conn_ = open();
}

std::string PgsqlConnection::server_version() {
  const char* v = api_->PQparameterStatus(handle(), "server_version");  // "15.18 (Debian ...)"
  std::string_view s = v != nullptr ? v : "";
  s = s.substr(0, s.find(' '));
  return "PostgreSQL " + std::string(s);
}

std::vector<std::pair<std::string, std::string>> PgsqlConnection::server_settings() {
  static constexpr const char* kNames[] = {"shared_buffers", "fsync", "synchronous_commit",
                                           "default_transaction_isolation"};
  const PgsqlApi& a = *api_;
  PGconn* c = handle();
  PGresult* res = a.PQexec(c,
                           "SELECT current_setting('shared_buffers'), current_setting('fsync'), "
                           "current_setting('synchronous_commit'), "
                           "current_setting('default_transaction_isolation')");
  if (res == nullptr || a.PQresultStatus(res) != PGRES_TUPLES_OK || a.PQntuples(res) != 1) {
    consume(res);  // throws the error, if there is one
    throw error("", "server settings: unexpected result");
  }
  PgResultGuard guard{a, res};
  std::vector<std::pair<std::string, std::string>> out;
  for (int i = 0; i < 4; ++i) out.emplace_back(kNames[i], a.PQgetvalue(res, 0, i));
  return out;
}

}  // namespace hostmark::db
