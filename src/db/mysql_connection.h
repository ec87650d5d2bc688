#pragma once
// One MariaDB/MySQL connection (libmariadb through MysqlApi), used by the mysql driver
// (db/mysql_driver.cc) and its statements (db/mysql_statement.cc). Not thread-safe: one per
// worker thread.
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "db/db_driver.h"
#include "db/mysql_api.h"
#include "db/mysql_local_rows.h"

namespace hostmark::db {

// --mysql-ssl: what TLS the connection asks for.
enum class MysqlSsl { kOff, kPreferred, kRequired, kVerify };

class MysqlConnection : public Connection {
 public:
  // Connects; throws DbError "<target>: <libmariadb's message>" (never connection_lost).
  MysqlConnection(std::shared_ptr<const MysqlApi> api, const ConnectOptions& options, MysqlSsl ssl,
                  std::string target);
  ~MysqlConnection() override;
  MysqlConnection(const MysqlConnection&) = delete;
  MysqlConnection& operator=(const MysqlConnection&) = delete;

  QueryResult query(std::string_view sql) override;
  Rows query_rows(std::string_view sql) override;
  std::unique_ptr<Statement> prepare(std::string_view sql, std::size_t param_count) override;
  bool can_copy_rows() override;
  void copy_rows(std::string_view table, std::string_view columns, std::string_view rows) override;
  void reconnect() override;
  std::string server_version() override;
  std::vector<std::pair<std::string, std::string>> server_settings() override;

  // For the statements.
  const std::string& target() const { return target_; }
  const MysqlApi& api() const { return *api_; }
  const std::shared_ptr<const MysqlApi>& shared_api() const { return api_; }
  // The live handle; throws DbError (connection_lost) after a failed reconnect().
  MYSQL* handle() const;
  // Counts reconnect()s: a statement prepared under another value is stale.
  unsigned generation() const { return generation_; }
  // A DbError for `code` and `message` (ignorable / connection_lost from the code).
  DbError error(unsigned code, const char* message) const;
  // The connection's last error.
  DbError last_error() const;
  // Appends `value` as a quoted string literal escaped for this connection's character set.
  void quote(std::string_view value, std::string& out) const;

 private:
  MYSQL* open() const;
  // Routes the handle's LOAD DATA LOCAL requests to local_rows_ (after every open()).
  void install_local_rows();

  std::shared_ptr<const MysqlApi> api_;
  ConnectOptions options_;
  MysqlSsl ssl_;
  std::string target_;
  MYSQL* mysql_ = nullptr;
  unsigned generation_ = 0;
  LocalRows local_rows_;              // copy_rows()' data, served by the local infile handler
  std::optional<bool> local_infile_;  // the server's @@local_infile, once asked
};

// The error numbers that mean the connection is gone (reconnect() may help): 2006 server gone,
// 2013 lost, 2055 lost (extended), 1927 connection killed, 1053 server shutdown, 4031
// disconnected by the server (MySQL 8).
bool mysql_connection_lost(unsigned code);

// A server-side prepared statement (mysql_stmt_*), or with --db-ps-mode=disable the statement
// text with its parameters escaped in (db/mysql_statement.cc). Throws DbError.
std::unique_ptr<Statement> make_mysql_server_statement(MysqlConnection& connection,
                                                       std::string_view sql,
                                                       std::size_t param_count);
std::unique_ptr<Statement> make_mysql_client_statement(MysqlConnection& connection,
                                                       std::string_view sql,
                                                       std::size_t param_count);

}  // namespace hostmark::db
