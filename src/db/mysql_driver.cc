// The MariaDB/MySQL driver: libmariadb.so.3 loaded at run time (db/mysql_api.h), one
// MysqlConnection per worker thread (db/mysql_connection.h).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "db/db_driver.h"
#include "db/mysql_api.h"
#include "db/mysql_connection.h"

namespace hostmark::db {

namespace {

constexpr unsigned kDefaultPort = 3306;

// --mysql-ssl: sysbench 1.0.20's on/off and the later DISABLED/PREFERRED/REQUIRED/VERIFY_CA/
// VERIFY_IDENTITY (libmariadb verifies the CA and the host name together).
Expected<MysqlSsl> parse_mysql_ssl(std::string value) {
  std::transform(value.begin(), value.end(), value.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (value.empty() || value == "off" || value == "disabled" || value == "0") return MysqlSsl::kOff;
  if (value == "on" || value == "preferred" || value == "1") return MysqlSsl::kPreferred;
  if (value == "required") return MysqlSsl::kRequired;
  if (value == "verify_ca" || value == "verify_identity") return MysqlSsl::kVerify;
  return usage_error("--mysql-ssl",
                     fmt::format("'{}' is not one of off, on, DISABLED, PREFERRED, REQUIRED, "
                                 "VERIFY_CA, VERIFY_IDENTITY",
                                 value));
}

// "mysql 127.0.0.1:3306", "mysql /run/mysqld/mysqld.sock", "mysql localhost" (libmariadb's
// default socket): where libmariadb will connect, as it decides it.
std::string mysql_target(const ConnectOptions& o) {
  const bool local = o.host.empty() || o.host == "localhost";
  if (local) return o.socket.empty() ? "mysql localhost" : "mysql " + o.socket;
  return fmt::format("mysql {}:{}", o.host, o.port == 0 ? kDefaultPort : o.port);
}

class MysqlDriver : public Driver {
 public:
  MysqlDriver(std::shared_ptr<const MysqlApi> api, ConnectOptions options, MysqlSsl ssl)
      : api_(std::move(api)),
        options_(std::move(options)),
        ssl_(ssl),
        target_(mysql_target(options_)) {}

  DriverKind kind() const override { return DriverKind::kMysql; }
  std::string_view name() const override { return "mysql"; }
  std::string target() const override { return target_; }
  std::unique_ptr<Connection> connect() const override {
    return std::make_unique<MysqlConnection>(api_, options_, ssl_, target_);
  }

 private:
  std::shared_ptr<const MysqlApi> api_;
  ConnectOptions options_;
  MysqlSsl ssl_;
  std::string target_;
};

}  // namespace

Expected<std::unique_ptr<Driver>> make_mysql_driver(const ConnectOptions& options) {
  const auto ssl = parse_mysql_ssl(options.ssl);
  if (!ssl) return ssl.error();
  auto api = load_mysql_api();
  if (!api) return api.error();
  return std::unique_ptr<Driver>(
      std::make_unique<MysqlDriver>(std::move(api).value(), options, *ssl));
}

}  // namespace hostmark::db
