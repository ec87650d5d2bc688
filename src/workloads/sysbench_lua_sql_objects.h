#pragma once
// The Lua side of sysbench 1.0.20's object SQL API (its sysbench.sql.lua): sysbench.sql.driver(),
// connections, prepared statements with their binds, and result sets. A chunk run once per
// Lua state after the legacy db_* globals are set, with two arguments: the driver-name
// function and the result-set functions (workloads/sysbench_lua_rows.h).
#include <string_view>

namespace hostmark {

std::string_view sysbench_sql_objects_lua();

}  // namespace hostmark
