// The pgsql driver's statements: server-side prepared (PQprepare once, PQexecPrepared with the
// parameters as text), or client-side (--db-ps-mode=disable: the text with its parameters
// escaped in, run as a query).
#include <fmt/format.h>

#include <charconv>
#include <utility>
#include <variant>
#include <vector>

#include "db/pgsql_connection.h"
#include "db/sql_text.h"

namespace hostmark::db {

namespace {

DbError pg_wrong_param_count(const PgsqlConnection& c, std::size_t got, std::size_t want) {
  return DbError(
      run_error(c.target(), fmt::format("statement given {} parameters, it has {}", got, want)),
      "08P01", false, false);  // protocol_violation, as the server would say
}

class PgServerStatement : public Statement {
 public:
  PgServerStatement(PgsqlConnection& connection, std::string_view sql, std::size_t param_count)
      : connection_(&connection),
        generation_(connection.generation()),
        name_(connection.next_statement_name()),
        text_(param_count),
        values_(param_count) {
    const SqlTemplate t = parse_placeholders(sql, SqlDialect::kPgsql);
    if (t.placeholders() != param_count) {
      throw pg_wrong_param_count(connection, param_count, t.placeholders());
    }
    const std::string numbered = number_placeholders(t);
    connection.consume(connection.api().PQprepare(connection.handle(), name_.c_str(),
                                                  numbered.c_str(), static_cast<int>(param_count),
                                                  nullptr));
  }

  QueryResult execute(std::span<const Param> params) override {
    return connection_->consume(run(params));
  }
  Rows execute_rows(std::span<const Param> params) override {
    return connection_->consume_rows(run(params));
  }

 private:
  // Checks `params` and executes the statement with them; the caller consumes the result.
  PGresult* run(std::span<const Param> params) {
    if (connection_->generation() != generation_) {
      throw connection_->error("26000", "statement prepared before reconnect(): prepare it again");
    }
    if (params.size() != text_.size()) {
      throw pg_wrong_param_count(*connection_, params.size(), text_.size());
    }
    for (std::size_t i = 0; i < params.size(); ++i) {
      std::string& t = text_[i];
      if (const auto* v = std::get_if<std::int64_t>(&params[i])) {
        char buf[24];
        const auto r = std::to_chars(buf, buf + sizeof buf, *v);
        t.assign(buf, r.ptr);
      } else {
        t.assign(std::get<std::string_view>(params[i]));
      }
      values_[i] = t.c_str();
    }
    PGconn* c = connection_->handle();
    return connection_->api().PQexecPrepared(c, name_.c_str(), static_cast<int>(values_.size()),
                                             values_.data(), nullptr, nullptr, 0);
  }

  PgsqlConnection* connection_;
  unsigned generation_;
  std::string name_;
  std::vector<std::string> text_;    // each parameter as text, NUL-terminated
  std::vector<const char*> values_;  // text_[i].c_str()
};

class PgClientStatement : public Statement {
 public:
  PgClientStatement(PgsqlConnection& connection, std::string_view sql, std::size_t param_count)
      : connection_(&connection), sql_(parse_placeholders(sql, SqlDialect::kPgsql)) {
    if (sql_.placeholders() != param_count) {
      throw pg_wrong_param_count(connection, param_count, sql_.placeholders());
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
      throw pg_wrong_param_count(*connection_, params.size(), sql_.placeholders());
    }
    return substitute_params(
        sql_, params, [this](std::string_view v, std::string& out) { connection_->quote(v, out); });
  }

  PgsqlConnection* connection_;
  SqlTemplate sql_;
};

}  // namespace

std::unique_ptr<Statement> make_pgsql_server_statement(PgsqlConnection& connection,
                                                       std::string_view sql,
                                                       std::size_t param_count) {
  return std::make_unique<PgServerStatement>(connection, sql, param_count);
}

std::unique_ptr<Statement> make_pgsql_client_statement(PgsqlConnection& connection,
                                                       std::string_view sql,
                                                       std::size_t param_count) {
  return std::make_unique<PgClientStatement>(connection, sql, param_count);
}

}  // namespace hostmark::db
