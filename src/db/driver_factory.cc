#include "db/db_driver.h"

namespace hostmark::db {

Expected<std::unique_ptr<Driver>> make_driver(const ConnectOptions& options) {
  if (options.dry_run) return make_dry_run_driver(options);
  switch (options.kind) {
    case DriverKind::kSqlite: return make_sqlite_driver(options);
    case DriverKind::kMysql: return make_mysql_driver(options);
    case DriverKind::kPgsql: return make_pgsql_driver(options);
  }
  return run_error("--db-driver", "unknown driver");
}

}  // namespace hostmark::db
