#include "workloads/sysbench_lua_rows.h"

#include <cstdio>
#include <iterator>
#include <lua.hpp>
#include <string_view>
#include <utility>

#include "workloads/sysbench_lua_closure.h"
#include "workloads/sysbench_lua_sql_run.h"
#include "workloads/sysbench_lua_state.h"

namespace hostmark {
namespace {

void rows_alert(lua_State* L, const char* text) { closure_state(L).alerts().print(text); }

// alert(text): an ALERT line of the Lua side.
int rows_alert_lua(lua_State* L) {
  rows_alert(L, luaL_checkstring(L, 1));
  return 0;
}

// reconnect(): sysbench's db_connection_reconnect(): counted as a reconnect; drv_pgsql has none
// (sysbench's ALERT, the connection kept).
int rows_reconnect(lua_State* L) {
  LuaScriptState& state = closure_state(L);
  if (state.shared().sql_driver().kind() == db::DriverKind::kPgsql) {
    rows_alert(L, "reconnect is not supported by the current driver");
    return 0;
  }
  state.sql_disconnect();
  if (!lua_sql_connect(L, state)) return lua_error(L);
  ++state.shared().sql_reconnects;
  return 0;
}

// query(sql): runs it keeping its rows; true when it left a result set (a read).
int rows_query(lua_State* L) {
  std::size_t len = 0;
  const char* sql = luaL_checklstring(L, 1, &len);
  LuaScriptState& state = closure_state(L);
  LuaSqlResult& result = state.sql_result();
  lua_sql_run(L, state, "db_query()", [&](db::Connection& c) {
    db::Rows rows = c.query_rows(std::string_view(sql, len));
    const db::QueryResult r = rows.result;
    result.take(std::move(rows));
    return r;
  });
  lua_pushboolean(L, result.open ? 1 : 0);
  return 1;
}

// execute(statement): as query() for a prepared statement and its bound values.
int rows_execute(lua_State* L) { return lua_sql_execute(L, true); }

// fetch(): the next row as a table of strings (a NULL leaves its index empty), or nil after
// the last; sysbench's ALERTs when no result set is pending or it is empty.
int rows_fetch(lua_State* L) {
  LuaSqlResult& result = closure_state(L).sql_result();
  if (!result.open) {
    rows_alert(L, "attempt to fetch row from an invalid result set");
    lua_pushnil(L);
    return 1;
  }
  if (result.nrows == 0 || result.nfields == 0) {
    rows_alert(L, "attempt to fetch row from an empty result set");
    lua_pushnil(L);
    return 1;
  }
  if (result.next >= result.rows.size()) {
    lua_pushnil(L);
    return 1;
  }
  const db::RowValues& row = result.rows[result.next++];
  lua_createtable(L, static_cast<int>(row.size()), 0);
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (!row[i]) continue;
    lua_pushlstring(L, row[i]->data(), row[i]->size());
    lua_rawseti(L, -2, static_cast<int>(i + 1));
  }
  return 1;
}

// free(): ends the pending result set; false (after sysbench's ALERT) when there is none.
int rows_free(lua_State* L) {
  LuaSqlResult& result = closure_state(L).sql_result();
  if (!result.open) {
    rows_alert(L, "attempt to free an invalid result set");
    lua_pushboolean(L, 0);
    return 1;
  }
  result.free();
  lua_pushboolean(L, 1);
  return 1;
}

int rows_nrows(lua_State* L) {
  lua_pushnumber(L, static_cast<lua_Number>(closure_state(L).sql_result().nrows));
  return 1;
}

int rows_nfields(lua_State* L) {
  lua_pushnumber(L, static_cast<lua_Number>(closure_state(L).sql_result().nfields));
  return 1;
}

// sysbench's legacy result set (sysbench.rs): db_execute() returns one; whether a result set
// was pending then (db_free_results() frees the connection's only when so).
constexpr const char* kLegacyResultType = "sysbench.rs";
struct LegacyResult {
  bool pending;
};

// sysbench's check_connection(): the legacy result functions want a connection.
void check_connection(lua_State* L) {
  if (!closure_state(L).sql_connected()) luaL_error(L, "Uninitialized database connection");
}

// A no-op since sysbench 1.0 (db_query()/db_execute() store the results themselves).
int db_store_results(lua_State* L) {
  check_connection(L);
  luaL_checkudata(L, 1, kLegacyResultType);
  return 0;
}

int db_free_results(lua_State* L) {
  check_connection(L);
  auto* rs = static_cast<LegacyResult*>(luaL_checkudata(L, 1, kLegacyResultType));
  if (rs->pending) {
    LuaSqlResult& result = closure_state(L).sql_result();
    // sysbench frees the connection's result set, whichever it is, or says there is none.
    if (result.open) result.free();
    else rows_alert(L, "attempt to free an invalid result set");
  }
  rs->pending = false;
  return 0;
}

}  // namespace

void LuaAlertLog::print(std::string_view text) {
  if (text == last_) {
    ++repeated_;
    return;
  }
  if (repeated_ > 0) std::printf("(last message repeated %u times)\n", repeated_);
  repeated_ = 0;
  last_.assign(text);
  std::printf("ALERT: %.*s\n", static_cast<int>(text.size()), text.data());
}

void push_legacy_result(lua_State* L, bool pending) {
  auto* rs = static_cast<LegacyResult*>(lua_newuserdata(L, sizeof(LegacyResult)));
  rs->pending = pending;
  luaL_getmetatable(L, kLegacyResultType);
  lua_setmetatable(L, -2);
}

void register_legacy_results(lua_State* L, LuaScriptState& state) {
  luaL_newmetatable(L, kLegacyResultType);
  lua_pop(L, 1);
  for (const auto& [name, function] :
       {std::pair<const char*, lua_CFunction>{"db_store_results", db_store_results},
        std::pair<const char*, lua_CFunction>{"db_free_results", db_free_results}}) {
    push_state_closure(L, state, function);
    lua_setglobal(L, name);
  }
}

void push_sysbench_sql_rows(lua_State* L, LuaScriptState& state) {
  static constexpr struct {
    const char* name;
    lua_CFunction function;
  } kFunctions[] = {{"query", rows_query},     {"execute", rows_execute},
                    {"fetch", rows_fetch},     {"free", rows_free},
                    {"nrows", rows_nrows},     {"nfields", rows_nfields},
                    {"alert", rows_alert_lua}, {"reconnect", rows_reconnect}};
  lua_createtable(L, 0, static_cast<int>(std::size(kFunctions)));
  for (const auto& f : kFunctions) {
    push_state_closure(L, state, f.function);
    lua_setfield(L, -2, f.name);
  }
}

}  // namespace hostmark
