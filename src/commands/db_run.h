#pragma once
// The measurement of `hostmark db` (and the suite's db step): prepare sysbench's sbtest tables,
// warm up, run the read-write, read-only and point-select phases, clean up. The tables are
// dropped at the end whatever happens (an error, Ctrl-C); a second Ctrl-C during a phase
// abandons the process as every runner-driven command does.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "commands/command.h"
#include "db/db_driver.h"
#include "results/result.h"

namespace hostmark {

struct DbRunOptions {
  db::ConnectOptions connect;
  int tables = 4;
  std::uint64_t table_size = 10000;
  int threads = 1;
  std::uint64_t time_per_phase_ns = 5'000'000'000;
  std::uint64_t warmup_ns = 2'000'000'000;
  bool drop_existing = false;  // drop sbtest1..N left by an earlier run instead of refusing
  bool monitor = false;        // --monitor: each phase carries what the disk and CPUs did
  std::string monitor_disk;    // the whole disk watched ("vda"; "" = CPU only)
  std::function<void()> before_abandon;  // runs before a second Ctrl-C ends the process
};

// Database error codes a phase retries (the whole transaction, counted as an error) instead of
// failing: deadlocks, lock timeouts and serialization failures that concurrent OLTP
// transactions meet on every engine, and SQLite's busy/locked.
std::vector<std::string> db_retried_errors(db::DriverKind kind);

struct DbRun {
  std::vector<Phase> phases;  // "prepare", then "read-write", "read-only", "point-select"
  ServerInfo server;
  std::uint64_t rows = 0;  // rows loaded by prepare
  bool interrupted = false;
  // A phase failed (server gone, a statement refused): the phases before it are in `phases`,
  // the tables were dropped (where the server still answered).
  std::optional<Error> failure;
  // The tables could not be dropped at the end (run error naming the target).
  std::optional<Error> cleanup_failure;
};

// `first` with a cleanup that failed after it in the same one line:
// "<what>: <why>; cleanup also failed: could not drop the sbtest tables: <why>".
Error with_cleanup_failure(Error first, const Error& cleanup);

// Runs everything on `options.connect` (its ignore_errors should be db_retried_errors()).
// Progress goes to io.err on a terminal only; nothing else is printed. Throws Failure/DbError
// (one line naming the target and the reason) when the server cannot be reached or prepare
// fails (the tables are dropped first; a cleanup failure is folded into the same Failure); a
// failure in a measured phase ends the run with DbRun::failure set. A SIGINT/SIGTERM already
// pending when it starts (blocked by the caller) stops the run before prepare.
DbRun measure_db(const DbRunOptions& options, const CommandIo& io);

}  // namespace hostmark
