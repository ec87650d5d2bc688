// `hostmark record`: samples the block devices, CPUs, memory and load every --interval into
// an SQLite database (monitor/record_store.h) until stopped (Ctrl-C, SIGTERM) or --count
// samples; samples older than --retain are removed as it goes. Each sample after the first
// also keeps the --top-processes processes with the most I/O since the one before. Safe to kill at
// any moment.
#include <fmt/format.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "monitor/process_io.h"
#include "monitor/record_store.h"
#include "output/progress.h"
#include "runner/signal_guard.h"

namespace hostmark {
namespace {

struct RecordOptions {
  std::string db;
  std::string interval = "10s";
  std::string retain = "7d";
  std::uint64_t count = 0;        // 0 = until stopped
  std::size_t top_processes = 5;  // per sample, by I/O since the previous one (0 = none)
  OutputOptions output;
};

std::int64_t wall_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

constexpr std::uint64_t kMinIntervalNs = 10'000'000;          // 10 ms
constexpr std::uint64_t kMaxIntervalNs = 86'400'000'000'000;  // 1 day
// 100 years: `now - retain` and `written * interval` (at most ~1e5 samples of a day within
// it) stay far from int64's range.
constexpr std::uint64_t kMaxRetainNs = 100ull * 365 * 86'400'000'000'000;
constexpr std::uint64_t kPruneEvery = 60;  // samples between two prunes

}  // namespace

int run_record_command(const std::vector<std::string>& args, const CommandIo& io) {
  RecordOptions o;
  CLI::App app(
      "Record device, CPU, memory and load samples into an SQLite database until stopped "
      "(read them back with `hostmark history`).",
      "record");
  app.add_option("--db", o.db, "database file [$XDG_STATE_HOME/hostmark/record.db]")
      ->type_name("PATH");
  app.add_option("--interval", o.interval, "time between samples (10s, 1s, 500ms) [10s]")
      ->type_name("DURATION");
  app.add_option("--retain", o.retain, "remove samples older than this (7d, 12h) [7d]")
      ->type_name("DURATION");
  app.add_option("--count", o.count, "stop after N samples [until Ctrl-C]")->type_name("N");
  app.add_option("--top-processes", o.top_processes,
                 "keep the N processes with the most I/O per sample (0: none) [5]")
      ->type_name("N")
      ->check(CLI::Range(std::size_t{0}, std::size_t{1000}));
  add_output_options(app, o.output);
  if (!parse_command_line(app, args, io)) return 0;
  if (o.output.format == OutputFormat::kCsv)
    throw Failure(usage_error("--output-format", "record supports normal and json, not csv"));
  const std::uint64_t interval_ns = parse_duration_ns("--interval", o.interval).value();
  if (interval_ns < kMinIntervalNs)
    throw Failure(usage_error("--interval", fmt::format("'{}' is below 10ms", o.interval)));
  if (interval_ns > kMaxIntervalNs)
    throw Failure(usage_error("--interval", fmt::format("'{}' is above 1d", o.interval)));
  const std::uint64_t retain_ns = parse_duration_ns("--retain", o.retain).value();
  if (retain_ns == 0) throw Failure(usage_error("--retain", "must be above 0"));
  if (retain_ns > kMaxRetainNs)
    throw Failure(usage_error("--retain", fmt::format("'{}' is above 100 years", o.retain)));
  if (o.db.empty()) o.db = monitor::default_record_path();
  auto sink = OutputSink::open(o.output, io.out).value();

  SignalGuard signals;
  monitor::RecordStore store = monitor::RecordStore::open(o.db);
  ProgressLine progress(io.err, io.err_is_tty);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t written = 0, pruned = 0;
  const monitor::UserNames users = monitor::UserNames::load("/");
  const monitor::CollectOptions collect{"/", false, false};  // processes, no command lines
  std::optional<monitor::ProcessSnapshot> processes;         // of the previous sample
  while (o.count == 0 || written < o.count) {
    if (written > 0) {
      const auto due = start + std::chrono::nanoseconds(written * interval_ns);
      const auto left = due - std::chrono::steady_clock::now();
      if (left.count() > 0 && signals.wait(static_cast<std::uint64_t>(left.count())) != 0) break;
      if (signals.stop_requested()) break;
    }
    const std::int64_t now = wall_ns();
    monitor::HostSample sample = monitor::collect_host_sample("/", now);
    if (o.top_processes > 0) {
      monitor::ProcessSnapshot snapshot =
          monitor::collect_processes(collect, processes ? &*processes : nullptr);
      if (processes) {
        sample.top_processes = monitor::top_io_processes(
            monitor::delta_between(*processes, snapshot), o.top_processes, users);
      }
      processes = std::move(snapshot);
    }
    store.append(sample);
    if (written % kPruneEvery == 0)
      pruned += store.prune_before(now - static_cast<std::int64_t>(retain_ns));
    ++written;
    progress.show(fmt::format("record: {} samples to {} (Ctrl-C stops)", written, o.db));
  }
  progress.clear();
  const std::uint64_t kept = store.count();
  if (o.output.format == OutputFormat::kJson) {
    const nlohmann::json doc = {{"schema", "hostmark.record"},
                                {"schema_version", 1},
                                {"db", o.db},
                                {"samples_written", written},
                                {"samples_removed", pruned},
                                {"samples_in_db", kept},
                                {"interval_s", static_cast<double>(interval_ns) / 1e9},
                                {"interrupted", signals.signals_seen() > 0}};
    sink->stream() << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  } else {
    sink->stream() << fmt::format(
        "recorded {} samples every {} s to {} ({} in the database, {} older than {} removed)\n",
        written, static_cast<double>(interval_ns) / 1e9, o.db, kept, pruned, o.retain);
  }
  sink->close().value();
  return 0;
}

}  // namespace hostmark
