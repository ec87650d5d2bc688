#include "commands/db_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>

#include "commands/cli_common.h"
#include "monitor/phase_monitor.h"
#include "output/progress.h"
#include "runner/clock.h"
#include "runner/outcome_phase.h"
#include "runner/runner.h"
#include "runner/signal_guard.h"
#include "workloads/oltp.h"

namespace hostmark {
namespace {

struct PhaseKind {
  const char* name;
  OltpKind kind;
};
constexpr std::array kPhases = {PhaseKind{"read-write", OltpKind::kReadWrite},
                                PhaseKind{"read-only", OltpKind::kReadOnly},
                                PhaseKind{"point-select", OltpKind::kPointSelect}};

class TpsProgress final : public RunObserver {
 public:
  TpsProgress(ProgressLine& line, std::string what) : line_(line), what_(std::move(what)) {}
  void on_progress(double elapsed_s, std::uint64_t events, double expected_s) override {
    const double rate = elapsed_s > 0 ? static_cast<double>(events) / elapsed_s : 0;
    line_.show(format_progress(what_, elapsed_s, expected_s, rate, "tps"));
  }

 private:
  ProgressLine& line_;
  std::string what_;
};

OltpSpec base_spec(const DbRunOptions& o) {
  OltpSpec spec;
  spec.tables = o.tables;
  spec.table_size = o.table_size;
  return spec;
}

// Refuses (or, asked to, drops) sbtest tables that exist before the run: they may be someone's
// sysbench data set, and a run on them would not measure what the options say.
void check_existing_tables(const DbRunOptions& o, const db::Driver& driver, db::Connection& conn,
                           std::ostream& progress) {
  int found = 0;
  for (int t = 1; t <= o.tables && found == 0; ++t) {
    try {
      conn.query(fmt::format("SELECT id FROM sbtest{} LIMIT 1", t));
      found = t;
    } catch (const db::DbError&) {  // no such table (or not readable): prepare makes it
    }
  }
  if (found == 0) return;
  if (!o.drop_existing) {
    throw Failure(run_error(
        driver.target(),
        fmt::format("table sbtest{} already exists (an earlier run or a sysbench prepare); use "
                    "another database, or --drop-existing to drop sbtest1..sbtest{} first",
                    found, o.tables)));
  }
  oltp_cleanup(base_spec(o), driver, progress);
}

// One measured phase (a second Ctrl-C ends the process from here).
Phase run_db_phase(const PhaseKind& phase, const DbRunOptions& o, const db::Driver& driver,
                   const CommandIo& io, bool& interrupted) {
  OltpSpec spec = base_spec(o);
  spec.kind = phase.kind;
  auto workload = make_oltp_workload(spec, driver, monotonic_ns());
  RunSpec run;
  run.threads = o.threads;
  run.time_limit_ns = o.time_per_phase_ns;
  ProgressLine line(io.err, io.err_is_tty);
  TpsProgress observer(
      line, fmt::format("db {} ({} thread{})", phase.name, o.threads, o.threads > 1 ? "s" : ""));
  std::optional<monitor::PhaseMonitor> watch;
  if (o.monitor) watch.emplace(o.monitor_disk);
  const RunOutcome out = run_workload(*workload, run, &observer);
  if (out.forced_shutdown) {
    if (o.before_abandon) o.before_abandon();
    abandon_process("db", io);
  }
  interrupted = out.interrupted;
  const OltpCounts c = workload->counts();
  const double wall_s = static_cast<double>(out.wall_ns) / 1e9;
  const auto per_s = [wall_s](std::uint64_t n) {
    return wall_s > 0 ? static_cast<double>(n) / wall_s : 0.0;
  };
  Phase p = phase_from_outcome(phase.name, out, {50, 95, 99});
  if (watch) p.activity = watch->finish();
  const std::uint64_t queries = c.reads + c.writes + c.others;
  p.metrics.insert(p.metrics.begin(),
                   {{"tps", per_s(c.transactions), "transactions/s"},
                    {"qps", per_s(queries), "queries/s"},
                    {"threads", static_cast<double>(o.threads), "threads"},
                    {"transactions", static_cast<double>(c.transactions), "transactions"},
                    {"reads", static_cast<double>(c.reads), "queries"},
                    {"writes", static_cast<double>(c.writes), "queries"},
                    {"others", static_cast<double>(c.others), "queries"},
                    {"errors", static_cast<double>(c.ignored_errors), "errors"},
                    {"errors_per_s", per_s(c.ignored_errors), "errors/s"},
                    {"reconnects", static_cast<double>(c.reconnects), "reconnects"}});
  return p;
}

// A short read-write run whose figures are thrown away (caches, buffer pool, statement plans).
bool warm_up(const DbRunOptions& o, const db::Driver& driver, const CommandIo& io) {
  if (o.warmup_ns == 0) return false;
  OltpSpec spec = base_spec(o);
  auto workload = make_oltp_workload(spec, driver, monotonic_ns());
  RunSpec run;
  run.threads = o.threads;
  run.time_limit_ns = o.warmup_ns;
  ProgressLine line(io.err, io.err_is_tty);
  TpsProgress observer(line, "db warm-up");
  const RunOutcome out = run_workload(*workload, run, &observer);
  if (out.forced_shutdown) {
    if (o.before_abandon) o.before_abandon();
    abandon_process("db", io);
  }
  return out.interrupted;
}

Phase prepare_phase(const DbRunOptions& o, const db::Driver& driver, std::ostream& progress,
                    std::uint64_t& rows) {
  std::optional<monitor::PhaseMonitor> watch;
  if (o.monitor) watch.emplace(o.monitor_disk);
  const std::uint64_t start = monotonic_ns();
  oltp_prepare(base_spec(o), driver, std::max(1, std::min(o.threads, o.tables)), progress);
  const double seconds = static_cast<double>(monotonic_ns() - start) / 1e9;
  rows = static_cast<std::uint64_t>(o.tables) * o.table_size;
  Phase p;
  p.name = "prepare";
  p.duration_s = seconds;
  p.metrics = {{"tables", static_cast<double>(o.tables), "tables"},
               {"rows", static_cast<double>(rows), "rows"},
               {"rows_per_s", seconds > 0 ? static_cast<double>(rows) / seconds : 0, "rows/s"},
               {"seconds", seconds, "s"}};
  if (watch) p.activity = watch->finish();
  return p;
}

// Drops the sbtest tables; the error when that failed (nothing printed here: the caller makes
// it part of its one line).
std::optional<Error> cleanup_tables(const DbRunOptions& o, const db::Driver& driver,
                                    std::ostream& progress) {
  try {
    oltp_cleanup(base_spec(o), driver, progress);
  } catch (const Failure& f) {
    return Error{ErrorKind::kRun, f.error().what,
                 "could not drop the sbtest tables: " + f.error().why};
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::string> db_retried_errors(db::DriverKind kind) {
  switch (kind) {
    case db::DriverKind::kMysql: return {"1213", "1205", "1020", "1062"};
    case db::DriverKind::kPgsql: return {"40P01", "40001", "23505"};
    case db::DriverKind::kSqlite: return {"SQLITE_BUSY", "SQLITE_LOCKED"};
  }
  return {};
}

Error with_cleanup_failure(Error first, const Error& cleanup) {
  first.why += fmt::format("; cleanup also failed: {}",
                           cleanup.what == first.what ? cleanup.why : cleanup.message());
  return first;
}

DbRun measure_db(const DbRunOptions& o, const CommandIo& io) {
  const auto driver = db::make_driver(o.connect).value();
  std::ostream no_progress(nullptr);
  std::ostream& progress = io.err_is_tty ? io.err : no_progress;
  DbRun run;
  {  // Ctrl-C still ends a connection attempt that hangs: nothing is made yet
    const auto conn = driver->connect();
    run.server = {driver->target(), conn->server_version(), conn->server_settings()};
    check_existing_tables(o, *driver, *conn, progress);
  }
  try {
    // Ctrl-C during prepare: it finishes its tables, then the tables are dropped. The guard
    // ends before cleanup, so a Ctrl-C then (a server that hangs) still ends the process,
    // unless the caller holds the signals (db.cc does while it owns a SQLite file).
    SignalGuard signals;
    // A Ctrl-C that a caller held back until now (db.cc does while it owns a SQLite file)
    // stops the run before anything is made.
    run.interrupted = signals.stop_requested();
    if (!run.interrupted) run.phases.push_back(prepare_phase(o, *driver, progress, run.rows));
    run.interrupted = run.interrupted || signals.stop_requested() || warm_up(o, *driver, io);
    for (const auto& phase : kPhases) {
      if (run.interrupted || signals.stop_requested()) break;
      try {
        run.phases.push_back(run_db_phase(phase, o, *driver, io, run.interrupted));
      } catch (const Failure& f) {
        run.failure = f.error();
        break;
      }
    }
    run.interrupted = run.interrupted || signals.stop_requested();
  } catch (const Failure& f) {
    if (const auto cleanup = cleanup_tables(o, *driver, progress))
      throw Failure(with_cleanup_failure(f.error(), *cleanup));
    throw;
  } catch (...) {  // not a Failure (out of memory...): that one is the line, cleanup or not
    cleanup_tables(o, *driver, progress);
    throw;
  }
  run.cleanup_failure = cleanup_tables(o, *driver, progress);
  return run;
}

}  // namespace hostmark
