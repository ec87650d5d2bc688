// The mysql driver's statements: server-side prepared (mysql_stmt_*, parameters bound once and
// updated in place), or client-side (--db-ps-mode=disable: the text with its parameters
// escaped in, run as a query).
#include <fmt/format.h>

#include <utility>
#include <variant>
#include <vector>

#include "db/mysql_connection.h"
#include "db/sql_text.h"

namespace hostmark::db {

namespace {

DbError wrong_param_count(const std::string& target, std::size_t got, std::size_t want) {
  return DbError(
      run_error(target, fmt::format("statement given {} parameters, it has {}", got, want)), "2031",
      false, false);  // CR_PARAMS_NOT_BOUND
}

class MyServerStatement : public Statement {
 public:
  MyServerStatement(MysqlConnection& connection, std::string_view sql, std::size_t param_count)
      : connection_(&connection),
        api_(connection.shared_api()),
        generation_(connection.generation()),
        binds_(param_count),
        ints_(param_count),
        strings_(param_count),
        lengths_(param_count) {
    const MysqlApi& a = *api_;
    MYSQL* m = connection.handle();
    stmt_ = a.mysql_stmt_init(m);
    if (stmt_ == nullptr) throw connection.last_error();
    if (a.mysql_stmt_prepare(stmt_, sql.data(), sql.size()) != 0) {
      DbError e = stmt_error();
      a.mysql_stmt_close(stmt_);
      throw e;
    }
    const unsigned long have = a.mysql_stmt_param_count(stmt_);
    if (have != param_count) {
      a.mysql_stmt_close(stmt_);
      throw wrong_param_count(connection_->target(), param_count, have);
    }
  }
  ~MyServerStatement() override { api_->mysql_stmt_close(stmt_); }
  MyServerStatement(const MyServerStatement&) = delete;
  MyServerStatement& operator=(const MyServerStatement&) = delete;

  QueryResult execute(std::span<const Param> params) override {
    const MysqlApi& a = *api_;
    run(params);
    QueryResult r;
    if (a.mysql_stmt_field_count(stmt_) > 0) {
      // A result set (a read, even when empty): stored whole and counted, as sysbench does.
      store();
      r.kind = QueryKind::kRead;
      r.rows = a.mysql_stmt_num_rows(stmt_);
      a.mysql_stmt_free_result(stmt_);
      return r;
    }
    return affected();
  }

  Rows execute_rows(std::span<const Param> params) override {
    const MysqlApi& a = *api_;
    run(params);
    Rows out;
    out.columns = a.mysql_stmt_field_count(stmt_);
    if (out.columns == 0) {
      out.result = affected();
      return out;
    }
    store();
    out.result = {QueryKind::kRead, a.mysql_stmt_num_rows(stmt_)};
    try {
      fetch_all(out);
    } catch (...) {
      a.mysql_stmt_free_result(stmt_);
      throw;
    }
    a.mysql_stmt_free_result(stmt_);
    return out;
  }

 private:
  // Checks and binds `params` and executes the statement.
  void run(std::span<const Param> params) {
    const MysqlApi& a = *api_;
    if (connection_->generation() != generation_) {
      throw connection_->error(2056, "statement prepared before reconnect(): prepare it again");
    }
    if (params.size() != binds_.size()) {
      throw wrong_param_count(connection_->target(), params.size(), binds_.size());
    }
    bool rebind = !bound_;
    for (std::size_t i = 0; i < params.size(); ++i) rebind |= set_param(i, params[i]);
    if (rebind) {
      if (a.mysql_stmt_bind_param(stmt_, binds_.data()) != 0) throw stmt_error();
      bound_ = true;
    }
    if (a.mysql_stmt_execute(stmt_) != 0) throw stmt_error();
  }

  // Reads the executed statement's whole result set to the client.
  void store() {
    const MysqlApi& a = *api_;
    if (a.mysql_stmt_store_result(stmt_) != 0) {
      DbError e = stmt_error();
      a.mysql_stmt_free_result(stmt_);
      throw e;
    }
  }

  // An executed statement without a result set: a write when it changed rows.
  QueryResult affected() const {
    QueryResult r;
    const my_ulonglong n = api_->mysql_stmt_affected_rows(stmt_);
    if (n != static_cast<my_ulonglong>(-1) && n > 0) {
      r.kind = QueryKind::kWrite;
      r.rows = n;
    }
    return r;
  }

