#include "db/mysql_connection.h"

#include <fmt/format.h>

#include <functional>
#include <map>
#include <utility>

#include "db/sql_text.h"

namespace hostmark::db {

namespace {

constexpr unsigned kMyConnectTimeoutS = 10;

// Frees a MYSQL_RES at scope exit.
struct MyResultGuard {
  const MysqlApi& api;
  MYSQL_RES* res;
  ~MyResultGuard() {
    if (res != nullptr) api.mysql_free_result(res);
  }
};

const char* or_null(const std::string& s) { return s.empty() ? nullptr : s.c_str(); }

}  // namespace

bool mysql_connection_lost(unsigned code) {
  switch (code) {
    case 2006:  // CR_SERVER_GONE_ERROR
    case 2013:  // CR_SERVER_LOST
    case 2055:  // CR_SERVER_LOST_EXTENDED
    case 1927:  // ER_CONNECTION_KILLED
    case 1053:  // ER_SERVER_SHUTDOWN
    case 4031:  // ER_CLIENT_INTERACTION_TIMEOUT (MySQL 8)
      return true;
    default: return false;
  }
}

MysqlConnection::MysqlConnection(std::shared_ptr<const MysqlApi> api, const ConnectOptions& options,
                                 MysqlSsl ssl, std::string target)
    : api_(std::move(api)), options_(options), ssl_(ssl), target_(std::move(target)) {
  mysql_ = open();
  install_local_rows();
}

MysqlConnection::~MysqlConnection() {
  if (mysql_ != nullptr) api_->mysql_close(mysql_);
}

MYSQL* MysqlConnection::open() const {
  const MysqlApi& a = *api_;
  MYSQL* m = a.mysql_init(nullptr);
  if (m == nullptr)
    throw DbError(run_error(target_, "mysql_init: out of memory"), "2008", false, false);
  const unsigned timeout = kMyConnectTimeoutS;
  a.mysql_options(m, MYSQL_OPT_CONNECT_TIMEOUT, &timeout);
  // LOAD DATA LOCAL for copy_rows(); the handler installed below serves only its own rows.
  const unsigned local_infile = 1;
  a.mysql_options(m, MYSQL_OPT_LOCAL_INFILE, &local_infile);
  if (options_.compression) a.mysql_options(m, MYSQL_OPT_COMPRESS, nullptr);
  if (ssl_ != MysqlSsl::kOff) {
    a.mysql_ssl_set(m, nullptr, nullptr, nullptr, nullptr, or_null(options_.ssl_cipher));
    const my_bool on = 1;
    if (ssl_ == MysqlSsl::kRequired || ssl_ == MysqlSsl::kVerify) {
      a.mysql_options(m, MYSQL_OPT_SSL_ENFORCE, &on);
    }
    if (ssl_ == MysqlSsl::kVerify) a.mysql_options(m, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, &on);
  }
  // Empty host: libmariadb's default (localhost, i.e. its default unix socket); empty user or
  // password: its defaults (the login name; MYSQL_PWD).
  if (a.mysql_real_connect(m, or_null(options_.host), or_null(options_.user),
                           or_null(options_.password), or_null(options_.database), options_.port,
                           or_null(options_.socket), 0) == nullptr) {
    const unsigned code = a.mysql_errno(m);
    const std::string message = one_line(a.mysql_error(m));
    a.mysql_close(m);
    throw ConnectError(run_error(target_, message), std::to_string(code),
                       code_in_list(options_.ignore_errors, std::to_string(code)),
                       ConnectRefusal{DriverKind::kMysql, options_.host, options_.port,
                                      options_.socket, code, message});
  }
  // MYSQL_OPT_SSL_ENFORCE is the client library's promise; a connection that came up in clear
  // text all the same (an older library, a server without TLS over a unix socket) is refused.
  if ((ssl_ == MysqlSsl::kRequired || ssl_ == MysqlSsl::kVerify) &&
      a.mysql_get_ssl_cipher(m) == nullptr) {
    a.mysql_close(m);
    throw DbError(
        run_error(target_, "TLS was required (--mysql-ssl) but the connection is not encrypted"),
        "2026", false, false);
  }
  return m;
}

MYSQL* MysqlConnection::handle() const {
  if (mysql_ == nullptr) {
    throw DbError(run_error(target_, "not connected (the last reconnect failed)"), "2006", false,
                  true);
  }
  return mysql_;
}

DbError MysqlConnection::error(unsigned code, const char* message) const {
  std::string c = std::to_string(code);
  const bool ignorable = code_in_list(options_.ignore_errors, c);
  return DbError(run_error(target_, one_line(message != nullptr ? message : "unknown error")),
                 std::move(c), ignorable, mysql_connection_lost(code));
}

DbError MysqlConnection::last_error() const {
  return error(api_->mysql_errno(mysql_), api_->mysql_error(mysql_));
}

void MysqlConnection::quote(std::string_view value, std::string& out) const {
  const std::size_t at = out.size();
  out.resize(at + 2 * value.size() + 2);
  out[at] = '\'';
  const unsigned long n =
      api_->mysql_real_escape_string(handle(), out.data() + at + 1, value.data(), value.size());
  out.resize(at + 1 + n);
  out += '\'';
}

QueryResult MysqlConnection::query(std::string_view sql) {
  MYSQL* m = handle();
  const MysqlApi& a = *api_;
  if (a.mysql_real_query(m, sql.data(), sql.size()) != 0) throw last_error();
  QueryResult r;
  if (MYSQL_RES* res = a.mysql_store_result(m)) {
    MyResultGuard guard{a, res};
    r.kind = QueryKind::kRead;
    r.rows = a.mysql_num_rows(res);
  } else if (a.mysql_field_count(m) == 0) {
    const my_ulonglong n = a.mysql_affected_rows(m);
    if (n != static_cast<my_ulonglong>(-1) && n > 0) {
      r.kind = QueryKind::kWrite;
      r.rows = n;
    }
  } else {
    throw last_error();  // a result set was due but could not be read
  }
  return r;
}

Rows MysqlConnection::query_rows(std::string_view sql) {
  MYSQL* m = handle();
  const MysqlApi& a = *api_;
  if (a.mysql_real_query(m, sql.data(), sql.size()) != 0) throw last_error();
  Rows out;
  MYSQL_RES* res = a.mysql_store_result(m);
  if (res == nullptr) {
    if (a.mysql_field_count(m) != 0) throw last_error();
    const my_ulonglong n = a.mysql_affected_rows(m);
    if (n != static_cast<my_ulonglong>(-1) && n > 0) out.result = {QueryKind::kWrite, n};
    return out;
  }
  MyResultGuard guard{a, res};
  out.result = {QueryKind::kRead, a.mysql_num_rows(res)};
  out.columns = a.mysql_num_fields(res);
  out.rows.reserve(out.result.rows);
  while (MYSQL_ROW row = a.mysql_fetch_row(res)) {
    const unsigned long* lengths = a.mysql_fetch_lengths(res);
    RowValues& values = out.rows.emplace_back(out.columns);
    for (std::size_t i = 0; i < out.columns; ++i) {
      if (row[i] != nullptr) values[i].emplace(row[i], lengths[i]);
    }
  }
  return out;
}

std::unique_ptr<Statement> MysqlConnection::prepare(std::string_view sql, std::size_t param_count) {
  if (options_.server_prepared) return make_mysql_server_statement(*this, sql, param_count);
  return make_mysql_client_statement(*this, sql, param_count);
}

void MysqlConnection::install_local_rows() {
  api_->mysql_set_local_infile_handler(mysql_, &LocalRows::init, &LocalRows::read, &LocalRows::end,
                                       &LocalRows::error, &local_rows_);
}

bool MysqlConnection::can_copy_rows() {
  if (!local_infile_) {
    // The client side is enabled in open(); the server's switch decides.
    const MysqlApi& a = *api_;
    MYSQL* m = handle();
    static constexpr std::string_view kAsk = "SELECT @@GLOBAL.local_infile";
    if (a.mysql_real_query(m, kAsk.data(), kAsk.size()) != 0) throw last_error();
    MYSQL_RES* res = a.mysql_store_result(m);
    if (res == nullptr) throw last_error();
    MyResultGuard guard{a, res};
    MYSQL_ROW row = a.mysql_fetch_row(res);
    local_infile_ = row != nullptr && row[0] != nullptr && std::string_view(row[0]) == "1";
  }
  return *local_infile_;
}

void MysqlConnection::copy_rows(std::string_view table, std::string_view columns,
                                std::string_view rows) {
  const std::string sql = fmt::format(
      "LOAD DATA LOCAL INFILE '{}' INTO TABLE {} FIELDS TERMINATED BY '\\t' "
      "LINES TERMINATED BY '\\n' ({})",
      LocalRows::kName, table, columns);
  local_rows_.arm(rows);
  try {
    query(sql);
  } catch (...) {
    local_rows_.disarm();
    throw;
  }
  local_rows_.disarm();
  // LOCAL turns a row the table refuses (duplicate key, bad value) into a warning and goes on:
  // a load with warnings did not load the rows it was given.
  if (const unsigned warnings = api_->mysql_warning_count(handle()); warnings > 0) {
    throw DbError(run_error(target_, fmt::format("LOAD DATA into {}: {} row(s) skipped or changed "
                                                 "(warnings)",
                                                 table, warnings)),
                  "", false, false);
  }
}

void MysqlConnection::reconnect() {
  ++generation_;
  if (mysql_ != nullptr) api_->mysql_close(mysql_);
  mysql_ = nullptr;
  mysql_ = open();
  install_local_rows();
}

std::string MysqlConnection::server_version() {
  const char* v = api_->mysql_get_server_info(handle());
  return v != nullptr ? v : "";
}

std::vector<std::pair<std::string, std::string>> MysqlConnection::server_settings() {
  MYSQL* m = handle();
  const MysqlApi& a = *api_;
  const std::string_view sql =
      "SHOW VARIABLES WHERE Variable_name IN ('innodb_buffer_pool_size', "
      "'innodb_flush_log_at_trx_commit', 'sync_binlog', 'transaction_isolation', "
      "'tx_isolation')";
  if (a.mysql_real_query(m, sql.data(), sql.size()) != 0) throw last_error();
  MYSQL_RES* res = a.mysql_store_result(m);
  if (res == nullptr) throw last_error();
  MyResultGuard guard{a, res};
  std::map<std::string, std::string, std::less<>> found;
  while (MYSQL_ROW row = a.mysql_fetch_row(res)) {
    if (row[0] != nullptr && row[1] != nullptr) found[row[0]] = row[1];
  }
  // MariaDB before 11.1 names the isolation level tx_isolation only.
  if (!found.contains("transaction_isolation") && found.contains("tx_isolation")) {
    found["transaction_isolation"] = found["tx_isolation"];
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (const char* name : {"innodb_buffer_pool_size", "innodb_flush_log_at_trx_commit",
                           "sync_binlog", "transaction_isolation"}) {
    if (auto it = found.find(name); it != found.end()) out.emplace_back(name, it->second);
  }
  return out;
}

}  // namespace hostmark::db
