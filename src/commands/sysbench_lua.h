#pragma once
// `hostmark sysbench [options] [script] [command]` for a Lua script of the user's own (not a
// built-in test): a file, a module on LUA_PATH, or standard input when no script is named.
// sysbench 1.0.20's behaviour: the script's body runs first; no command ends there; its own
// sysbench.cmdline.commands, help, prepare and cleanup run its functions; run makes a
// LuaScriptWorkload (workloads/sysbench_lua_workload.h) that `run` (sysbench.cc's runner with
// its header and reports) measures. Script errors print "FATAL: ..." and exit 1, as sysbench.
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "cli/sysbench_args.h"
#include "commands/command.h"
#include "commands/sysbench_tests.h"
#include "runner/workload.h"

namespace hostmark {

using SysbenchRunFn =
    std::function<int(const SysbenchTest& test, const SbArgs& args,
                      std::span<const SbOptionGroup> groups, std::unique_ptr<Workload> workload)>;

// `argv`: the arguments after `sysbench` (the script's sysbench.cmdline.argv).
int run_sysbench_script(const std::vector<std::string>& argv, const SbArgs& args,
                        const CommandIo& io, const SysbenchRunFn& run);

}  // namespace hostmark
