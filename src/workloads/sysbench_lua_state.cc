#include "workloads/sysbench_lua_state.h"

#include <cstdio>
#include <iostream>
#include <lua.hpp>

#include "workloads/sysbench_lua_api.h"
#include "workloads/sysbench_lua_prelude.h"
#include "workloads/sysbench_lua_sql.h"

namespace hostmark {
namespace {

// Pushes a sysbench.opt value.
void push_option_value(lua_State* L, const LuaOptionValue& value) {
  if (const auto* b = std::get_if<bool>(&value)) lua_pushboolean(L, *b ? 1 : 0);
  else if (const auto* n = std::get_if<double>(&value)) lua_pushnumber(L, *n);
  else if (const auto* s = std::get_if<std::string>(&value))
    lua_pushlstring(L, s->data(), s->size());
  else if (const auto* list = std::get_if<std::vector<std::string>>(&value)) {
    lua_createtable(L, static_cast<int>(list->size()), 0);
    for (std::size_t i = 0; i < list->size(); ++i) {
      lua_pushlstring(L, (*list)[i].data(), (*list)[i].size());
      lua_rawseti(L, -2, static_cast<int>(i + 1));
    }
  } else lua_pushnil(L);
}

std::string underscored(std::string name) {
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

std::string error_text(lua_State* L) {
  const char* text = lua_tostring(L, -1);
  std::string out = text != nullptr ? text : "(not a string)";
  lua_pop(L, 1);
  return out;
}

SbArgType arg_type(lua_Integer kind) {
  switch (kind) {
    case 1: return SbArgType::kFlag;
    case 2: return SbArgType::kInt;
    case 3: return SbArgType::kSize;
    case 4: return SbArgType::kDouble;
    case 6: return SbArgType::kList;
    case 7: return SbArgType::kFile;
    default: return SbArgType::kString;
  }
}

// Pushes sysbench.<field> (nil when sysbench.<table> is not a table).
void push_sysbench_field(lua_State* L, const char* table, const char* field) {
  lua_getglobal(L, "sysbench");
  lua_getfield(L, -1, table);
  lua_remove(L, -2);
  if (lua_istable(L, -1)) {
    lua_getfield(L, -1, field);
    lua_remove(L, -2);
  } else {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
}

}  // namespace

const db::Driver& LuaSharedCounters::sql_driver() {
  std::lock_guard lock(driver_mutex_);
  if (driver_ == nullptr) {
    if (!make_driver) throw Failure(run_error("sysbench.sql", "no database driver here"));
    driver_ = make_driver();
  }
  return *driver_;
}

db::Connection& LuaScriptState::sql_connection() {
  if (connection_ == nullptr) {
    connection_ = shared_.sql_driver().connect();
    shared_.sql_used = true;
  }
  return *connection_;
}

LuaScriptState::LuaScriptState(const LuaScriptSpec& spec, LuaSharedCounters& shared,
                               std::optional<int> thread_id, const std::vector<LuaOption>& options,
                               bool legacy_globals)
    : L_(luaL_newstate()),
      thread_id_(thread_id),
      random_(spec.rand, spec.seed + 0x9e3779b97f4a7c15ull *
                                         static_cast<std::uint64_t>(thread_id.value_or(-1) + 2)),
      shared_(shared) {
  if (L_ == nullptr) throw LuaScriptError("cannot create a Lua state (out of memory)");
  luaL_openlibs(L_);
  // sysbench: version, tid, cmdline.script_path, then the prelude fills in the rest.
  lua_newtable(L_);
  lua_pushstring(L_, "1.0.20");
  lua_setfield(L_, -2, "version");
  lua_pushstring(L_, "sysbench 1.0.20");  // scripts compare it: sysbench's own text
  lua_setfield(L_, -2, "version_string");
  lua_pushinteger(L_, thread_id.value_or(0));
  lua_setfield(L_, -2, "tid");
  lua_newtable(L_);
  lua_pushlstring(L_, spec.path.data(), spec.path.size());
  lua_setfield(L_, -2, "script_path");
  if (!spec.command.empty()) {
    lua_pushlstring(L_, spec.command.data(), spec.command.size());
    lua_setfield(L_, -2, "command");
  }
  lua_createtable(L_, static_cast<int>(spec.argv.size()), 1);
  lua_pushliteral(L_, "sysbench");
  lua_rawseti(L_, -2, 0);
  for (std::size_t i = 0; i < spec.argv.size(); ++i) {
    lua_pushlstring(L_, spec.argv[i].data(), spec.argv[i].size());
    lua_rawseti(L_, -2, static_cast<int>(i + 1));
  }
  lua_setfield(L_, -2, "argv");
  lua_setfield(L_, -2, "cmdline");
  lua_newtable(L_);
  lua_setfield(L_, -2, "opt");
  lua_setglobal(L_, "sysbench");
  register_sysbench_c(L_, *this);
  register_sysbench_sql(L_, *this);
  set_options(options, false);

  const std::string_view prelude = sysbench_lua_prelude();
  // Named as sysbench's module of the same part, so its errors read the same.
  if (luaL_loadbuffer(L_, prelude.data(), prelude.size(), "sysbench.cmdline.lua") != 0 ||
      lua_pcall(L_, 0, 0, 0) != 0) {
    const std::string why = error_text(L_);
    lua_close(L_);
    throw LuaScriptError("the Lua prelude failed: " + why);
  }
  const std::string chunk = spec.path.empty() ? std::string("=stdin") : "@" + spec.path;
  if (!thread_id) std::cout.flush();
  const bool failed =
      luaL_loadbuffer(L_, spec.source.data(), spec.source.size(), chunk.c_str()) != 0 ||
      lua_pcall(L_, 0, 0, 0) != 0;
  std::fflush(stdout);
  if (failed) {
    const std::string why = error_text(L_);
    lua_close(L_);
    throw LuaScriptError(why);
  }
  if (legacy_globals) set_options(options, true);
}

LuaScriptState::~LuaScriptState() {
  if (!thread_id_) std::cout.flush();
  lua_close(L_);  // may still print: a finalizer (report_json closes its array)
  std::fflush(stdout);
}

void LuaScriptState::set_options(const std::vector<LuaOption>& options, bool legacy_globals) {
  lua_getglobal(L_, "sysbench");
  lua_newtable(L_);
  for (const auto& o : options) {
    const std::string name = underscored(o.name);
    push_option_value(L_, o.value);
    lua_setfield(L_, -2, name.c_str());
  }
  lua_setfield(L_, -2, "opt");
  lua_pop(L_, 1);
  if (!legacy_globals) return;
  for (const auto& o : options) {  // as sysbench: never over a function of the script
    const std::string name = underscored(o.name);
    lua_getglobal(L_, name.c_str());
    const bool function = lua_isfunction(L_, -1);
    lua_pop(L_, 1);
    if (function) continue;
    push_option_value(L_, o.value);
    lua_setglobal(L_, name.c_str());
  }
}

std::optional<std::vector<LuaDeclaredOption>> LuaScriptState::declared_options() {
  push_sysbench_field(L_, "cmdline", "__declared");
  protected_call(0, 1, "sysbench.cmdline.read_cmdline_options");
  if (lua_isnil(L_, -1)) {
    lua_pop(L_, 1);
    return std::nullopt;
  }
  std::vector<LuaDeclaredOption> out;
  const auto rows = static_cast<int>(lua_objlen(L_, -1));
  for (int i = 1; i <= rows; ++i) {
    lua_rawgeti(L_, -1, i);
    LuaDeclaredOption o;
    lua_rawgeti(L_, -1, 1);
    o.name = lua_tostring(L_, -1);
    lua_rawgeti(L_, -2, 2);
    o.description = lua_tostring(L_, -1);
    lua_rawgeti(L_, -3, 3);
    if (lua_isstring(L_, -1)) o.default_text = lua_tostring(L_, -1);
    lua_rawgeti(L_, -4, 4);
    o.type = arg_type(lua_tointeger(L_, -1));
    lua_pop(L_, 5);
    out.push_back(std::move(o));
  }
  lua_pop(L_, 1);
  return out;
}

bool LuaScriptState::has_function(const char* name) {
  lua_getglobal(L_, name);
  const bool yes = lua_isfunction(L_, -1);
  lua_pop(L_, 1);
  return yes;
}

void LuaScriptState::protected_call(int args, int results, const std::string& what) {
  // The script prints through C's stdout, hostmark through std::cout (not synchronized with
  // it): on the main thread, what hostmark wrote goes first; what the script wrote, right after.
  if (!thread_id_) std::cout.flush();
  const int status = lua_pcall(L_, args, results, 0);
  std::fflush(stdout);
  if (status != 0) {
    const std::string why = error_text(L_);
    throw LuaScriptError(what.empty() ? why : "`" + what + "' function failed: " + why);
  }
}

bool LuaScriptState::call(const char* name, const char* as) {
  lua_getglobal(L_, name);
  if (thread_id_) lua_pushinteger(L_, *thread_id_);
  else lua_pushnil(L_);
  protected_call(1, 1, as != nullptr ? as : name);
  const bool stop = lua_toboolean(L_, -1) != 0;
  lua_pop(L_, 1);
  return stop;
}

bool LuaScriptState::call_event() {
  for (;;) {
    lua_getglobal(L_, "event");
    if (thread_id_) lua_pushinteger(L_, *thread_id_);
    else lua_pushnil(L_);
    if (!thread_id_) std::cout.flush();
    const int status = lua_pcall(L_, 1, 1, 0);
    if (status == 0) {
      const bool stop = lua_toboolean(L_, -1) != 0;
      lua_pop(L_, 1);
      return stop;
    }
    bool restart = false;
    if (lua_istable(L_, -1)) {
      lua_getfield(L_, -1, "errcode");
      restart = lua_isnumber(L_, -1) && lua_tonumber(L_, -1) == 1;  // RESTART_EVENT
      lua_pop(L_, 1);
    }
    if (!restart) {
      std::fflush(stdout);
      throw LuaScriptError("`thread_run' function failed: " + error_text(L_));
    }
    push_sysbench_field(L_, "hooks", "before_restart_event");
    if (lua_isfunction(L_, -1)) {
      lua_insert(L_, -2);  // the hook, then the error table as its argument
      protected_call(1, 0, "before_restart_event");
    } else {
      lua_pop(L_, 2);
    }
  }
}

bool LuaScriptState::has_hook(const char* name) {
  push_sysbench_field(L_, "hooks", name);
  const bool yes = lua_isfunction(L_, -1);
  lua_pop(L_, 1);
  return yes;
}

void LuaScriptState::call_hook(const char* name, const LuaReportStat& stat) {
  push_sysbench_field(L_, "hooks", name);
  lua_newtable(L_);
  const auto field = [this](const char* key, double value) {
    lua_pushnumber(L_, value);
    lua_setfield(L_, -2, key);
  };
  field("time_total", stat.time_total);
  field("time_interval", stat.time_interval);
  field("threads_running", stat.threads_running);
  field("events", stat.events);
  field("reads", stat.reads);
  field("writes", stat.writes);
  field("other", stat.other);
  field("errors", stat.errors);
  field("reconnects", stat.reconnects);
  field("latency_pct", stat.latency_pct_s);
  field("latency_min", stat.latency_min_s);
  field("latency_max", stat.latency_max_s);
  field("latency_avg", stat.latency_avg_s);
  field("latency_sum", stat.latency_sum_s);
  protected_call(1, 0, name);
}

// sysbench.cmdline.<function>(name): its truth. `error_name` names a failure ("" for none).
bool LuaScriptState::cmdline_predicate(const char* function, const std::string& name,
                                       const std::string& error_name) {
  push_sysbench_field(L_, "cmdline", function);
  lua_pushlstring(L_, name.data(), name.size());
  protected_call(1, 1, error_name);
  const bool yes = lua_toboolean(L_, -1) != 0;
  lua_pop(L_, 1);
  return yes;
}

bool LuaScriptState::command_defined(const std::string& name) {
  return cmdline_predicate("command_defined", name, "");
}

bool LuaScriptState::command_parallel(const std::string& name) {
  return cmdline_predicate("command_parallel", name, "");
}

bool LuaScriptState::call_command(const std::string& name) {
  return cmdline_predicate("call_command", name, name);
}

}  // namespace hostmark
