#pragma once
// The C functions behind a sysbench script's API (random numbers, histograms, option help),
// set as the global table `sysbench_c` that the prelude (sysbench_lua_prelude.h) takes apart.
#include <string>
#include <vector>

struct lua_State;

namespace hostmark {

class LuaScriptState;
struct LuaDeclaredOption;

// The declared options as sysbench's help lists them ("  --size=N  rows [100]"; no "[]" for
// an option without a default).
std::string format_script_options(const std::vector<LuaDeclaredOption>& declared);

// Each function keeps `state` as its upvalue: `state` must outlive L (it owns it).
void register_sysbench_c(lua_State* L, LuaScriptState& state);

}  // namespace hostmark
