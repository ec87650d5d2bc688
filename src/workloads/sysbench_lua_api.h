#pragma once
// The C functions behind a sysbench script's API (random numbers, histograms, option help),
// set as the global table `sysbench_c` that the prelude (sysbench_lua_prelude.h) takes apart.
struct lua_State;

namespace hostmark {

class LuaScriptState;

// Each function keeps `state` as its upvalue: `state` must outlive L (it owns it).
void register_sysbench_c(lua_State* L, LuaScriptState& state);

}  // namespace hostmark
