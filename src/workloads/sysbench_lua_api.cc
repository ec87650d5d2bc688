#include "workloads/sysbench_lua_api.h"

#include <cstdint>
#include <cstdio>
#include <lua.hpp>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "cli/sysbench_args.h"
#include "workloads/sysbench_lua_closure.h"
#include "workloads/sysbench_lua_histogram.h"
#include "workloads/sysbench_lua_state.h"

namespace hostmark {
namespace {

constexpr const char* kHistogramType = "hostmark.sysbench.histogram";

// A 32-bit argument as sysbench's C functions take it (uint32_t).
std::uint64_t uint32_arg(lua_State* L, int index) {
  const double v = luaL_checknumber(L, index);
  if (!(v > 0)) return 0;
  return v >= 4294967295.0 ? 4294967295u : static_cast<std::uint64_t>(v);
}

template <std::uint64_t (SysbenchRandom::*Draw)(std::uint64_t, std::uint64_t)>
int rand_range(lua_State* L) {
  const std::uint64_t lo = uint32_arg(L, 1);
  const std::uint64_t hi = uint32_arg(L, 2);
  lua_pushnumber(L, static_cast<lua_Number>((closure_state(L).random().*Draw)(lo, hi)));
  return 1;
}

int rand_halves(lua_State* L) {  // the prelude makes a uint64_t cdata of them
  const std::uint64_t v = closure_state(L).random().raw();
  lua_pushnumber(L, static_cast<lua_Number>(v >> 32));
  lua_pushnumber(L, static_cast<lua_Number>(v & 0xffffffffu));
  return 2;
}

int rand_uniform_double(lua_State* L) {
  lua_pushnumber(L, closure_state(L).random().uniform_double());
  return 1;
}

// A permutation of the 32-bit integers by quadratic residues modulo the largest 32-bit prime
// (the values from the prime up map to themselves): unique values in a random-looking order.
std::uint32_t permute(std::uint32_t x) {
  constexpr std::uint32_t kPrime = 4294967291u;
  if (x >= kPrime) return x;
  const auto residue = static_cast<std::uint32_t>(std::uint64_t{x} * x % kPrime);
  return x <= kPrime / 2 ? residue : kPrime - residue;
}

int rand_unique(lua_State* L) {
  LuaSharedCounters& shared = closure_state(L).shared();
  const std::uint32_t index = shared.unique_index.fetch_add(1, std::memory_order_relaxed);
  const std::uint32_t value = permute((permute(index) + shared.unique_offset) ^ 0x3c6ef372u);
  lua_pushnumber(L, value);
  return 1;
}

// '#' becomes a digit, '@' a lowercase letter; other characters stay.
int rand_string(lua_State* L) {
  std::size_t length = 0;
  const char* pattern = luaL_checklstring(L, 1, &length);
  SysbenchRandom& random = closure_state(L).random();
  luaL_Buffer out;
  luaL_buffinit(L, &out);
  for (std::size_t i = 0; i < length; ++i) {
    char c = pattern[i];
    if (c == '#') c = static_cast<char>('0' + random.uniform(0, 9));
    else if (c == '@') c = static_cast<char>('a' + random.uniform(0, 25));
    luaL_addchar(&out, c);
  }
  luaL_pushresult(&out);
  return 1;
}

ScriptHistogram* check_histogram(lua_State* L) {
  return static_cast<ScriptHistogram*>(luaL_checkudata(L, 1, kHistogramType));
}

int histogram_new(lua_State* L) {
  const double size = luaL_checknumber(L, 1);
  const double min = luaL_checknumber(L, 2);
  const double max = luaL_checknumber(L, 3);
  if (!(size >= 2 && size <= 1e7) || !(min > 0) || !(max > min))
    return luaL_error(L, "sysbench.histogram.new: needs size >= 2 and 0 < min < max");
  void* memory = lua_newuserdata(L, sizeof(ScriptHistogram));
  new (memory) ScriptHistogram(static_cast<std::size_t>(size), min, max);
  luaL_getmetatable(L, kHistogramType);
  lua_setmetatable(L, -2);
  return 1;
}

int histogram_update(lua_State* L) {
  ScriptHistogram* h = check_histogram(L);
  h->update(luaL_checknumber(L, 2));
  return 0;
}

int histogram_print(lua_State* L) {
  const std::string text = check_histogram(L)->text();
  std::fwrite(text.data(), 1, text.size(), stdout);  // C stdio, as Lua's print
  return 0;
}

int histogram_gc(lua_State* L) {
  check_histogram(L)->~ScriptHistogram();
  return 0;
}

// sysbench.cmdline.print_test_options(): the declared options as `help` shows them.
int print_test_options(lua_State* L) {
  std::string text;
  try {
    const auto declared = closure_state(L).declared_options();
    if (declared) text = format_script_options(*declared);
  } catch (const std::exception& e) {
    lua_pushstring(L, e.what());
    return lua_error(L);
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  return 0;
}

void set_function(lua_State* L, LuaScriptState& state, const char* name, lua_CFunction f) {
  push_state_closure(L, state, f);
  lua_setfield(L, -2, name);
}

}  // namespace

std::string format_script_options(const std::vector<LuaDeclaredOption>& declared) {
  std::vector<std::string> defaults;
  defaults.reserve(declared.size());  // no reallocation: defs keep views into it
  std::vector<SbOptionDef> defs;
  for (const auto& o : declared) {
    defaults.push_back(o.default_text.value_or(""));
    defs.push_back(SbOptionDef{o.name, o.type, defaults.back(), o.description});
  }
  const SbOptionGroup group{"", defs};
  std::string text;
  std::istringstream lines(format_sysbench_help(std::span(&group, 1)));
  for (std::string line; std::getline(lines, line);) {
    if (line.ends_with(" []")) line.resize(line.size() - 3);
    text += line + '\n';
  }
  return text;
}

void register_sysbench_c(lua_State* L, LuaScriptState& state) {
  luaL_newmetatable(L, kHistogramType);
  lua_newtable(L);
  lua_pushcfunction(L, histogram_update);
  lua_setfield(L, -2, "update");
  lua_pushcfunction(L, histogram_print);
  lua_setfield(L, -2, "print");
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, histogram_gc);
  lua_setfield(L, -2, "__gc");
  lua_pop(L, 1);

  lua_newtable(L);
  set_function(L, state, "rand_default", rand_range<&SysbenchRandom::next>);
  set_function(L, state, "rand_uniform", rand_range<&SysbenchRandom::uniform>);
  set_function(L, state, "rand_gaussian", rand_range<&SysbenchRandom::gaussian>);
  set_function(L, state, "rand_special", rand_range<&SysbenchRandom::special>);
  set_function(L, state, "rand_pareto", rand_range<&SysbenchRandom::pareto>);
  set_function(L, state, "rand_halves", rand_halves);
  set_function(L, state, "rand_uniform_double", rand_uniform_double);
  set_function(L, state, "rand_unique", rand_unique);
  set_function(L, state, "rand_string", rand_string);
  set_function(L, state, "histogram_new", histogram_new);
  set_function(L, state, "print_test_options", print_test_options);
  lua_setglobal(L, "sysbench_c");
}

}  // namespace hostmark
