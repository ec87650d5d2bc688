#pragma once
// The OLTP entries of `hostmark sysbench`'s test table (oltp_read_write ... bulk_insert):
// sysbench 1.0.20's script options, its database options (--db-driver, --mysql-*, --pgsql-*,
// plus hostmark's --sqlite-db and --pgsql-ignore-errors; hostmark's default driver is sqlite),
// the prepare/cleanup commands, the "SQL statistics" metrics and the interval line
// "[ 1s ] thds: 2 tps: .. qps: .. (r/w/o: ../../..) lat (ms,95%): .. err/s: .. reconn/s: ..".
#include <memory>
#include <span>

#include "commands/sysbench_tests.h"
#include "db/db_driver.h"
#include "workloads/oltp.h"

namespace hostmark {

// The eleven tests, in sysbench's order of scripts.
std::span<const SysbenchTest> sysbench_oltp_tests();

// What the options say (usage errors name the option). Exposed for tests.
OltpSpec oltp_spec_from(OltpKind kind, const SbArgs& a, std::span<const SbOptionGroup> g);
db::ConnectOptions connect_options_from(const SbArgs& a, std::span<const SbOptionGroup> g);
// The driver the database options name (--db-debug prints its target), for Lua scripts' SQL.
std::unique_ptr<db::Driver> sysbench_db_driver(const SbArgs& a, std::span<const SbOptionGroup> g);

}  // namespace hostmark
