#include "workloads/sysbench_lua_sql.h"

#include <cstdio>
#include <lua.hpp>
#include <string>

#include "db/db_driver.h"
#include "workloads/sysbench_lua_state.h"

namespace hostmark {
namespace {

constexpr lua_Number kRestartEvent = 1;  // sysbench.error.RESTART_EVENT

LuaScriptState& sql_state_of(lua_State* L) {
  return *static_cast<LuaScriptState*>(lua_touserdata(L, lua_upvalueindex(1)));
}

// Raises {errcode = RESTART_EVENT}: the event runs again (never returns).
int raise_restart(lua_State* L) {
  lua_createtable(L, 0, 1);
  lua_pushnumber(L, kRestartEvent);
  lua_setfield(L, -2, "errcode");
  return lua_error(L);
}

void count(LuaSharedCounters& shared, const db::QueryResult& r) {
  switch (r.kind) {
    case db::QueryKind::kRead: ++shared.sql_reads; break;
    case db::QueryKind::kWrite: ++shared.sql_writes; break;
    case db::QueryKind::kOther: ++shared.sql_others; break;
  }
}

// Connects (when not connected yet) and sets the global db_driver, as sysbench's db_connect.
// Returns false with the message on the stack's top when it failed.
bool connect_state(lua_State* L, LuaScriptState& state) {
  try {
    const db::Driver& driver = state.shared().sql_driver();
    const std::string name(driver.name());
    lua_pushlstring(L, name.data(), name.size());
    lua_setglobal(L, "db_driver");
    state.sql_connection();
    return true;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FATAL: %s\n", e.what());
    lua_pushstring(L, "Failed to connect to the database");
    return false;
  }
}

int db_connect(lua_State* L) {
  if (!connect_state(L, sql_state_of(L))) return lua_error(L);
  return 0;
}

int db_disconnect(lua_State* L) {
  sql_state_of(L).sql_disconnect();
  return 0;
}

int db_query(lua_State* L) {
  LuaScriptState& state = sql_state_of(L);
  std::size_t len = 0;
  const char* sql = luaL_checklstring(L, 1, &len);
  if (!connect_state(L, state)) return lua_error(L);
  bool restart = false;
  bool failed = false;
  try {
    count(state.shared(), state.sql_connection().query(std::string_view(sql, len)));
  } catch (const db::DbError& e) {
    if (e.ignorable()) {
      ++state.shared().sql_errors;
      if (e.connection_lost()) {
        ++state.shared().sql_reconnects;
        state.sql_disconnect();
      }
      restart = true;
    } else {
      std::fprintf(stderr, "FATAL: %s\n", e.what());
      failed = true;
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FATAL: %s\n", e.what());
    failed = true;
  }
  // Raised outside the try: lua_error's longjmp must not cross C++ frames with destructors.
  if (restart) return raise_restart(L);
  if (failed) return luaL_error(L, "db_query() failed");
  return 0;
}

void set_global(lua_State* L, LuaScriptState& state, const char* name, lua_CFunction f) {
  lua_pushlightuserdata(L, &state);
  lua_pushcclosure(L, f, 1);
  lua_setglobal(L, name);
}

}  // namespace

void register_sysbench_sql(lua_State* L, LuaScriptState& state) {
  set_global(L, state, "db_connect", db_connect);
  set_global(L, state, "db_disconnect", db_disconnect);
  set_global(L, state, "db_query", db_query);
}

}  // namespace hostmark
