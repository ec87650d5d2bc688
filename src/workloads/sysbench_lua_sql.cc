#include "workloads/sysbench_lua_sql.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <lua.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "db/db_driver.h"
#include "workloads/sysbench_db_words.h"
#include "workloads/sysbench_lua_closure.h"
#include "workloads/sysbench_lua_rows.h"
#include "workloads/sysbench_lua_sql_objects.h"
#include "workloads/sysbench_lua_sql_run.h"
#include "workloads/sysbench_lua_state.h"

namespace hostmark {
namespace {

constexpr lua_Number kRestartEvent = 1;  // sysbench.error.RESTART_EVENT

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

int db_connect(lua_State* L) {
  if (!lua_sql_connect(L, closure_state(L))) return lua_error(L);
  return 0;
}

int db_disconnect(lua_State* L) {
  closure_state(L).sql_disconnect();
  return 0;
}

}  // namespace

bool lua_sql_connect(lua_State* L, LuaScriptState& state) {
  try {
    const db::Driver& driver = state.shared().sql_driver();
    const std::string name(driver.name());
    lua_pushlstring(L, name.data(), name.size());
    lua_setglobal(L, "db_driver");
    state.sql_connection();
    return true;
  } catch (const Failure& f) {
    // A refused connection in drv_mysql's / drv_pgsql's words where the driver has them.
    const std::string text = sysbench_failure_text(f);
    if (!text.empty()) std::fprintf(stderr, "%s\n", text.c_str());
    else std::fprintf(stderr, "FATAL: %s\n", f.what());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FATAL: %s\n", e.what());
  }
  lua_pushstring(L, "Failed to connect to the database");
  return false;
}

int lua_sql_run(lua_State* L, LuaScriptState& state, const char* what,
                const std::function<db::QueryResult(db::Connection&)>& run) {
  if (!lua_sql_connect(L, state)) return lua_error(L);
  state.sql_result().begin();
  bool restart = false;
  bool failed = false;
  try {
    count(state.shared(), run(state.sql_connection()));
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
  if (failed) return luaL_error(L, "%s failed", what);
  return 0;
}

namespace {

// The legacy db_query(): runs the statement, frees its result set at once and returns nothing
// (sysbench 1.0.20's sb_lua_db_query); sysbench.sql's con:query() reads rows (sysbench_lua_rows).
int db_query(lua_State* L) {
  std::size_t len = 0;
  const char* sql = luaL_checklstring(L, 1, &len);
  LuaScriptState& state = closure_state(L);
  lua_sql_run(L, state, "db_query()", [&](db::Connection& c) {
    db::QueryResult r = c.query(std::string_view(sql, len));
    state.sql_result().end(r);
    return r;
  });
  state.sql_result().begin();
  return 0;
}

// The legacy bulk insert: rows appended to the INSERT text, sent when the text grows past
// sysbench's buffer (16 KiB) and at db_bulk_insert_done(). Kept in the registry per state.
constexpr std::size_t kBulkBuffer = 16384;
constexpr const char* kBulkQuery = "hostmark.sql.bulk_query";
constexpr const char* kBulkText = "hostmark.sql.bulk_text";

std::string registry_string(lua_State* L, const char* key) {
  lua_getfield(L, LUA_REGISTRYINDEX, key);
  std::size_t len = 0;
  const char* text = lua_tolstring(L, -1, &len);
  std::string out = text != nullptr ? std::string(text, len) : std::string();
  lua_pop(L, 1);
  return out;
}

void set_registry_string(lua_State* L, const char* key, const std::string& value) {
  lua_pushlstring(L, value.data(), value.size());
  lua_setfield(L, LUA_REGISTRYINDEX, key);
}

int bulk_flush(lua_State* L) {
  const std::string text = registry_string(L, kBulkText);
  if (text.empty()) return 0;
  set_registry_string(L, kBulkText, "");
  return lua_sql_run(L, closure_state(L), "db_bulk_insert_next()",
                     [&](db::Connection& c) { return c.query(text); });
}

int db_bulk_insert_init(lua_State* L) {
  const char* sql = luaL_checkstring(L, 1);
  if (!lua_sql_connect(L, closure_state(L))) return lua_error(L);
  set_registry_string(L, kBulkQuery, sql);
  set_registry_string(L, kBulkText, "");
  return 0;
}

int db_bulk_insert_next(lua_State* L) {
  const char* row = luaL_checkstring(L, 1);
  std::string text = registry_string(L, kBulkText);
  if (!text.empty() && text.size() + std::strlen(row) + 1 > kBulkBuffer) {
    bulk_flush(L);
    text.clear();
  }
  text += text.empty() ? registry_string(L, kBulkQuery) + " " : ",";
  text += row;
  set_registry_string(L, kBulkText, text);
  return 0;
}

int db_bulk_insert_done(lua_State* L) {
  bulk_flush(L);
  set_registry_string(L, kBulkQuery, "");
  return 0;
}

// A legacy statement: its index in the state, its parameter count and the table bound to it
// (read when it executes, as sysbench binds the table's values by reference).
constexpr const char* kLegacyStatementType = "hostmark.sql.legacy_statement";
struct LegacyStatement {
  std::size_t index;
  std::size_t params;
  int table_ref;
};

int db_prepare(lua_State* L) {
  LuaScriptState& state = closure_state(L);
  const std::string sql = luaL_checkstring(L, 1);
  if (!lua_sql_connect(L, state)) return lua_error(L);
  std::size_t params = 0;
  for (const char c : sql) params += c == '?' ? 1 : 0;
  std::size_t index = 0;
  bool failed = false;
  try {
    index = state.add_statement(state.sql_connection().prepare(sql, params));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FATAL: %s\n", e.what());
    failed = true;
  }
  if (failed) return luaL_error(L, "db_prepare() failed");
  auto* s = static_cast<LegacyStatement*>(lua_newuserdata(L, sizeof(LegacyStatement)));
  *s = LegacyStatement{index, params, LUA_NOREF};
  luaL_getmetatable(L, kLegacyStatementType);
  lua_setmetatable(L, -2);
  return 1;
}

int db_bind_param(lua_State* L) {
  auto* s = static_cast<LegacyStatement*>(luaL_checkudata(L, 1, kLegacyStatementType));
  luaL_checktype(L, 2, LUA_TTABLE);
  luaL_unref(L, LUA_REGISTRYINDEX, s->table_ref);
  lua_pushvalue(L, 2);
  s->table_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  return 0;
}

}  // namespace

int lua_sql_execute(lua_State* L, bool keep_rows) {
  auto* s = static_cast<LegacyStatement*>(luaL_checkudata(L, 1, kLegacyStatementType));
  LuaScriptState& state = closure_state(L);
  db::Statement* statement = state.statement(s->index);
  if (statement == nullptr) return luaL_error(L, "db_execute() failed");
  std::vector<std::string> texts(s->params);
  std::vector<db::Param> params;
  if (s->table_ref != LUA_NOREF) lua_rawgeti(L, LUA_REGISTRYINDEX, s->table_ref);
  else lua_newtable(L);
  for (std::size_t i = 0; i < s->params; ++i) {
    lua_rawgeti(L, -1, static_cast<int>(i + 1));
    if (lua_type(L, -1) == LUA_TNUMBER) {
      const lua_Number n = lua_tonumber(L, -1);
      const auto whole = static_cast<std::int64_t>(n);
      if (static_cast<lua_Number>(whole) == n) params.emplace_back(whole);
      else texts[i] = lua_tostring(L, -1), params.emplace_back(std::string_view(texts[i]));
    } else {
      const char* t = lua_tostring(L, -1);
      texts[i] = t != nullptr ? t : "";
      params.emplace_back(std::string_view(texts[i]));
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  LuaSqlResult& result = state.sql_result();
  lua_sql_run(L, state, "db_execute()", [&](db::Connection&) {
    if (keep_rows) {
      db::Rows rows = statement->execute_rows(params);
      const db::QueryResult r = rows.result;
      result.take(std::move(rows));
      return r;
    }
    const db::QueryResult r = statement->execute(params);
    result.end(r);
    return r;
  });
  if (keep_rows) {
    lua_pushboolean(L, result.open ? 1 : 0);
    return 1;
  }
  push_legacy_result(L, result.open);
  return 1;
}

namespace {

int db_execute(lua_State* L) { return lua_sql_execute(L, false); }

int db_close(lua_State* L) {
  auto* s = static_cast<LegacyStatement*>(luaL_checkudata(L, 1, kLegacyStatementType));
  closure_state(L).close_statement(s->index);
  luaL_unref(L, LUA_REGISTRYINDEX, s->table_ref);
  s->table_ref = LUA_NOREF;
  return 0;
}

int db_noop(lua_State*) { return 0; }

int db_driver_name(lua_State* L) {
  std::string name;
  bool failed = false;
  try {
    name = std::string(closure_state(L).shared().sql_driver().name());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FATAL: %s\n", e.what());
    failed = true;
  }
  if (failed) return luaL_error(L, "failed to initialize the DB driver");
  lua_pushlstring(L, name.data(), name.size());
  return 1;
}

void set_global(lua_State* L, LuaScriptState& state, const char* name, lua_CFunction f) {
  push_state_closure(L, state, f);
  lua_setglobal(L, name);
}

}  // namespace

void register_sysbench_sql(lua_State* L, LuaScriptState& state) {
  set_global(L, state, "db_connect", db_connect);
  set_global(L, state, "db_disconnect", db_disconnect);
  set_global(L, state, "db_query", db_query);
  set_global(L, state, "db_bulk_insert_init", db_bulk_insert_init);
  set_global(L, state, "db_bulk_insert_next", db_bulk_insert_next);
  set_global(L, state, "db_bulk_insert_done", db_bulk_insert_done);
  set_global(L, state, "db_prepare", db_prepare);
  set_global(L, state, "db_bind_param", db_bind_param);
  set_global(L, state, "db_bind_result", db_noop);
  set_global(L, state, "db_execute", db_execute);
  set_global(L, state, "db_close", db_close);
  luaL_newmetatable(L, kLegacyStatementType);
  lua_pop(L, 1);
  register_legacy_results(L, state);
  const std::string_view objects = sysbench_sql_objects_lua();
  if (luaL_loadbuffer(L, objects.data(), objects.size(), "sysbench.sql.lua") == 0) {
    push_state_closure(L, state, db_driver_name);
    push_sysbench_sql_rows(L, state);
    lua_call(L, 2, 0);
  } else {
    lua_pop(L, 1);
  }
  // sysbench's legacy error codes (db_driver.h's db_error_t).
  lua_pushnumber(L, 0);
  lua_setglobal(L, "DB_ERROR_NONE");
  lua_pushnumber(L, 1);
  lua_setglobal(L, "DB_ERROR_RESTART_TRANSACTION");
  lua_pushnumber(L, 2);
  lua_setglobal(L, "DB_ERROR_FAILED");
}

}  // namespace hostmark
