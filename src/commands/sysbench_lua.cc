#include "commands/sysbench_lua.h"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <thread>

#include "commands/sysbench_oltp.h"
#include "core/build_info.h"
#include "runner/clock.h"
#include "workloads/sysbench_lua_api.h"
#include "workloads/sysbench_lua_state.h"
#include "workloads/sysbench_lua_workload.h"

namespace hostmark {
namespace {

constexpr std::uint64_t kScriptNoticeLevel = 3;  // sysbench's LOG_NOTICE

// sysbench's general option of scripts only: the deprecated --test=SCRIPT.
constexpr std::array kScriptGeneralOptions = {
    SbOptionDef{"test", SbArgType::kString, "", "the script (deprecated: name it instead)"}};

// --verbosity before the options are checked (the script declares its own when it runs).
std::uint64_t early_verbosity(const SbArgs& args) {
  const auto it = args.given().find("verbosity");
  if (it == args.given().end()) return kScriptNoticeLevel;
  return std::strtoull(it->second.c_str(), nullptr, 10);
}

std::optional<std::string> read_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The script `name` names: a file, else a module on LUA_PATH (as Lua's require looks: each
// ';'-separated template with '?' replaced by the name, dots as '/').
std::optional<std::pair<std::string, std::string>> find_script(const std::string& name) {
  if (auto text = read_file(name)) return std::pair{name, std::move(*text)};
  const char* env = std::getenv("LUA_PATH");
  std::string templates = env != nullptr ? env : "./?.lua";
  const std::size_t defaults = templates.find(";;");
  if (defaults != std::string::npos) templates.replace(defaults, 2, ";./?.lua;");
  std::string module = name;
  for (char& c : module)
    if (c == '.') c = '/';
  std::istringstream parts(templates);
  for (std::string t; std::getline(parts, t, ';');) {
    if (t.empty()) continue;
    for (std::size_t q = t.find('?'); q != std::string::npos; q = t.find('?', q + module.size()))
      t.replace(q, 1, module);
    if (auto text = read_file(t)) return std::pair{t, std::move(*text)};
  }
  return std::nullopt;
}

std::string dashed(std::string name) {
  for (char& c : name)
    if (c == '_') c = '-';
  return name;
}

// The option definitions of the script: those it declares, else (a legacy script) every given
// option that is not a general one, as a string.
struct ScriptOptions {
  std::vector<std::string> names;  // storage of the definitions' views
  std::vector<std::string> defaults;
  std::vector<std::string> helps;
  std::vector<SbOptionDef> defs;
  bool legacy = false;
};

std::unique_ptr<ScriptOptions> script_options(
    const std::optional<std::vector<LuaDeclaredOption>>& declared, const SbArgs& args,
    std::span<const SbOptionGroup> common) {
  auto out = std::make_unique<ScriptOptions>();
  std::vector<LuaDeclaredOption> rows;
  if (declared) {
    rows = *declared;
  } else {
    out->legacy = true;
    for (const auto& [name, value] : args.given()) {
      bool general = false;
      for (const auto& g : common)
        for (const auto& d : g.options) general = general || d.name == name;
      // A bare --name (value "on") is a flag; anything else a string.
      if (!general)
        rows.push_back(
            {name, "", std::nullopt, value == "on" ? SbArgType::kFlag : SbArgType::kString});
    }
  }
  const std::size_t n = rows.size();
  out->names.reserve(n);  // no reallocation: defs keep views into these
  out->defaults.reserve(n);
  out->helps.reserve(n);
  for (const auto& r : rows) {
    out->names.push_back(dashed(r.name));
    out->defaults.push_back(r.default_text.value_or(""));
    out->helps.push_back(r.description);
    out->defs.push_back(
        SbOptionDef{out->names.back(), r.type, out->defaults.back(), out->helps.back()});
  }
  return out;
}

// sysbench.opt: every option of `groups` with its value, typed as sysbench exports it.
std::vector<LuaOption> option_values(const SbArgs& args, std::span<const SbOptionGroup> groups) {
  std::vector<LuaOption> out;
  for (const auto& g : groups) {
    for (const auto& d : g.options) {
      const std::string text = args.text(groups, d.name);
      LuaOption o{std::string(d.name), {}};
      switch (d.type) {
        case SbArgType::kFlag: o.value = text.empty() || args.flag(groups, d.name); break;
        case SbArgType::kInt:
        case SbArgType::kDouble: o.value = text.empty() ? 0.0 : args.number(groups, d.name); break;
        case SbArgType::kSize:
          o.value = text.empty() ? 0.0 : static_cast<double>(args.size(groups, d.name));
          break;
        case SbArgType::kDuration:
          o.value = static_cast<double>(args.duration_ns(groups, d.name) / 1'000'000'000ull);
          break;
        case SbArgType::kList: {
          std::vector<std::string> items;
          std::istringstream parts(text);
          for (std::string item; std::getline(parts, item, ',');) items.push_back(item);
          o.value = std::move(items);
          break;
        }
        case SbArgType::kString:
        case SbArgType::kFile: o.value = text; break;
      }
      out.push_back(std::move(o));
    }
  }
  return out;
}

RandSpec rand_spec(const SbArgs& a, std::span<const SbOptionGroup> g) {
  RandSpec s;
  s.type = parse_rand_type(a.text(g, "rand-type")).value();
  s.spec_iter = static_cast<int>(a.count(g, "rand-spec-iter"));
  s.spec_pct = a.number(g, "rand-spec-pct");
  s.spec_res = a.number(g, "rand-spec-res");
  s.pareto_h = a.number(g, "rand-pareto-h");
  s.zipfian_exp = a.number(g, "rand-zipfian-exp");
  return s;
}

// A command of the script's sysbench.cmdline.commands; a parallel one runs in --threads
// threads, each with its own state.
int run_custom_command(const std::string& command, LuaScriptState& main, const LuaScriptSpec& spec,
                       LuaSharedCounters& shared, const std::vector<LuaOption>& options,
                       bool legacy, int threads) {
  if (!main.command_parallel(command)) return main.call_command(command) ? 0 : 1;
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
  std::vector<int> failed(static_cast<std::size_t>(threads), 0);
  std::vector<std::thread> workers;
  for (int i = 0; i < threads; ++i) {
    workers.emplace_back([&, i] {
      try {
        LuaScriptState state(spec, shared, i, options, legacy);
        failed[static_cast<std::size_t>(i)] = state.call_command(command) ? 0 : 1;
      } catch (...) {
        errors[static_cast<std::size_t>(i)] = std::current_exception();
      }
    });
  }
  for (auto& w : workers) w.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
  for (const int f : failed)
    if (f != 0) return 1;
  return 0;
}

// The Lua script as the runner's test: no header lines or metrics of its own; reports through
// the script's hooks when it sets them.
SysbenchTest script_test(const std::string& name, std::span<const SbOptionDef> options) {
  SysbenchTest t{};
  t.name = name;
  t.description = "a Lua script";
  t.options = options;
  t.make_workload = [](const SbArgs&, std::span<const SbOptionGroup>,
                       std::uint64_t) -> std::unique_ptr<Workload> {
    std::abort();  // invariant: the script's workload is built before the run
  };
  t.header_lines = [](const SbArgs&, std::span<const SbOptionGroup>) {
    return std::vector<std::string>{};
  };
  t.add_metrics = [](const SbArgs&, std::span<const SbOptionGroup>, const Workload& w,
                     const RunOutcome& o, std::vector<Metric>& m) {
    const LuaSharedCounters& c = static_cast<const LuaScriptWorkload&>(w).shared();
    if (!c.sql_used) return;  // sysbench's SQL statistics: only when the script used a database
    const auto per_s = [&o](double n) {
      return o.wall_ns != 0 ? n * 1e9 / static_cast<double>(o.wall_ns) : 0.0;
    };
    const auto reads = static_cast<double>(c.sql_reads.load());
    const auto writes = static_cast<double>(c.sql_writes.load());
    const auto others = static_cast<double>(c.sql_others.load());
    const auto errors = static_cast<double>(c.sql_errors.load());
    const auto reconnects = static_cast<double>(c.sql_reconnects.load());
    const double total = reads + writes + others;
    const auto transactions = static_cast<double>(o.latency.count());
    m.push_back({"queries_read", reads, "queries"});
    m.push_back({"queries_write", writes, "queries"});
    m.push_back({"queries_other", others, "queries"});
    m.push_back({"queries_total", total, "queries"});
    m.push_back({"transactions", transactions, "transactions"});
    m.push_back({"transactions_per_s", per_s(transactions), "transactions/s"});
    m.push_back({"queries_per_s", per_s(total), "queries/s"});
    m.push_back({"ignored_errors", errors, "errors"});
    m.push_back({"ignored_errors_per_s", per_s(errors), "errors/s"});
    m.push_back({"reconnects", reconnects, "reconnects"});
    m.push_back({"reconnects_per_s", per_s(reconnects), "reconnects/s"});
  };
  t.interval_line = [](const Workload& w, const IntervalSample& s, double,
                       std::vector<double>& state) {
    if (state.empty()) state.push_back(0);
    return static_cast<const LuaScriptWorkload&>(w).intermediate_report(s, state[0]);
  };
  t.own_final_report = [](Workload& w, const RunOutcome& o, double percentile) {
    LuaReportStat s;
    s.time_interval = static_cast<double>(o.wall_ns) / 1e9;
    s.time_total = s.time_interval + static_cast<double>(o.before_checkpoint_ns) / 1e9;
    s.threads_running = 0;
    s.events = static_cast<double>(o.latency.count());
    s.latency_pct_s = static_cast<double>(o.latency.percentile_ns(percentile)) / 1e9;
    s.latency_min_s = static_cast<double>(o.latency.min_ns()) / 1e9;
    s.latency_max_s = static_cast<double>(o.latency.max_ns()) / 1e9;
    s.latency_avg_s = o.latency.mean_ns() / 1e9;
    s.latency_sum_s = static_cast<double>(o.latency.sum_ns()) / 1e9;
    const LuaSharedCounters& c = static_cast<LuaScriptWorkload&>(w).shared();
    s.reads = static_cast<double>(c.sql_reads.load());
    s.writes = static_cast<double>(c.sql_writes.load());
    s.other = static_cast<double>(c.sql_others.load());
    s.errors = static_cast<double>(c.sql_errors.load());
    s.reconnects = static_cast<double>(c.sql_reconnects.load());
    return static_cast<LuaScriptWorkload&>(w).cumulative_report(s);
  };
  t.accounting = EventAccounting::kSysbench;
  t.version_printed = true;
  return t;
}

int run_script(const std::vector<std::string>& argv, const SbArgs& args, const CommandIo& io,
               const SysbenchRunFn& run) {
  const std::span<const SbOptionGroup> common = sysbench_common_groups();
  std::string command = args.command();
  if (io.parse_only) return 0;  // its options are known only once the script has run
  // The deprecated --test=SCRIPT, with sysbench's warning.
  std::string given = args.test_as_given();
  if (args.has("test") && args.command().empty()) {  // "--test=X run": run is the command
    command = given;
    given = args.given().at("test");
    io.err << "WARNING: the --test option is deprecated. You can pass a script name or path on "
              "the command line without any options.\n";
  }
  // The version line comes first, as sysbench's (then the script's body prints).
  const auto format = args.given().find("output-format");
  const bool text_report = format == args.given().end() || format->second == "normal";
  if (early_verbosity(args) >= kScriptNoticeLevel && text_report)
    io.out << "sysbench 1.0.20 compatible (hostmark " << build::kVersion << ")\n\n" << std::flush;
  LuaScriptSpec spec;
  spec.argv = argv;
  spec.command = command;
  if (given == "-") given.clear();  // standard input, as no name
  std::string name = given;
  if (given.empty()) {
    name = "stdin";
    spec.source.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else if (auto found = find_script(given)) {
    spec.path = given == found->first ? given : found->first;
    spec.source = std::move(found->second);
  } else {
    throw LuaScriptError(
        fmt::format("Cannot find benchmark '{}': no such built-in test, file or module", given));
  }
  spec.seed = monotonic_ns();
  auto shared = std::make_unique<LuaSharedCounters>();
  auto main = std::make_unique<LuaScriptState>(spec, *shared, std::nullopt,
                                               std::vector<LuaOption>{}, false);
  if (given.empty() || command.empty()) return 0;  // the body was all there was to run

  const auto options = script_options(main->declared_options(), args, common);
  std::vector<SbOptionGroup> groups(common.begin(), common.end());
  const std::string title = name + " options";
  groups.push_back(SbOptionGroup{title, options->defs});
  groups.push_back(SbOptionGroup{"", kScriptGeneralOptions});
  args.validate(groups).value();
  if (args.has("max-requests"))
    io.out
        << "WARNING: --max-requests is deprecated, use --events instead\n";  // stdout, as sysbench
  const std::vector<LuaOption> values = option_values(args, groups);
  shared->make_driver = [&args, groups] { return sysbench_db_driver(args, groups); };
  main->set_options(values, options->legacy);
  spec.rand = rand_spec(args, groups);
  if (const std::uint64_t seed = args.count(groups, "rand-seed"); seed != 0) spec.seed = seed;
  shared->unique_offset = static_cast<std::uint32_t>(spec.seed * 0x9e3779b97f4a7c15ull >> 32);

  if (main->command_defined(command)) {
    const auto threads =
        static_cast<int>(std::max<std::uint64_t>(1, args.count(groups, "threads")));
    if (main->command_parallel(command) && early_verbosity(args) >= kScriptNoticeLevel)
      io.out << "Initializing worker threads...\n\n" << std::flush;
    return run_custom_command(command, *main, spec, *shared, values, options->legacy, threads);
  }
  // The script's name in sysbench's messages: its file name.
  const std::string sname = std::filesystem::path(given).filename().string();
  const auto missing = [&](const char* what) {
    io.out.flush();
    io.err << fmt::format("'{}' test does not implement the '{}' command.\n", sname, what);
    return 1;
  };
  if (command == "help") {
    if (main->has_function("help")) main->call("help");
    else if (const auto declared = main->declared_options()) {
      io.out << sname << " options:\n" << format_script_options(*declared) << std::flush;
    } else return missing("help");
    return 0;
  }
  if (command == "prepare" || command == "cleanup") {
    if (!main->has_function(command.c_str())) return missing(command.c_str());
    main->call(command.c_str());
    return 0;
  }
  if (command != "run") {
    io.out.flush();
    io.err << "Unknown command: " << command << '\n';
    return 1;
  }
  if (main->has_function("init")) main->call("init");
  if (!main->has_function("event"))
    throw LuaScriptError(fmt::format("cannot find the event() function in {}", sname));
  const SysbenchTest test = script_test(given, options->defs);
  auto workload =
      std::make_unique<LuaScriptWorkload>(spec, values, options->legacy, std::move(shared),
                                          std::move(main), args.number(groups, "percentile"));
  return run(test, args, groups, std::move(workload));
}

}  // namespace

int run_sysbench_script(const std::vector<std::string>& argv, const SbArgs& args,
                        const CommandIo& io, const SysbenchRunFn& run) {
  try {
    return run_script(argv, args, io, run);
  } catch (const LuaScriptError& e) {
    io.out.flush();
    std::cout.flush();
    io.err << "FATAL: " << e.what() << '\n';
    return 1;
  }
}

}  // namespace hostmark
