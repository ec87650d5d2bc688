// `hostmark sysbench [options] <test> [run|help]`: the drop-in face of sysbench 1.0.20.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

#include "cli/sysbench_args.h"
#include "cli/units.h"
#include "commands/command.h"
#include "commands/result_saving.h"
#include "commands/sysbench_lua.h"
#include "commands/sysbench_oltp.h"
#include "commands/sysbench_tests.h"
#include "core/build_info.h"
#include "monitor/phase_monitor.h"
#include "output/activity_text.h"
#include "output/format.h"
#include "output/null_stream.h"
#include "output/progress.h"
#include "output/storage_text.h"
#include "output/sysbench_report.h"
#include "results/context.h"
#include "runner/clock.h"
#include "runner/outcome_phase.h"
#include "runner/runner.h"
#include "stats/summary.h"
#include "workloads/sysbench_db_words.h"

namespace hostmark {
namespace {

using GroupList = std::vector<SbOptionGroup>;

constexpr std::uint64_t kSysbenchEventQueue = 131072;  // sysbench's MAX_QUEUE_LEN (--rate)
// sysbench's log level of its reports and headers (LOG_NOTICE): --verbosity below it hides them.
constexpr std::uint64_t kNoticeLevel = 3;

bool is_oltp_test(std::string_view name) {
  const auto oltp = sysbench_oltp_tests();
  return std::any_of(oltp.begin(), oltp.end(), [name](const auto& o) { return o.name == name; });
}

// sysbench's --help, line for line (its scripts read the sections), with hostmark's additions
// where sysbench's own tests skip the build-dependent part: between "Compiled-in database
// drivers:" and "Compiled-in tests:".
void print_general_help(std::ostream& out) {
  const auto groups = sysbench_common_groups();
  const auto group = [&groups](std::size_t i, bool titled) {
    const SbOptionGroup g{titled ? groups[i].title : "", groups[i].options};
    return format_sysbench_help(std::span(&g, 1));
  };
  out << "Usage:\n  sysbench [options]... [testname] [command]\n\n"
      << "Commands implemented by most tests: prepare run cleanup help\n\n"
      << format_sysbench_help(groups.first(4)) << groups[4].title << ":\n\n"
      << group(4, false) << "\n"
      << "Compiled-in database drivers:\n  mysql - MySQL driver\n  pgsql - PostgreSQL driver\n\n"
      << group(5, true) << group(6, true) << "hostmark's own database driver:\n"
      << "  sqlite - SQLite driver (no server needed)\n\n"
      << format_sysbench_help(groups.subspan(kSysbenchOwnGroups))
      << "OLTP tests (sysbench's stock Lua scripts, built into hostmark):\n";
  for (const auto& t : sysbench_oltp_tests())
    out << "  " << t.name << " - " << t.description << '\n';
  out << "\nCompiled-in tests:\n";
  for (const auto& t : sysbench_tests())
    if (!is_oltp_test(t.name)) out << "  " << t.name << " - " << t.description << '\n';
  out << "\nSee 'sysbench <testname> help' for a list of options for each test.\n\n";
}

// `<test> help`: "<test as given> options:" (a script's file name, "oltp_read_write.lua", when
// given as one). The OLTP tests' options are printed as their Lua scripts name them, with '_'.
void print_test_help(const SysbenchTest& t, const SbArgs& args, std::ostream& out) {
  out << sysbench_banner() << "\n\n";
  const std::string title =
      std::filesystem::path(args.test_as_given()).filename().string() + " options";
  if (!is_oltp_test(t.name)) {
    const SbOptionGroup group{title, t.options};
    out << format_sysbench_help(std::span(&group, 1));
    return;
  }
  std::vector<std::string> names;  // the storage of the renamed options' names
  for (const auto& o : t.options) {
    names.emplace_back(o.name);
    std::replace(names.back().begin(), names.back().end(), '-', '_');
  }
  std::vector<SbOptionDef> renamed(t.options.begin(), t.options.end());
  for (std::size_t i = 0; i < renamed.size(); ++i) renamed[i].name = names[i];
  const SbOptionGroup group{title, renamed};
  out << format_sysbench_help(std::span(&group, 1));
}

// The general options, then each test's, as print_general_help and print_test_help show them.
void describe_sysbench(std::vector<ParserDescription>& out) {
  ParserDescription general{"sysbench", "",
                            "A drop-in for sysbench 1.0.20: hostmark sysbench [options]... "
                            "[testname] [command], where command is prepare, run, cleanup or "
                            "help. Options every test accepts:",
                            describe_sysbench_options(sysbench_common_groups())};
  out.push_back(std::move(general));
  for (const auto& t : sysbench_tests()) {
    const SbOptionGroup group{t.name, t.options};
    out.push_back({fmt::format("sysbench {}", t.name), std::string(t.name),
                   std::string(t.description), describe_sysbench_options(std::span(&group, 1))});
  }
}

// --report-checkpoints as sysbench 1.0.20 takes it: whole seconds in 0..INT_MAX, at most 256,
// empty items ignored, sorted.
std::vector<std::uint64_t> report_checkpoints(const SbArgs& a, std::span<const SbOptionGroup> g) {
  constexpr std::size_t kMaxCheckpoints = 256;  // sysbench's MAX_CHECKPOINTS
  std::vector<std::uint64_t> out;
  const std::string list = a.text(g, "report-checkpoints");
  for (std::size_t from = 0; from <= list.size();) {
    const std::size_t comma = std::min(list.find(',', from), list.size());
    const std::string item = list.substr(from, comma - from);
    from = comma + 1;
    if (item.empty()) continue;
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(item.c_str(), &end, 10);
    if (*end != '\0' || errno != 0 || v < 0 || v > INT_MAX) {
      throw Failure(usage_error("--report-checkpoints",
                                fmt::format("invalid value '{}' (whole seconds from the start of "
                                            "the test)",
                                            item)));
    }
    out.push_back(static_cast<std::uint64_t>(v));
  }
  if (out.size() > kMaxCheckpoints) {
    throw Failure(usage_error(
        "--report-checkpoints",
        fmt::format("too many checkpoints (up to {} can be defined)", kMaxCheckpoints)));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The limits and reporting a run needs, checked with the option named in every error.
RunSpec run_spec_from(const SysbenchTest& test, const SbArgs& a, std::span<const SbOptionGroup> g) {
  RunSpec s;
  s.accounting = test.accounting;
  std::uint64_t threads = a.count(g, "threads");
  if (a.has("num-threads") && !a.has("threads")) threads = a.count(g, "num-threads");
  if (threads == 0) throw Failure(usage_error("--threads", "must be at least 1"));
  if (threads > 100000)
    throw Failure(usage_error("--threads", fmt::format("'{}' is too many", threads)));
  s.threads = static_cast<int>(threads);
  s.max_events =
      a.has("events") || !a.has("max-requests") ? a.count(g, "events") : a.count(g, "max-requests");
  s.time_limit_ns =
      a.has("time") || !a.has("max-time") ? a.duration_ns(g, "time") : a.duration_ns(g, "max-time");
  if (test.ignores_events) s.max_events = 0;
  if (s.time_limit_ns == 0 && s.max_events == 0 && !test.ignores_events) {
    throw Failure(usage_error(
        "--time", "--time=0 with --events=0 would run forever; set a time or an event limit"));
  }
  s.rate_per_s = a.has("rate") || !a.has("tx-rate") ? a.number(g, "rate") : a.number(g, "tx-rate");
  if (s.rate_per_s < 0) throw Failure(usage_error("--rate", "must not be negative"));
  s.max_backlog = kSysbenchEventQueue;
  s.report_interval_ns = a.count(g, "report-interval") * 1'000'000'000ull;
  for (const std::uint64_t at : report_checkpoints(a, g))
    if (at > 0) s.checkpoints_ns.push_back(at * 1'000'000'000ull);  // 0 has passed: skipped
  s.percentile = a.number(g, "percentile");
  if (s.percentile < 0 || s.percentile > 100)
    throw Failure(usage_error("--percentile", "must be in 0..100"));
  s.seed = a.count(g, "rand-seed");
  s.warmup_ns = a.duration_ns(g, "warmup-time");
  const std::string forced = a.text(g, "forced-shutdown");
  if (forced != "off") {
    auto ns = parse_duration_ns("--forced-shutdown", forced);
    if (!ns)
      throw Failure(usage_error("--forced-shutdown",
                                fmt::format("'{}' is not 'off' or a number of seconds", forced)));
    s.forced_shutdown_ns = ns.value();
  }
  return s;
}

class SysbenchObserver final : public RunObserver {
 public:
  SysbenchObserver(std::ostream* intervals, ProgressLine& progress, std::string what,
                   double percentile, const SysbenchTest& test, Workload& workload,
                   std::function<void(std::uint64_t, const RunOutcome&)> checkpoint)
      : checkpoint_(std::move(checkpoint)),
        test_(test),
        workload_(workload),
        intervals_(intervals),
        progress_(progress),
        what_(std::move(what)),
        percentile_(percentile) {}
  void on_interval(const IntervalSample& s) override {
    if (intervals_ == nullptr) return;
    progress_.clear();
    if (test_.interval_line != nullptr) {
      const std::string line = test_.interval_line(workload_, s, percentile_, interval_state_);
      if (!line.empty()) *intervals_ << line << std::endl;  // "": the test printed it
    } else *intervals_ << format_sysbench_interval(s, percentile_) << std::endl;
  }
  void on_checkpoint(std::uint64_t elapsed_ns, const RunOutcome& since) override {
    if (intervals_ == nullptr) return;
    progress_.clear();
    checkpoint_(elapsed_ns, since);
  }
  void on_threads_ready() override {
    if (intervals_ != nullptr) *intervals_ << "Threads started!\n" << std::endl;
  }
  void on_warmup_done() override {
    if (test_.warmup_done != nullptr) test_.warmup_done(workload_);
  }
  void on_progress(double elapsed_s, std::uint64_t events, double expected_s) override {
    const double rate = elapsed_s > 0 ? static_cast<double>(events) / elapsed_s : 0;
    progress_.show(format_progress(what_, elapsed_s, expected_s, rate, "events/s"));
  }

 private:
  std::function<void(std::uint64_t, const RunOutcome&)> checkpoint_;
  const SysbenchTest& test_;
  Workload& workload_;
  std::vector<double> interval_state_;
  std::ostream* intervals_;
  ProgressLine& progress_;
  std::string what_;
  double percentile_;
};

std::vector<double> percentiles_for(double requested) {
  std::vector<double> ps;
  if (requested > 0) ps.push_back(requested);
  for (double p : {50.0, 90.0, 95.0, 99.0, 99.9, 99.99}) {
    if (p != requested) ps.push_back(p);
  }
  return ps;
}

int run_test(const SysbenchTest& test, const SbArgs& args, std::span<const SbOptionGroup> groups,
             const CommandIo& io, std::unique_ptr<Workload> prebuilt = nullptr) {
  if (test.storage_facts == nullptr && args.flag(groups, "monitor")) {
    throw Failure(
        usage_error("--monitor",
                    fmt::format("the '{}' test uses no disk; only storage tests (fileio) watch one",
                                test.name)));
  }
  const RunSpec spec = run_spec_from(test, args, groups);
  OutputOptions output;
  output.format = parse_output_format(args.text(groups, "output-format")).value();
  output.path = args.text(groups, "output");
  const std::uint64_t seed = spec.seed ? spec.seed : monotonic_ns();
  NullStream quiet;  // --verbosity below sysbench's notice level: no text report
  const bool hidden = output.format == OutputFormat::kNormal && output.path.empty() &&
                      args.count(groups, "verbosity") < kNoticeLevel;
  auto sink = OutputSink::open(output, hidden ? quiet : io.out).value();
  const bool normal = output.format == OutputFormat::kNormal;
  // (A Lua script's command printed it before the script's own output.)
  if (normal && !test.version_printed) sink->stream() << sysbench_banner() << "\n\n" << std::flush;
  auto workload = prebuilt ? std::move(prebuilt) : test.make_workload(args, groups, seed);
  // The report is sysbench's, line for line, for the scripts that read it. hostmark's notes on
  // the storage under the test (device, filesystem, warnings) go with the result (JSON, the
  // results store) and, for a person at a terminal, to stderr.
  NullStream no_notes;
  std::ostream& notes = normal && io.err_is_tty ? io.err : no_notes;
  std::optional<StorageTarget> storage_target;
  if (test.storage_facts != nullptr) storage_target = storage::describe_storage(".").value();
  if (normal) {
    if (storage_target) write_storage_header(*storage_target, notes);
    SysbenchHeader h{spec.threads,
                     spec.rate_per_s,
                     spec.report_interval_ns / 1'000'000'000ull,
                     spec.seed,
                     spec.warmup_ns / 1'000'000'000ull,
                     test.header_lines(args, groups),
                     args.flag(groups, "validate"),
                     report_checkpoints(args, groups)};
    h.threads_started = false;  // SysbenchObserver::on_threads_ready
    write_sysbench_header(h, sink->stream());
  }
  Result result;
  result.command = "sysbench " + std::string(test.name);
  result.context = collect_context();
  // Passwords never reach a result (JSON, CSV, the results store, reports): kept as "***".
  for (const auto& [k, v] : args.given())
    result.options.emplace_back(k, k.ends_with("password") ? std::string("***") : v);
  ProgressLine progress(io.err, io.err_is_tty && args.count(groups, "verbosity") > 0);
  SysbenchReportOptions report{spec.percentile, {}};
  // The phase of `outcome`: the runner's figures and the test's own; "total time" counts from
  // the measured start also after a checkpoint, as sysbench's does.
  const auto phase_of = [&](const RunOutcome& o) {
    Phase p = phase_from_outcome(std::string(test.name), o, percentiles_for(spec.percentile));
    std::vector<Metric> own;
    test.add_metrics(args, groups, *workload, o, own);
    p.metrics.insert(p.metrics.begin(), own.begin(), own.end());
    p.duration_s += static_cast<double>(o.before_checkpoint_ns) / 1e9;
    return p;
  };
  const auto checkpoint = [&](std::uint64_t elapsed_ns, const RunOutcome& since) {
    Result r;
    r.command = "sysbench " + std::string(test.name);  // picks the test's own section
    r.phases.push_back(phase_of(since));
    std::ostream& out = sink->stream();
    out << fmt::format("[ {:.0f}s ] Checkpoint report:\n", static_cast<double>(elapsed_ns) / 1e9);
    write_sysbench_report(r, SysbenchReportOptions{spec.percentile, {}}, out);
    out.flush();
  };
  SysbenchObserver observer(normal ? &sink->stream() : nullptr, progress,
                            "sysbench " + std::string(test.name), spec.percentile, test, *workload,
                            checkpoint);
  std::optional<monitor::PhaseMonitor> watch;  // --monitor (storage tests): warm-up included
  if (storage_target && args.flag(groups, "monitor")) watch.emplace(storage_target->disk);
  const RunOutcome outcome = [&] {
    try {
      return run_workload(*workload, spec, &observer);
    } catch (const RateBacklogFull& full) {
      throw Failure(with_peer_text(
          full.error(),
          "FATAL: The event queue is full. This means the worker threads are unable to keep up "
          "with the specified event generation rate"));
    }
  }();
  progress.clear();

  Phase phase = phase_of(outcome);
  if (watch) phase.activity = watch->finish();
  if (storage_target) {
    const bool in_vm =
        result.context.virtualization != "" && result.context.virtualization != "none";
    storage_target->warnings =
        storage::storage_warnings(*storage_target, test.storage_facts(args, groups, phase),
                                  result.context.memory_bytes, in_vm);
    result.storage.push_back(*storage_target);
  }
  result.phases.push_back(std::move(phase));
  result.interrupted = outcome.interrupted;
  if (outcome.forced_shutdown)
    result.warnings.emplace_back(
        "--forced-shutdown: events still running were abandoned; the figures cover completed "
        "events");

  if (args.flag(groups, "histogram")) {  // sysbench's own buckets; regrouped ours when it kept none
    report.histogram = outcome.sysbench_histogram_ms ? *outcome.sysbench_histogram_ms
                                                     : sysbench_histogram_ms(outcome.latency);
  }
  const bool own_report = normal && test.own_final_report != nullptr &&
                          test.own_final_report(*workload, outcome, spec.percentile);
  if (!own_report)
    write_result(
        result, output.format,
        [&report, &notes](const Result& r, std::ostream& out) {
          write_sysbench_report(r, report, out);
          write_activity_table(r, out);
          for (const auto& target : r.storage) write_storage_warnings(target, notes);
        },
        sink->stream());
  sink->close().value();
  std::string end_error;
  if (test.end_error != nullptr && !outcome.forced_shutdown) end_error = test.end_error(*workload);
  if (!end_error.empty()) result.warnings.push_back("the run ended with an error: " + end_error);
  const int saved = save_to_results_store(
      result, SaveOptions{args.text(groups, "results-db"), args.flag(groups, "no-save")}, io);
  if (!end_error.empty()) throw Failure(run_error("", end_error));  // after the report
  if (outcome.forced_shutdown) {
    io.out.flush();
    io.err.flush();
    std::_Exit(1);  // workers are still inside events; they cannot be joined
  }
  return outcome.interrupted ? 1 : saved;
}

// --config-file=FILE: its options under those of the command line.
void add_config_file(SbArgs& args, std::span<const SbOptionGroup> groups) {
  const std::string file = args.text(groups, "config-file");
  std::ifstream in(file);
  if (!in) {
    throw Failure(usage_error("--config-file", fmt::format("{}: {}", file, std::strerror(errno))));
  }
  std::ostringstream text;
  text << in.rdbuf();
  const auto entries = parse_sysbench_config(text.str(), file).value();
  args.add_config(entries, groups, file).value();
}

std::string test_names() {
  std::vector<std::string_view> names;
  for (const auto& t : sysbench_tests()) names.push_back(t.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

// sysbench prints its banner at --verbosity 3 (its notice level, the default) and above;
// hostmark's machine formats (--output-format=json|csv) have none.
// --output-format=json|csv given: standard output is the document's alone.
bool machine_output(const SbArgs& args) {
  return args.has("output-format") && args.given().at("output-format") != "normal";
}

bool shows_banner(const SbArgs& args) {
  if (machine_output(args)) return false;
  if (!args.has("verbosity")) return true;
  const auto v = parse_count("--verbosity", args.given().at("verbosity"));
  return !v || v.value() >= kNoticeLevel;
}

// sysbench's words for an error (Error::peer_text): with a FATAL line, on standard output,
// where sysbench's log writes them; a message of its own (no FATAL), on standard error.
void print_peer_text(const std::string& text, const CommandIo& io) {
  const bool log = text.starts_with("FATAL: ") || text.find("\nFATAL: ") != std::string::npos;
  std::ostream& to = log ? io.out : io.err;
  to << text << '\n';
  to.flush();
}

int run_sysbench(const std::vector<std::string>& argv, const CommandIo& io) {
  if (io.describe != nullptr) {
    describe_sysbench(*io.describe);
    return 0;
  }
  SbArgs args = SbArgs::parse(argv).value();
  const auto run_prebuilt = [&io](const SysbenchTest& t, const SbArgs& a, SbGroups g,
                                  std::unique_ptr<Workload> w) {
    return run_test(t, a, g, io, std::move(w));
  };
  if (args.test().empty()) {
    if (args.has("version")) {
      io.out << "sysbench 1.0.20\n";  // as sysbench: scripts match the whole line
      return 0;
    }
    if (args.has("help")) {
      print_general_help(io.out);
      return 0;
    }
    if (!io.parse_only && isatty(STDIN_FILENO) != 1)
      return run_sysbench_script(argv, args, io, run_prebuilt);  // a Lua script on standard input
    throw Failure(usage_error("sysbench", fmt::format("no test named (tests: {}); see 'hostmark "
                                                      "sysbench --help'",
                                                      test_names())));
  }
  const SysbenchTest* test = find_sysbench_test(args.test());
  if (test == nullptr && args.has("help")) {  // as sysbench: --help with no known test, the usage
    print_general_help(io.out);
    return 0;
  }
  if (test == nullptr) return run_sysbench_script(argv, args, io, run_prebuilt);  // a Lua script
  GroupList groups(sysbench_common_groups().begin(), sysbench_common_groups().end());
  const std::string title = std::string(test->name) + " options";
  groups.push_back(SbOptionGroup{title, test->options});
  if (auto valid = args.validate(groups); !valid) {
    // sysbench has printed its banner by the time it checks the options.
    if (!valid.error().peer_text.empty() && shows_banner(args) && !io.parse_only)
      io.out << sysbench_banner() << "\n\n" << std::flush;
    throw Failure(valid.error());
  }
  if (args.has("config-file")) add_config_file(args, groups);
  const std::string& command = args.command();
  if (command == "help" || args.flag(groups, "help")) {
    print_test_help(*test, args, io.out);
    return 0;
  }
  if (command == "prepare" || command == "cleanup" || (command == "prewarm" && test->prewarm)) {
    const auto hook = command == "prepare"   ? test->prepare
                      : command == "cleanup" ? test->cleanup
                                             : test->prewarm;
    if (io.parse_only) return 0;
    NullStream quiet;
    const bool notices = args.count(groups, "verbosity") >= kNoticeLevel;
    if (notices) io.out << sysbench_banner() << "\n\n" << std::flush;
    if (hook == nullptr) {  // not a mistake to sysbench: a message and exit status 1
      io.err << fmt::format("'{}' test does not implement the '{}' command.\n", test->name,
                            command);
      return 1;
    }
    // The OLTP scripts print() their progress ("Creating table 'sbtest1'..."), which
    // --verbosity does not hide; the C tests (fileio) log it as notices, which it does.
    return hook(args, groups, notices || is_oltp_test(test->name) ? io.out : quiet);
  }
  if (command.empty()) {
    if (shows_banner(args) && !io.parse_only) io.out << sysbench_banner() << "\n\n" << std::flush;
    throw Failure(with_peer_text(
        usage_error("sysbench " + std::string(test->name),
                    fmt::format("the '{}' test requires a command: {}", test->name,
                                test->prepare ? "prepare, run, cleanup or help" : "run or help")),
        fmt::format("The '{}' test requires a command argument. See 'sysbench {} help'", test->name,
                    test->name)));
  }
  if (command != "run") {
    throw Failure(usage_error(command, "unknown command (use run, help, prepare or cleanup)"));
  }
  if (io.parse_only) return 0;
  return run_test(*test, args, groups, io);
}

}  // namespace

// The drop-in speaks sysbench's language: an error sysbench has words for is printed in them,
// with sysbench's exit status 1; machine formats (--output-format=json|csv) keep hostmark's
// one line on stderr, so that standard output stays theirs.
int run_sysbench_command(const std::vector<std::string>& argv, const CommandIo& io) {
  try {
    return run_sysbench(argv, io);
  } catch (const Failure& f) {
    const std::string text = sysbench_failure_text(f);
    if (text.empty() || io.parse_only) throw;
    const auto parsed = SbArgs::parse(argv);
    if (parsed && machine_output(*parsed)) throw;
    print_peer_text(text, io);
    return 1;
  }
}

}  // namespace hostmark
