#include "commands/suite_steps.h"

#include <array>
#include <memory>
#include <string>

#include "commands/cpu.h"
#include "commands/db_run.h"
#include "commands/db_sqlite_file.h"
#include "commands/memory.h"
#include "fsbench/fs_run.h"
#include "runner/signal_guard.h"
#include "sysinfo/host_info.h"

namespace hostmark {
namespace {

void add_prefixed(const std::string& step, std::vector<Phase> phases, Result& result) {
  for (auto& p : phases) {
    p.name = step + "." + p.name;
    result.phases.push_back(std::move(p));
  }
}

void info_step(const SuiteSettings&, const CommandIo&, Result& result) {
  result.host = std::make_shared<const sysinfo::HostInfo>(sysinfo::collect_host_info(""));
}

void cpu_step(const SuiteSettings& s, const CommandIo& io, Result& result) {
  CpuOptions o;
  o.time_per_phase_ns = s.quick ? 500'000'000 : 5'000'000'000;
  CpuRun run = measure_cpu(o, io);
  add_prefixed("cpu", std::move(run.phases), result);
  if (run.interrupted) result.interrupted = true;
}

void memory_step(const SuiteSettings& s, const CommandIo& io, Result& result) {
  MemoryRun run = measure_memory(s.quick ? quick_memory_options() : MemoryOptions{}, io);
  add_prefixed("memory", std::move(run.phases), result);
  result.notes.insert(result.notes.end(), run.notes.begin(), run.notes.end());
  result.warnings.insert(result.warnings.end(), run.warnings.begin(), run.warnings.end());
  if (run.interrupted) result.interrupted = true;
}

// The bonnie++-style fs test in a hostmark-fs.* directory under /var/tmp (removed after).
void fs_step(const SuiteSettings& s, const CommandIo& io, Result& result) {
  Result run;
  run.context = result.context;
  std::ostream no_progress(nullptr);
  try {
    fsbench::measure_fs(fsbench::suite_fs_options("/var/tmp", s.quick, result.context.memory_bytes),
                        io.err_is_tty ? io.err : no_progress, run);
  } catch (const Failure& f) {  // a full /var/tmp must not end the whole suite
    result.warnings.push_back(std::string("fs step skipped: ") + f.what());
    return;
  }
  add_prefixed("fs", std::move(run.phases), result);
  for (auto& t : run.storage) result.storage.push_back(std::move(t));
  if (run.interrupted) result.interrupted = true;
}

// sysbench's OLTP transactions on SQLite in a temporary file under /var/tmp (removed after);
// the suite keeps each phase's headline metrics (`hostmark db` has them all).
void db_step(const SuiteSettings& s, const CommandIo& io, Result& result) {
  DbRunOptions o;
  if (s.quick) {
    o.tables = 1;
    o.table_size = 1000;
    o.threads = 1;
    o.time_per_phase_ns = 500'000'000;
    o.warmup_ns = 0;
  } else {
    o.threads = std::max(1, result.context.cpu_count);
  }
  o.connect.ignore_errors = db_retried_errors(o.connect.kind);
  DbRun run;
  // As in `hostmark db`: while the temporary SQLite file exists, SIGINT/SIGTERM stop the run
  // instead of ending the process (which would leave the directory behind).
  SignalGuard hold_signals;
  try {
    SqliteRunFile file("", "/var/tmp");
    o.connect.sqlite_path = file.path();
    o.before_abandon = [&file] { file.remove(); };
    result.storage.push_back(sqlite_storage(file.path(), result.context));
    o.monitor = true;  // as the fs step: the figures say what the disk did
    o.monitor_disk = result.storage.back().disk;
    run = measure_db(o, io);
  } catch (const Failure& f) {  // a full /var/tmp must not end the whole suite
    result.warnings.push_back(std::string("db step skipped: ") + f.what());
    if (hold_signals.stop_requested()) result.interrupted = true;
    return;
  }
  for (auto& p : run.phases) {
    std::erase_if(p.metrics, [](const Metric& m) {
      return m.name != "tps" && m.name != "qps" && m.name != "errors" && m.name != "rows_per_s";
    });
  }
  add_prefixed("db", std::move(run.phases), result);
  if (run.failure) result.warnings.push_back("db step stopped: " + run.failure->message());
  if (run.cleanup_failure) result.warnings.push_back("db step: " + run.cleanup_failure->message());
  // A Ctrl-C held during cleanup still ends the suite after this step.
  if (run.interrupted || hold_signals.stop_requested()) result.interrupted = true;
}

constexpr std::array kSteps = {
    SuiteStep{"info", "describe the host", info_step},
    SuiteStep{"cpu", "CPU score, 1 and all threads (sysbench prime work)", cpu_step},
    SuiteStep{"memory", "memory bandwidth, load latency, sysbench-style figure", memory_step},
    SuiteStep{"fs", "filesystem test in /var/tmp (bonnie++-style)", fs_step},
    SuiteStep{"db", "SQLite OLTP in /var/tmp (sysbench's read-write, read-only, point-select)",
              db_step},
};

}  // namespace

std::span<const SuiteStep> suite_steps() { return kSteps; }

}  // namespace hostmark
