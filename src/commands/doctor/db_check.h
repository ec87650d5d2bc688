#pragma once
// The OLTP probe of `hostmark doctor --db URL`: a short `hostmark db` run (one small sbtest
// table, one client thread, no warm-up) through commands/db_run.h, judged by assess_db().
#include <cstdint>
#include <memory>
#include <vector>

#include "commands/doctor/check.h"
#include "db/db_driver.h"

namespace hostmark::doctor {

// Read-write transactions per second below which the database is a warning (one client, one
// 1000-row table: every transaction is a few index lookups and one commit), and the point
// select p95 above which it is.
inline constexpr double kDbReadWriteWarnTps = 50;
inline constexpr double kDbPointSelectWarnP95Us = 5000;

// From the phases of measure_db ("read-write", "read-only", "point-select").
Finding assess_db(const std::vector<Phase>& phases, const std::string& target);

std::unique_ptr<Check> make_db_check(db::ConnectOptions connect, std::uint64_t phase_ns);

}  // namespace hostmark::doctor
