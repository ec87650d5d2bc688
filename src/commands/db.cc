// `hostmark db [URL]`: sysbench's OLTP transactions on a database, for humans. Prepares the
// sbtest tables, warms up, measures read-write, read-only and point-select, drops the tables,
// and prints one table with the server's version and the settings that decide the figures.
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "commands/db_run.h"
#include "commands/db_sqlite_file.h"
#include "db/db_url.h"
#include "output/activity_text.h"
#include "output/storage_text.h"
#include "output/table.h"
#include "results/context.h"
#include "results/context_warnings.h"
#include "runner/signal_guard.h"
#include "sysinfo/basic.h"

namespace hostmark {
namespace {

std::string db_option(const Result& r, const std::string& name) {
  for (const auto& [k, v] : r.options)
    if (k == name) return v;
  return "";
}

std::string percentile_ms(const Phase& p, double percent) {
  if (!p.latency) return "-";
  for (const auto& [pct, ns] : p.latency->percentiles_ns)
    if (pct == percent) return fmt::format("{:.3f}", static_cast<double>(ns) / 1e6);
  return "-";
}

double metric(const Phase& p, const char* name) {
  const Metric* m = p.metric(name);
  return m == nullptr ? 0 : m->value;
}

std::string settings_line(const ServerInfo& s) {
  std::string line;
  for (const auto& [k, v] : s.settings)
    line += fmt::format("{}{}={}", line.empty() ? "" : ", ", k, v);
  return line.empty() ? "-" : line;
}

void write_db_text(const Result& r, std::ostream& out) {
  for (const auto& t : r.storage) write_storage_header(t, out);
  out << "Database:    " << db_option(r, "url")
      << (db_option(r, "temporary") == "yes" ? " (temporary, removed after)" : "") << '\n';
  if (r.server) {
    out << "Server:      " << r.server->version << '\n';
    out << "Settings:    " << settings_line(*r.server) << '\n';
  }
  for (const auto& p : r.phases) {
    if (p.name != "prepare") continue;
    out << fmt::format(
        "Data:        {} table{} x {} rows (sysbench's sbtest), loaded in {:.2f} s "
        "({:.0f} rows/s)\n",
        db_option(r, "tables"), db_option(r, "tables") == "1" ? "" : "s",
        db_option(r, "table-size"), p.duration_s, metric(p, "rows_per_s"));
  }
  const std::string threads = db_option(r, "threads");
  const std::string warmup = db_option(r, "warmup");
  const bool no_warmup = parse_duration_ns("--warmup", warmup).ok() &&
                         parse_duration_ns("--warmup", warmup).value() == 0;
  out << fmt::format("Run:         {} thread{}, {} per phase{}\n\n", threads,
                     threads == "1" ? "" : "s", db_option(r, "time"),
                     no_warmup ? ", no warm-up" : ", after a " + warmup + " warm-up");
  Table t({"phase", "tps", "qps", "p50 ms", "p95 ms", "p99 ms", "errors"});
  for (const auto& p : r.phases) {
    if (p.name == "prepare") continue;
    t.add_row({p.name, fmt::format("{:.1f}", metric(p, "tps")),
               fmt::format("{:.0f}", metric(p, "qps")), percentile_ms(p, 50), percentile_ms(p, 95),
               percentile_ms(p, 99), fmt::format("{:.0f}", metric(p, "errors"))});
  }
  out << t.render();
  write_activity_table(r, out);
  if (r.interrupted)
    out << "(interrupted: the figures cover the phases that ran before the signal)\n";
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
  for (const auto& s : r.storage) write_storage_warnings(s, out);
}

// --monitor's disk: --monitor-disk when given (a usage error unless /sys/block has it), else
// the SQLite file's disk, else none (CPU only).
std::string monitor_disk(const std::string& given, const std::vector<StorageTarget>& storage) {
  if (!given.empty()) {
    std::error_code ec;
    if (given.find('/') != std::string::npos || !std::filesystem::exists("/sys/block/" + given, ec))
      throw Failure(
          usage_error("--monitor-disk", fmt::format("'{}' is not a disk in /sys/block", given)));
    return given;
  }
  return storage.empty() ? std::string() : storage.front().disk;
}

// The variable's value; unset and empty are the same (no password).
std::optional<std::string> env(std::string_view name) {
  if (name.empty()) return std::nullopt;
  const char* v = std::getenv(std::string(name).c_str());
  return v == nullptr || *v == '\0' ? std::nullopt : std::optional<std::string>(v);
}

}  // namespace

int run_db_command(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app(
      "Database OLTP benchmark: sysbench's oltp_read_write, oltp_read_only and "
      "oltp_point_select transactions on SQLite (default: a temporary file), MariaDB/MySQL or "
      "PostgreSQL",
      "db");
  std::string url;
  std::string time = "5s";
  std::string warmup = "2s";
  std::string password_file;
  DbRunOptions o;
  o.threads = 0;
  OutputOptions output;
  app.add_option("url", url,
                 "sqlite:PATH, mysql://user[:password]@host[:port]/db[?socket=PATH&ssl=MODE], "
                 "postgresql://user[:password]@host[:port]/db[?host=SOCKETDIR&sslmode=MODE] "
                 "(server URLs also take password_file=PATH) "
                 "(default: SQLite in a temporary file under $TMPDIR, or /var/tmp when unset)");
  app.add_option("--tables", o.tables, "number of sbtest tables")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  app.add_option("--table-size", o.table_size, "rows per table")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 32));
  app.add_option("--threads", o.threads, "client threads (default: every online CPU)")
      ->check(CLI::Range(1, 10000));
  app.add_option("--time", time, "duration of each phase (e.g. 5s, 500ms)")->capture_default_str();
  app.add_option("--warmup", warmup, "read-write warm-up before the phases (0 for none)")
      ->capture_default_str();
  app.add_option("--password-file,--db-password-file", password_file,
                 "read the password from this file's first line (when the URL, MYSQL_PWD or "
                 "PGPASSWORD give none)");
  app.add_flag("--drop-existing", o.drop_existing,
               "drop sbtest1..N tables that exist before the run instead of refusing");
  app.add_flag("--monitor", o.monitor,
               "also report what the disk and the CPUs did during each phase (iostat -x)");
  app.add_option("--monitor-disk", o.monitor_disk,
                 "with --monitor, the whole disk to watch, as /sys/block names it (default: the "
                 "SQLite file's disk; none for a server, whose data hostmark cannot see)");
  add_output_options(app, output);
  SaveOptions save;
  add_save_options(app, save);
  if (!parse_command_line(app, args, io)) return 0;
  o.time_per_phase_ns = parse_duration_ns("--time", time).value();
  if (o.time_per_phase_ns == 0) throw Failure(usage_error("--time", "must be more than 0"));
  o.warmup_ns = parse_duration_ns("--warmup", warmup).value();
  if (o.threads == 0) o.threads = std::max(1, sysinfo::online_cpus());

  db::DbUrl parsed;
  if (!url.empty()) parsed = db::parse_db_url(url).value();
  db::read_url_password_file(parsed).value();
  std::optional<std::string> file_password;
  if (!password_file.empty()) file_password = db::read_password_file(password_file).value();
  db::resolve_password(parsed, env(db::password_env_name(parsed.options.kind)), file_password);
  o.connect = parsed.options;
  o.connect.ignore_errors = db_retried_errors(o.connect.kind);

  // While hostmark owns SQLite files (a temporary directory, a file the run makes), SIGINT and
  // SIGTERM only ask the run to stop (measure_db sees them): they never end the process
  // before the files are removed, even during cleanup or output. Declared before the file so
  // that it ends after the file is gone. A second Ctrl-C during a phase still ends the process
  // at once, after before_abandon. (Server runs keep the default: a hung server stays
  // interruptible outside the phases.)
  std::optional<SignalGuard> hold_signals;
  std::unique_ptr<SqliteRunFile> sqlite_file;
  if (o.connect.kind == db::DriverKind::kSqlite) {
    hold_signals.emplace();
    sqlite_file = std::make_unique<SqliteRunFile>(o.connect.sqlite_path, sqlite_temp_parent());
    o.connect.sqlite_path = sqlite_file->path();
    o.before_abandon = [file = sqlite_file.get()] { file->remove(); };
  }

  Result r;
  r.command = "db";
  r.context = collect_context();
  std::string retried;
  for (const auto& e : o.connect.ignore_errors)
    retried += fmt::format("{}{}", retried.empty() ? "" : ",", e);
  r.options = {{"url", db::display_db_url(o.connect)},
               {"driver", std::string(o.connect.kind == db::DriverKind::kSqlite  ? "sqlite"
                                      : o.connect.kind == db::DriverKind::kMysql ? "mysql"
                                                                                 : "pgsql")},
               {"temporary", sqlite_file && sqlite_file->temporary() ? "yes" : "no"},
               {"tables", std::to_string(o.tables)},
               {"table-size", std::to_string(o.table_size)},
               {"threads", std::to_string(o.threads)},
               {"time", time},
               {"warmup", warmup},
               {"retried-errors", retried}};
  if (sqlite_file) r.storage.push_back(sqlite_storage(sqlite_file->path(), r.context));
  if (o.monitor) o.monitor_disk = monitor_disk(o.monitor_disk, r.storage);

  DbRun run = measure_db(o, io);
  r.phases = std::move(run.phases);
  r.server = std::move(run.server);
  r.interrupted = run.interrupted;
  r.warnings = context_warnings(r.context);
  r.notes.emplace_back(
      "tps and qps are those of sysbench 1.0.20's oltp_read_write, oltp_read_only and "
      "oltp_point_select (same tables, same queries per transaction): compare with sysbench "
      "runs of the same --tables, --table-size and --threads");
  r.notes.emplace_back(
      "errors: transactions retried after a deadlock, lock timeout or serialization failure "
      "(" +
      retried + ")");
  if (run.failure) r.warnings.push_back("the run stopped early: " + run.failure->message());
  if (run.cleanup_failure) r.warnings.push_back(run.cleanup_failure->message());
  const int status = emit_result(r, output, save, write_db_text, io);
  // One line: the first failure, with a cleanup that failed after it folded in.
  std::optional<Error> failure = run.failure;
  if (failure && run.cleanup_failure) {
    failure = with_cleanup_failure(*failure, *run.cleanup_failure);
  } else if (!failure) {
    failure = run.cleanup_failure;
  }
  if (failure) {
    io.err << "hostmark: " << failure->message() << '\n';
    return failure->exit_code();
  }
  return status;
}

}  // namespace hostmark
