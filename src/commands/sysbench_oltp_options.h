#pragma once
// The options each OLTP test of `hostmark sysbench` accepts: its script's, then the database
// options (commands/sysbench_oltp_options.cc).
#include <span>

#include "cli/sysbench_args.h"
#include "workloads/oltp.h"

namespace hostmark {

std::span<const SbOptionDef> oltp_options(OltpKind kind);
// The database options alone (--db-driver, --mysql-*, --pgsql-*, --sqlite-*): what sysbench
// accepts for every Lua script.
std::span<const SbOptionDef> database_options();

}  // namespace hostmark
