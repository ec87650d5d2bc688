#pragma once
// The Lua code every state of a sysbench script runs before the script: the `sysbench` table
// (cmdline, hooks, opt, rand, histogram, report_default/csv/json), the global `ffi`, and the
// legacy sb_rand* names, over the C functions sysbench_lua_state.cc registers as `sysbench_c`.
// hostmark's own code, written against sysbench 1.0.20's documented Lua API.
#include <string_view>

namespace hostmark {

std::string_view sysbench_lua_prelude();

}  // namespace hostmark
