#pragma once
// One PostgreSQL connection (libpq through PgsqlApi), used by the pgsql driver
// (db/pgsql_driver.cc) and its statements (db/pgsql_statement.cc). Not thread-safe: one per
// worker thread.
#include <memory>
#include <string>
#include <string_view>

#include "db/db_driver.h"
#include "db/pgsql_api.h"

namespace hostmark::db {

class PgsqlConnection : public Connection {
 public:
  // Connects; throws DbError "<target>: <libpq's message>" with code 08001 (never
  // connection_lost). The password goes to libpq only; when empty, libpq's own sources
  // (PGPASSWORD, ~/.pgpass) apply.
  PgsqlConnection(std::shared_ptr<const PgsqlApi> api, const ConnectOptions& options,
                  std::string target);
  ~PgsqlConnection() override;
  PgsqlConnection(const PgsqlConnection&) = delete;
  PgsqlConnection& operator=(const PgsqlConnection&) = delete;

  QueryResult query(std::string_view sql) override;
  Rows query_rows(std::string_view sql) override;
  std::unique_ptr<Statement> prepare(std::string_view sql, std::size_t param_count) override;
  bool can_copy_rows() override { return true; }
  void copy_rows(std::string_view table, std::string_view columns, std::string_view rows) override;
  void reconnect() override;
  std::string server_version() override;
  std::vector<std::pair<std::string, std::string>> server_settings() override;

  // For the statements.
  const PgsqlApi& api() const { return *api_; }
  const std::string& target() const { return target_; }
  // The live handle; throws DbError (connection_lost) after a failed reconnect().
  PGconn* handle() const;
  unsigned generation() const { return generation_; }
  // A new statement name ("hm_1", "hm_2", ...), unique on this connection.
  std::string next_statement_name() { return "hm_" + std::to_string(++statements_); }
  // Classifies `res` (taking ownership: it is cleared) or throws its DbError.
  QueryResult consume(PGresult* res) const;
  // As consume(), keeping a result set's rows.
  Rows consume_rows(PGresult* res) const;
  // A DbError with `code` and `message` (ignorable from the list; connection_lost from the
  // code and the connection's state).
  DbError error(std::string code, std::string_view message) const;
  // Appends `value` as a quoted string literal escaped for this connection.
  void quote(std::string_view value, std::string& out) const;

 private:
  PGconn* open() const;

  std::shared_ptr<const PgsqlApi> api_;
  ConnectOptions options_;
  std::string target_;
  PGconn* conn_ = nullptr;
  unsigned generation_ = 0;
  unsigned statements_ = 0;
};

// Server-side prepared (PQprepare/PQexecPrepared, '?' numbered $1..$n, parameters as text), or
// with --db-ps-mode=disable the text with its parameters escaped in (db/pgsql_statement.cc).
std::unique_ptr<Statement> make_pgsql_server_statement(PgsqlConnection& connection,
                                                       std::string_view sql,
                                                       std::size_t param_count);
std::unique_ptr<Statement> make_pgsql_client_statement(PgsqlConnection& connection,
                                                       std::string_view sql,
                                                       std::size_t param_count);

}  // namespace hostmark::db
