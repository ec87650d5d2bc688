#include "commands/suite_steps.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>

#include "cli/units.h"
#include "commands/cpu.h"
#include "commands/db_run.h"
#include "commands/db_sqlite_file.h"
#include "commands/disk_profile_run.h"
#include "commands/memory.h"
#include "fsbench/fs_run.h"
#include "runner/signal_guard.h"
#include "sysinfo/host_info.h"

namespace hostmark {
namespace {

// Rough rates of a small machine's disk, for the ETA only (seconds to write the test files).
constexpr double kAssumedWriteBytesPerS = 300e6;

void add_prefixed(const std::string& step, std::vector<Phase> phases, Result& result) {
  for (auto& p : phases) {
    p.name = step + "." + p.name;
    result.phases.push_back(std::move(p));
  }
}

double suite_seconds(std::uint64_t ns) { return static_cast<double>(ns) / 1e9; }

double info_estimate(const SuiteSettings&, const Context&) { return 1; }

void info_step(const SuiteSettings&, const CommandIo&, Result& result) {
  result.host = std::make_shared<const sysinfo::HostInfo>(sysinfo::collect_host_info(""));
}

double cpu_estimate(const SuiteSettings& s, const Context&) {
  return 2 * suite_seconds(s.profile.cpu_phase_ns);
}

void cpu_step(const SuiteSettings& s, const CommandIo& io, Result& result) {
  CpuOptions o;
  o.time_per_phase_ns = s.profile.cpu_phase_ns;
  CpuRun run = measure_cpu(o, io);
  add_prefixed("cpu", std::move(run.phases), result);
  if (run.interrupted) result.interrupted = true;
}

double memory_estimate(const SuiteSettings& s, const Context&) {
  return s.profile.memory_estimate_s;
}

void memory_step(const SuiteSettings& s, const CommandIo& io, Result& result) {
  MemoryRun run =
      measure_memory(s.profile.memory_quick ? quick_memory_options() : MemoryOptions{}, io);
  add_prefixed("memory", std::move(run.phases), result);
  result.notes.insert(result.notes.end(), run.notes.begin(), run.notes.end());
  result.warnings.insert(result.warnings.end(), run.warnings.begin(), run.warnings.end());
  if (run.interrupted) result.interrupted = true;
}

DiskProfileOptions storage_options(const SuiteSettings& s) {
  DiskProfileOptions o;
  o.path = s.dir;
  o.profile = "standard";
  o.loops = s.profile.disk_loops;
  o.duration = std::string(s.profile.disk_duration);
  o.size = std::string(s.profile.disk_size);
  o.monitor = true;
  return o;
}

double storage_estimate(const SuiteSettings& s, const Context&) {
  const DiskProfileOptions o = storage_options(s);
  const double loop_s = suite_seconds(parse_duration_ns("", o.duration).value());
  const double file_s =
      static_cast<double>(parse_size("", o.size).value()) / kAssumedWriteBytesPerS;
  return 8 * o.loops * loop_s + file_s;  // the standard profile: 4 tests, read and write
}

// CrystalDiskMark's standard profile (as `hostmark disk`) on a file in the suite's directory.
void storage_step(const SuiteSettings& s, const CommandIo& io, Result& result) {
  Result run;
  run.context = result.context;
  try {
    const DiskProfileOptions o = storage_options(s);
    measure_disk_profile(o, make_disk_plan(o), io, run);
  } catch (const Failure& f) {  // a full disk or a failing job must not end the whole suite
    result.warnings.push_back(std::string("storage step skipped: ") + f.what());
    return;
  }
  add_prefixed("storage", std::move(run.phases), result);
  for (auto& t : run.storage) result.storage.push_back(std::move(t));
  result.warnings.insert(result.warnings.end(), run.warnings.begin(), run.warnings.end());
  if (run.interrupted) result.interrupted = true;
}

double fs_estimate(const SuiteSettings& s, const Context&) {
  // Written, rewritten and read back; per-char I/O is slow; files created, read and deleted.
  return 3 * static_cast<double>(s.profile.fs_bytes) / kAssumedWriteBytesPerS +
         static_cast<double>(s.profile.fs_char_bytes) / 20e6 +
         static_cast<double>(s.profile.fs_files_k) * 0.3;
}

// The fs step's options (suite_options records what figures need of them).
fsbench::FsOptions suite_fs(const SuiteSettings& s, const Context& c) {
  return fsbench::suite_fs_options(s.dir, s.profile.fs_bytes, s.profile.fs_char_bytes,
                                   s.profile.fs_files_k, c.memory_bytes);
}

// The bonnie++-style fs test in a hostmark-fs.* directory under the suite's (removed after).
void fs_step(const SuiteSettings& s, const CommandIo& io, Result& result) {
  Result run;
  run.context = result.context;
  std::ostream no_progress(nullptr);
  try {
    fsbench::measure_fs(suite_fs(s, result.context), io.err_is_tty ? io.err : no_progress, run);
  } catch (const Failure& f) {  // a full disk must not end the whole suite
    result.warnings.push_back(std::string("fs step skipped: ") + f.what());
    return;
  }
  add_prefixed("fs", std::move(run.phases), result);
  for (auto& t : run.storage) result.storage.push_back(std::move(t));
  if (run.interrupted) result.interrupted = true;
}

DbRunOptions db_options(const SuiteSettings& s, const Context& c) {
  DbRunOptions o;
  o.tables = s.profile.db_tables;
  o.table_size = s.profile.db_table_size;
  o.threads = s.profile.db_all_threads ? std::max(1, c.cpu_count) : 1;
  o.time_per_phase_ns = s.profile.db_phase_ns;
  o.warmup_ns = s.profile.db_phase_ns / 5;
  return o;
}

double db_estimate(const SuiteSettings& s, const Context& c) {
  const DbRunOptions o = db_options(s, c);
  const double rows = static_cast<double>(o.tables) * static_cast<double>(o.table_size);
  return rows / 200e3 + 3 * suite_seconds(o.time_per_phase_ns + o.warmup_ns);
}

// sysbench's OLTP transactions on SQLite in a temporary file in the suite's directory (removed
// after); the suite keeps each phase's headline metrics (`hostmark db` has them all).
void db_step(const SuiteSettings& s, const CommandIo& io, Result& result) {
  DbRunOptions o = db_options(s, result.context);
  o.connect.ignore_errors = db_retried_errors(o.connect.kind);
  DbRun run;
  // As in `hostmark db`: while the temporary SQLite file exists, SIGINT/SIGTERM stop the run
  // instead of ending the process (which would leave the directory behind).
  SignalGuard hold_signals;
  try {
    SqliteRunFile file("", s.dir);
    o.connect.sqlite_path = file.path();
    o.before_abandon = [&file] { file.remove(); };
    result.storage.push_back(sqlite_storage(file.path(), result.context));
    o.monitor = true;  // as the fs step: the figures say what the disk did
    o.monitor_disk = result.storage.back().disk;
    run = measure_db(o, io);
  } catch (const Failure& f) {  // a full disk must not end the whole suite
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
    SuiteStep{"info", "describe the host", info_estimate, info_step},
    SuiteStep{"cpu", "CPU score, 1 and all threads (sysbench prime work)", cpu_estimate, cpu_step},
    SuiteStep{"memory", "memory bandwidth, load latency, sysbench-style figure", memory_estimate,
              memory_step},
    SuiteStep{"storage", "CrystalDiskMark standard profile (as `hostmark disk`)", storage_estimate,
              storage_step},
    SuiteStep{"fs", "filesystem test (bonnie++-style)", fs_estimate, fs_step},
    SuiteStep{"db", "SQLite OLTP (sysbench's read-write, read-only, point-select)", db_estimate,
              db_step},
};

}  // namespace

std::span<const SuiteStep> suite_steps() { return kSteps; }

std::vector<std::pair<std::string, std::string>> suite_options(const SuiteSettings& s,
                                                               const Context& c) {
  const SuiteProfile& p = s.profile;
  const DbRunOptions db = db_options(s, c);
  return {{"profile", std::string(p.name)},
          {"cpu-time", fmt::format("{:g}", suite_seconds(p.cpu_phase_ns))},
          {"cpu-max-prime", std::to_string(CpuOptions{}.max_prime)},
          {"memory", p.memory_quick ? "quick" : "default"},
          {"disk-profile", "standard"},
          {"disk-loops", std::to_string(p.disk_loops)},
          {"disk-duration", std::string(p.disk_duration)},
          {"disk-size", std::string(p.disk_size)},
          {"fs-size", std::to_string(p.fs_bytes)},
          {"fs-char-size", std::to_string(p.fs_char_bytes)},
          {"fs-files-k", std::to_string(p.fs_files_k)},
          {"fs-drop-cache", suite_fs(s, c).drop_cache ? "yes" : "no"},
          {"db-tables", std::to_string(db.tables)},
          {"db-table-size", std::to_string(db.table_size)},
          {"db-threads", std::to_string(db.threads)},
          {"db-time", fmt::format("{:g}", suite_seconds(db.time_per_phase_ns))}};
}

}  // namespace hostmark
