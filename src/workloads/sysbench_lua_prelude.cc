#include "workloads/sysbench_lua_prelude.h"

namespace hostmark {

namespace {

// `sysbench_c` is a table of C functions (sysbench_lua_state.cc); the prelude removes the global
// name so scripts see only sysbench's API.
constexpr std::string_view kPrelude = R"LUA(
local c = sysbench_c
sysbench_c = nil
ffi = require("ffi")

-- print() writes each line with one call, so lines of threads printing at once never interleave
-- (Lua's own print writes its parts one by one).
do
  local stdout, tostring, select, concat = io.stdout, tostring, select, table.concat
  function print(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    stdout:write(concat(parts, "\t") .. "\n")
  end
end

sysbench.cmdline = sysbench.cmdline or {}
local cmdline = sysbench.cmdline
cmdline.ARG_NULL, cmdline.ARG_BOOL, cmdline.ARG_INT, cmdline.ARG_SIZE = 0, 1, 2, 3
cmdline.ARG_DOUBLE, cmdline.ARG_STRING, cmdline.ARG_LIST, cmdline.ARG_FILE = 4, 5, 6, 7
cmdline.ARG_MAX = 8
cmdline.PARALLEL_COMMAND = true

-- The declared options as rows {name, description, default text, type}, sorted by name.
function cmdline.__declared()
  local decl = cmdline.options
  if decl == nil then return nil end
  assert(type(decl) == "table", "wrong type for sysbench.cmdline.options: " .. type(decl))
  local by_type = {boolean = cmdline.ARG_BOOL, number = cmdline.ARG_DOUBLE,
                   string = cmdline.ARG_STRING, table = cmdline.ARG_LIST}
  local rows = {}
  for name, def in pairs(decl) do
    assert(type(name) == "string" and type(def) == "table",
           "wrong table structure in sysbench.cmdline.options")
    assert(def[1] ~= nil, "nil description for option " .. name)
    local default, kind = def[2], def[3]
    local text
    if type(default) == "table" then
      text = table.concat(default, ",")
    elseif type(default) == "boolean" then
      text = default and "on" or "off"
    elseif default ~= nil then
      text = tostring(default)
    end
    if kind == nil then
      kind = default ~= nil and by_type[type(default)] or cmdline.ARG_STRING
    end
    assert(kind ~= nil, "cannot determine type for option " .. name)
    rows[#rows + 1] = {name, tostring(def[1]), text, kind}
  end
  table.sort(rows, function(a, b) return a[1] < b[1] end)
  return rows
end

function cmdline.command_defined(name)
  local cmds = cmdline.commands
  return type(cmds) == "table" and type(cmds[name]) == "table" and cmds[name][1] ~= nil
end

function cmdline.command_parallel(name)
  return cmdline.command_defined(name) and
         cmdline.commands[name][2] == cmdline.PARALLEL_COMMAND
end

function cmdline.call_command(name)
  local result = cmdline.commands[name][1]()
  if result == nil then return true end
  return result and true or false
end

cmdline.print_test_options = c.print_test_options

sysbench.hooks = {}
sysbench.error = {NONE = 0, RESTART_EVENT = 1}

-- Report hooks: `stat` holds sysbench's fields (times in seconds).
local function rate(stat, n) return n / stat.time_interval end

function sysbench.report_default(stat)
  print(string.format("[ %.0fs ] thds: %u tps: %4.2f qps: %4.2f (r/w/o: %4.2f/%4.2f/%4.2f) " ..
                      "lat (ms,%u%%): %4.2f err/s %4.2f reconn/s: %4.2f",
                      stat.time_total, stat.threads_running, rate(stat, stat.events),
                      rate(stat, stat.reads + stat.writes + stat.other), rate(stat, stat.reads),
                      rate(stat, stat.writes), rate(stat, stat.other), sysbench.opt.percentile,
                      stat.latency_pct * 1000, rate(stat, stat.errors),
                      rate(stat, stat.reconnects)))
end

function sysbench.report_csv(stat)
  print(string.format("%.0f,%u,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f,%4.2f",
                      stat.time_total, stat.threads_running, rate(stat, stat.events),
                      rate(stat, stat.reads + stat.writes + stat.other), rate(stat, stat.reads),
                      rate(stat, stat.writes), rate(stat, stat.other), stat.latency_pct * 1000,
                      rate(stat, stat.errors), rate(stat, stat.reconnects)))
end

-- One JSON array per Lua state: "[" before the first report, "]" when the state closes.
local json_open = nil
function sysbench.report_json(stat)
  if json_open == nil then
    io.write("[\n")
    json_open = newproxy(true)
    getmetatable(json_open).__gc = function() io.write("\n]\n") end
  else
    io.write(",\n")
  end
  local lines = {
    "  {",
    string.format('    "time": %4.0f,', stat.time_total),
    string.format('    "threads": %u,', stat.threads_running),
    string.format('    "tps": %4.2f,', rate(stat, stat.events)),
    '    "qps": {',
    string.format('      "total": %4.2f,', rate(stat, stat.reads + stat.writes + stat.other)),
    string.format('      "reads": %4.2f,', rate(stat, stat.reads)),
    string.format('      "writes": %4.2f,', rate(stat, stat.writes)),
    string.format('      "other": %4.2f', rate(stat, stat.other)),
    '    },',
    string.format('    "latency": %4.2f,', stat.latency_pct * 1000),
    string.format('    "errors": %4.2f,', rate(stat, stat.errors)),
    string.format('    "reconnects": %4.2f', rate(stat, stat.reconnects)),
    "  }"}
  io.write(table.concat(lines, "\n"))
end

-- Random numbers: the thread's generator, honouring --rand-type and --rand-seed.
sysbench.rand = {}
local rand = sysbench.rand
function rand.uniform_uint64()
  local high, low = c.rand_halves()
  return ffi.new("uint64_t", high) * 4294967296ULL + low
end
rand.default = c.rand_default
rand.uniform = c.rand_uniform
rand.gaussian = c.rand_gaussian
rand.special = c.rand_special
rand.pareto = c.rand_pareto
rand.unique = c.rand_unique
rand.string = c.rand_string
rand.uniform_double = c.rand_uniform_double

sysbench.histogram = {new = c.histogram_new}

-- The legacy (sysbench 0.5) names.
thread_id = sysbench.tid
test = cmdline.script_path
function sb_rnd() return tonumber(rand.uniform_uint64() % 4294967296ULL) end
sb_rand = rand.default
sb_rand_str = rand.string
sb_rand_uniform = rand.uniform
sb_rand_gaussian = rand.gaussian
sb_rand_special = rand.special
function sb_rand_uniq(low, high)
  low = low or 0
  high = high or 4294967295
  local value
  repeat value = rand.unique() until value >= low and value <= high
  return value
end
)LUA";

}  // namespace

std::string_view sysbench_lua_prelude() { return kPrelude; }

}  // namespace hostmark
