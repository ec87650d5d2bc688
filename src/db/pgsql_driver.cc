// The PostgreSQL driver: libpq.so.5 loaded at run time (db/pgsql_api.h), one PgsqlConnection
// per worker thread (db/pgsql_connection.h).
#include <fmt/format.h>

#include <array>
#include <cstdlib>
#include <string>
#include <utility>

#include "db/db_driver.h"
#include "db/pgsql_api.h"
#include "db/pgsql_connection.h"

namespace hostmark::db {

namespace {

constexpr std::array<std::string_view, 6> kSslModes = {"disable", "allow",     "prefer",
                                                       "require", "verify-ca", "verify-full"};

Status check_sslmode(const std::string& mode) {
  if (mode.empty()) return Ok{};  // libpq's default: PGSSLMODE, else prefer
  for (const auto m : kSslModes) {
    if (mode == m) return Ok{};
  }
  return usage_error("--pgsql-sslmode",
                     fmt::format("'{}' is not one of disable, allow, prefer, require, verify-ca, "
                                 "verify-full",
                                 mode));
}

std::string env_or(const char* name, std::string fallback) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != '\0' ? std::string(v) : std::move(fallback);
}

// "pgsql 127.0.0.1:5432", "pgsql /var/run/postgresql:5432": where libpq will connect, with its
// defaults (PGHOST, PGPORT, Debian's socket directory) filled in.
std::string pgsql_target(const ConnectOptions& o) {
  const std::string host = o.host.empty() ? env_or("PGHOST", "/var/run/postgresql") : o.host;
  const std::string port = o.port == 0 ? env_or("PGPORT", "5432") : std::to_string(o.port);
  return fmt::format("pgsql {}:{}", host, port);
}

class PgsqlDriver : public Driver {
 public:
  PgsqlDriver(std::shared_ptr<const PgsqlApi> api, ConnectOptions options)
      : api_(std::move(api)), options_(std::move(options)), target_(pgsql_target(options_)) {}

  DriverKind kind() const override { return DriverKind::kPgsql; }
  std::string_view name() const override { return "pgsql"; }
  std::string target() const override { return target_; }
  std::unique_ptr<Connection> connect() const override {
    return std::make_unique<PgsqlConnection>(api_, options_, target_);
  }

 private:
  std::shared_ptr<const PgsqlApi> api_;
  ConnectOptions options_;
  std::string target_;
};

}  // namespace

Expected<std::unique_ptr<Driver>> make_pgsql_driver(const ConnectOptions& options) {
  if (const auto ok = check_sslmode(options.ssl); !ok) return ok.error();
  auto api = load_pgsql_api();
  if (!api) return api.error();
  return std::unique_ptr<Driver>(std::make_unique<PgsqlDriver>(std::move(api).value(), options));
}

}  // namespace hostmark::db
