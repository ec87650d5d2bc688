#pragma once
// sysbench 1.0.20's SQL API for Lua scripts over hostmark's database drivers (db/db_driver.h):
// the legacy globals db_connect(), db_disconnect() and db_query(sql), which use the state's
// own connection (made on first use), count each statement as a read, write or other in the
// shared counters, and restart the event ({errcode = sysbench.error.RESTART_EVENT}) on an
// error the --*-ignore-errors options name; the legacy prepared statements (db_prepare() ...
// db_close()); and sysbench.sql's object API (workloads/sysbench_lua_sql_objects.cc) with its
// result sets (workloads/sysbench_lua_rows.h).
struct lua_State;

namespace hostmark {

class LuaScriptState;

void register_sysbench_sql(lua_State* L, LuaScriptState& state);

}  // namespace hostmark