  // Fetches the stored result set's rows as text (libmariadb converts every type to a
  // string); a value longer than its buffer is fetched again whole.
  void fetch_all(Rows& out) {
    constexpr std::size_t kBuffer = 256;
    const MysqlApi& a = *api_;
    const std::size_t n = out.columns;
    std::vector<MYSQL_BIND> binds(n);  // only read by mysql_stmt_fetch() below
    std::vector<std::string> buffers(n, std::string(kBuffer, '\0'));
    std::vector<unsigned long> lengths(n);
    std::vector<my_bool> nulls(n);
    std::vector<my_bool> truncated(n);
    for (std::size_t i = 0; i < n; ++i) {
      binds[i].buffer_type = MYSQL_TYPE_STRING;
      binds[i].buffer = buffers[i].data();
      binds[i].buffer_length = kBuffer;
      binds[i].length = &lengths[i];
      binds[i].is_null = &nulls[i];
      binds[i].error = &truncated[i];
    }
    if (a.mysql_stmt_bind_result(stmt_, binds.data()) != 0) throw stmt_error();
    out.rows.reserve(out.result.rows);
    for (;;) {
      const int rc = a.mysql_stmt_fetch(stmt_);
      if (rc == MYSQL_NO_DATA) break;
      if (rc != 0 && rc != MYSQL_DATA_TRUNCATED) throw stmt_error();
      RowValues& values = out.rows.emplace_back(n);
      for (std::size_t i = 0; i < n; ++i) {
        if (nulls[i] != 0) continue;
        std::string& v = values[i].emplace();
        if (lengths[i] <= kBuffer) {
          v.assign(buffers[i].data(), lengths[i]);
          continue;
        }
        v.resize(lengths[i]);
        unsigned long length = 0;
        MYSQL_BIND whole{};
        whole.buffer_type = MYSQL_TYPE_STRING;
        whole.buffer = v.data();
        whole.buffer_length = lengths[i];
        whole.length = &length;
        if (a.mysql_stmt_fetch_column(stmt_, &whole, static_cast<unsigned>(i), 0) != 0)
          throw stmt_error();
      }
    }
  }

  // Puts parameter `i` in its buffer; true when the bind itself changed (type or address).
  bool set_param(std::size_t i, const Param& p) {
    MYSQL_BIND& b = binds_[i];
    void* buffer = nullptr;
    enum_field_types type{};
    if (const auto* v = std::get_if<std::int64_t>(&p)) {
      ints_[i] = *v;
      buffer = &ints_[i];
      type = MYSQL_TYPE_LONGLONG;
    } else {
      const std::string_view s = std::get<std::string_view>(p);
      strings_[i].assign(s.data(), s.size());
      lengths_[i] = s.size();
      buffer = strings_[i].data();
      type = MYSQL_TYPE_STRING;
    }
    if (b.buffer == buffer && b.buffer_type == type) return false;
    b.buffer = buffer;
    b.buffer_type = type;
    b.length = type == MYSQL_TYPE_STRING ? &lengths_[i] : nullptr;
    return true;
  }

  DbError stmt_error() const {
    return connection_->error(api_->mysql_stmt_errno(stmt_), api_->mysql_stmt_error(stmt_));
  }

  MysqlConnection* connection_;
  std::shared_ptr<const MysqlApi> api_;  // outlives the connection if need be (stmt_close)
  unsigned generation_;
  MYSQL_STMT* stmt_ = nullptr;
  bool bound_ = false;
  std::vector<MYSQL_BIND> binds_;
  std::vector<long long> ints_;
  std::vector<std::string> strings_;
  std::vector<unsigned long> lengths_;
};

class MyClientStatement : public Statement {
 public:
  MyClientStatement(MysqlConnection& connection, std::string_view sql, std::size_t param_count)
      : connection_(&connection), sql_(parse_placeholders(sql)) {
    if (sql_.placeholders() != param_count) {
      throw wrong_param_count(connection.target(), param_count, sql_.placeholders());
    }
  }

  QueryResult execute(std::span<const Param> params) override {
    return connection_->query(text(params));
  }
  Rows execute_rows(std::span<const Param> params) override {
    return connection_->query_rows(text(params));
  }

 private:
  // The statement's text with `params` escaped in.
  std::string text(std::span<const Param> params) const {
    if (params.size() != sql_.placeholders()) {
      throw wrong_param_count(connection_->target(), params.size(), sql_.placeholders());
    }
    return substitute_params(
        sql_, params, [this](std::string_view v, std::string& out) { connection_->quote(v, out); });
  }

  MysqlConnection* connection_;
  SqlTemplate sql_;
};

}  // namespace

std::unique_ptr<Statement> make_mysql_server_statement(MysqlConnection& connection,
                                                       std::string_view sql,
                                                       std::size_t param_count) {
  return std::make_unique<MyServerStatement>(connection, sql, param_count);
}

std::unique_ptr<Statement> make_mysql_client_statement(MysqlConnection& connection,
                                                       std::string_view sql,
                                                       std::size_t param_count) {
  return std::make_unique<MyClientStatement>(connection, sql, param_count);
}

}  // namespace hostmark::db
