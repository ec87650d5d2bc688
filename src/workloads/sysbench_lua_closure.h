#pragma once
// The C functions of hostmark's sysbench Lua API are closures over their script's state: it is
// their upvalue 1, a light userdata (the state outlives its lua_State).
#include <lua.hpp>

#include "workloads/sysbench_lua_state.h"

namespace hostmark {

// Pushes `f` as a closure over `state`.
inline void push_state_closure(lua_State* L, LuaScriptState& state, lua_CFunction f) {
  lua_pushlightuserdata(L, &state);
  lua_pushcclosure(L, f, 1);
}

// The state of the script whose closure (push_state_closure) is running.
inline LuaScriptState& closure_state(lua_State* L) {
  return *static_cast<LuaScriptState*>(lua_touserdata(L, lua_upvalueindex(1)));
}

}  // namespace hostmark
