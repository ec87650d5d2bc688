// Placeholder until the mysql driver is written.
#include "db/db_driver.h"

namespace hostmark::db {

Expected<std::unique_ptr<Driver>> make_mysql_driver(const ConnectOptions&) {
  return run_error("--db-driver=mysql", "not built yet");
}

}  // namespace hostmark::db
