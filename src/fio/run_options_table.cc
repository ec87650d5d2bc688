#include "fio/run_options_table.h"

#include <fmt/format.h>

#include <array>
#include <string>

#include "fio/values.h"

namespace hostmark::fio {
namespace {

Status set_output_format(RunOptions& run, std::string_view v) {
  std::size_t start = 0;
  for (;;) {
    std::size_t comma = v.find(',', start);
    std::string_view f = v.substr(start, comma == std::string_view::npos ? comma : comma - start);
    if (f != "normal" && f != "json" && f != "json+" && f != "terse") {
      return invalid(in_quotes(f) + " is not one of normal, json, json+, terse");
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  run.output_format = std::string(v);
  return Ok{};
}

Status set_output(RunOptions& run, std::string_view v) {
  if (v.empty()) return invalid("needs a file name");
  run.output_path = std::string(v);
  return Ok{};
}

Status set_readonly(RunOptions& run, std::string_view) {
  run.readonly = true;
  return Ok{};
}
Status set_destructive(RunOptions& run, std::string_view) {
  run.destructive = true;
  return Ok{};
}
Status set_monitor(RunOptions& run, std::string_view) {
  run.monitor = true;
  return Ok{};
}
Status set_results_db(RunOptions& run, std::string_view v) {
  if (v.empty()) return invalid("needs a path or URL");
  run.results_db = std::string(v);
  return Ok{};
}
Status set_no_save(RunOptions& run, std::string_view) {
  run.no_save = true;
  return Ok{};
}
Status set_parse_only(RunOptions& run, std::string_view) {
  run.parse_only = true;
  return Ok{};
}
Status set_minimal(RunOptions& run, std::string_view) {
  run.output_format = "terse";
  return Ok{};
}

Status set_eta(RunOptions& run, std::string_view v) {
  if (v != "auto" && v != "always" && v != "never")
    return invalid(in_quotes(v) + " is not one of auto, always, never");
  run.eta = std::string(v);
  return Ok{};
}

Status set_status_interval(RunOptions& run, std::string_view v) {
  auto ns = parse_time_ns(v, 1'000'000'000);
  if (!ns) return ns.error();
  run.status_interval_ns = ns.value();
  return Ok{};
}

Status set_max_jobs(RunOptions& run, std::string_view v) {
  auto n = parse_number(v, 1024, "number of jobs");
  if (!n) return n.error();
  if (n.value() == 0 || n.value() > kFioMaxJobs)
    return invalid(fmt::format("must be 1 to {}", kFioMaxJobs));
  run.max_jobs = static_cast<std::uint32_t>(n.value());
  return Ok{};
}

Status set_section(RunOptions& run, std::string_view v) {
  if (v.empty()) return invalid("needs a section name");
  run.sections.emplace_back(v);
  return Ok{};
}

Status set_terse_version(RunOptions& run, std::string_view v) {
  if (v.size() != 1 || v[0] < '2' || v[0] > '5')
    return invalid(in_quotes(v) + " is not 2, 3, 4 or 5");
  run.terse_version = v[0] - '0';
  return Ok{};
}

template <RunAction A>
Status set_action(RunOptions& run, std::string_view v) {
  run.action = A;
  run.help_topic = std::string(v);
  return Ok{};
}

constexpr std::array kRunRows{
    RunOptionDef{"output-format", ArgPolicy::kRequired, set_output_format,
                 "Output format: normal, json, json+, terse (comma lists allowed)"},
    RunOptionDef{"output", ArgPolicy::kRequired, set_output, "Write output to FILE"},
    RunOptionDef{"minimal", ArgPolicy::kNone, set_minimal, "Minimal (terse) output"},
    RunOptionDef{"terse-version", ArgPolicy::kRequired, set_terse_version,
                 "Terse output version (2..5, default 3)"},
    RunOptionDef{"readonly", ArgPolicy::kNone, set_readonly, "Refuse any write or trim"},
    RunOptionDef{"parse-only", ArgPolicy::kNone, set_parse_only,
                 "Parse options only, don't start any IO"},
    RunOptionDef{"eta", ArgPolicy::kRequired, set_eta,
                 "When to print ETA estimates: auto, always, never"},
    RunOptionDef{"status-interval", ArgPolicy::kRequired, set_status_interval,
                 "Force full status dump every TIME (bare: seconds)"},
    RunOptionDef{"max-jobs", ArgPolicy::kRequired, set_max_jobs,
                 "Maximum number of threads to support"},
    RunOptionDef{"section", ArgPolicy::kRequired, set_section,
                 "Only run the job sections named (repeatable)"},
    RunOptionDef{"destructive", ArgPolicy::kNone, set_destructive,
                 "hostmark: allow writing over filesystem/partition signatures on block devices"},
    RunOptionDef{"monitor", ArgPolicy::kNone, set_monitor,
                 "hostmark: also report what the disk and the CPUs did during the run (iostat -x)"},
    RunOptionDef{"results-db", ArgPolicy::kRequired, set_results_db,
                 "hostmark: save the result in this results store (path or postgresql:// URL)"},
    RunOptionDef{"no-save", ArgPolicy::kNone, set_no_save,
                 "hostmark: do not save the result in the results store"},
    RunOptionDef{"version", ArgPolicy::kNone, set_action<RunAction::kVersion>,
                 "Print version info and exit"},
    RunOptionDef{"help", ArgPolicy::kNone, set_action<RunAction::kHelp>, "Print this page"},
    RunOptionDef{"cmdhelp", ArgPolicy::kOptional, set_action<RunAction::kCmdHelp>,
                 "Print command help for OPTION (\"all\" for every option)"},
    RunOptionDef{"enghelp", ArgPolicy::kOptional, set_action<RunAction::kEngHelp>,
                 "Print IO engine help"},
};

constexpr std::string_view kWhyClientServer = "fio's client/server mode is not supported";
constexpr std::string_view kWhySelfTest = "fio's self-tests are not supported";
// Sorted by name.
constexpr auto kUnimplementedRunOptions = std::to_array<RefusedOption>({
    {"alloc-size", "hostmark has no shared memory pool to size"},
    {"append-terse", "not supported (--output-format=normal,terse prints both)"},
    {"aux-path", kWhyClientServer},
    {"bandwidth-log", "not supported (write_bw_log is)"},
    {"client", kWhyClientServer},
    {"cpuclock-test", kWhySelfTest},
    {"crctest", kWhySelfTest},
    {"daemonize", kWhyClientServer},
    {"debug", "fio's debug tracing is not supported"},
    {"eta-interval", "the status line is redrawn every second"},
    {"eta-newline", "the status line is redrawn in place"},
    {"idle-prof", "CPU idleness profiling is not supported"},
    {"inflate-log", "compressed logs are not supported"},
    {"merge-blktrace-only", "replaying and merging blktraces is not supported"},
    {"remote-config", kWhyClientServer},
    {"server", kWhyClientServer},
    {"showcmd", "converting job files to command lines is not supported"},
    {"trigger", kWhyClientServer},
    {"trigger-file", "verification triggers are not supported"},
    {"trigger-remote", kWhyClientServer},
    {"trigger-timeout", "verification triggers are not supported"},
    {"warnings-fatal", "making parse warnings fatal is not supported"},
});

}  // namespace

std::span<const RunOptionDef> run_option_table() { return kRunRows; }

const RunOptionDef* find_run_option(std::string_view name) {
  for (const RunOptionDef& def : kRunRows) {
    if (def.name == name) return &def;
  }
  return nullptr;
}

std::span<const RefusedOption> unimplemented_run_options() { return kUnimplementedRunOptions; }

}  // namespace hostmark::fio
