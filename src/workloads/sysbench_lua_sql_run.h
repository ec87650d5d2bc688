#pragma once
// Running one statement for the sysbench SQL API (workloads/sysbench_lua_sql.cc defines these;
// workloads/sysbench_lua_rows.cc uses them too): the state's connection made on first use,
// each statement counted as a read, write or other, and sysbench's handling of errors.
#include <functional>

#include "db/db_driver.h"

struct lua_State;

namespace hostmark {

class LuaScriptState;

// Connects (when not connected yet) and sets the global db_driver, as sysbench's db_connect.
// Returns false with the message on the stack's top when it failed.
bool lua_sql_connect(lua_State* L, LuaScriptState& state);

// Runs `run` (one statement: returns its result) on the state's connection after ending the
// pending result set (sysbench frees it before each statement), and counts it. Raises {errcode
// = RESTART_EVENT} on an ignorable error, "<what> failed" on another; returns 0 otherwise.
int lua_sql_run(lua_State* L, LuaScriptState& state, const char* what,
                const std::function<db::QueryResult(db::Connection&)>& run);

// Executes the legacy statement at argument 1 (db_prepare()'s) with the table db_bind_param()
// bound. keep_rows: its rows become the result set and a boolean (one is pending) is returned
// (sysbench.sql's stmt:execute()); else sysbench's legacy result (sysbench.rs) is returned.
int lua_sql_execute(lua_State* L, bool keep_rows);

}  // namespace hostmark
