// Placeholder until the pgsql driver is written.
#include "db/db_driver.h"

namespace hostmark::db {

Expected<std::unique_ptr<Driver>> make_pgsql_driver(const ConnectOptions&) {
  return run_error("--db-driver=pgsql", "not built yet");
}

}  // namespace hostmark::db
