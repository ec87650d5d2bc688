// Placeholder until the sqlite driver is written.
#include "db/db_driver.h"

namespace hostmark::db {

Expected<std::unique_ptr<Driver>> make_sqlite_driver(const ConnectOptions&) {
  return run_error("--db-driver=sqlite", "not built yet");
}

}  // namespace hostmark::db
