// `hostmark doctor [PATH] [--db URL] [--duration S]`: "why is my server slow?". Runs the checks
// an admin would, in that order (memory and swap, load/iowait/steal, top I/O processes,
// storage on PATH's filesystem, an OLTP probe with --db), then ranks what they found
// (commands/doctor/verdict.h). docs/DOCTOR.md gives every threshold and its reasoning.
#include <fmt/format.h>
#include <sys/stat.h>

#include <cstdlib>
#include <memory>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "commands/doctor/budget.h"
#include "commands/doctor/db_check.h"
#include "commands/doctor/doctor_text.h"
#include "commands/doctor/host_checks.h"
#include "commands/doctor/storage_check.h"
#include "db/db_url.h"
#include "results/context.h"
#include "results/context_warnings.h"
#include "storage/storage_context.h"
#include "sysinfo/basic.h"

namespace hostmark {
namespace {

struct DoctorOptions {
  std::string path = ".";
  std::string db_url;
  std::string duration = "60";
  std::string size;             // hidden: test file size (default 128 MiB, at most 1/4 of free)
  std::uint64_t rate_iops = 0;  // hidden: cap every storage probe (tests of a slow disk)
  OutputOptions output;
};

constexpr std::uint64_t kDefaultTestFileBytes = std::uint64_t{128} << 20;

// PATH must be an existing directory: the storage probes use a temporary file in it.
void check_directory(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) throw Failure(usage_error(path, "no such directory"));
  if (!S_ISDIR(st.st_mode))
    throw Failure(usage_error(
        path, "not a directory (doctor tests storage with a temporary file in a directory)"));
}

std::optional<db::ConnectOptions> parse_db(const std::string& url) {
  if (url.empty()) return std::nullopt;
  db::DbUrl parsed = db::parse_db_url(url).value();
  db::read_url_password_file(parsed).value();
  const std::string env_name(db::password_env_name(parsed.options.kind));
  std::optional<std::string> env_password;
  if (const char* v = env_name.empty() ? nullptr : std::getenv(env_name.c_str())) env_password = v;
  db::resolve_password(parsed, env_password, std::nullopt);
  return parsed.options;
}

doctor::StoragePlan storage_plan(const DoctorOptions& o, const StorageTarget& described,
                                 std::uint64_t probe_ns) {
  std::uint64_t size = kDefaultTestFileBytes;
  if (!o.size.empty()) {
    size = parse_size("--size", o.size).value();
  } else if (described.fs_available_bytes != 0) {
    size = std::min(size, described.fs_available_bytes / 4);
  }
  if (described.fs_available_bytes != 0 && size > described.fs_available_bytes)
    throw Failure(
        usage_error(o.path, fmt::format("only {} free for the test file",
                                        format_bytes_binary(described.fs_available_bytes))));
  doctor::StoragePlan plan;
  plan.target =
      storage::resolve_disk_target(o.path, std::max(size, storage::kMinDiskTestBytes)).value();
  plan.probe_ns = probe_ns;
  plan.rate_iops = o.rate_iops;
  plan.direct = doctor::directory_allows_direct(o.path).value();
  plan.where = fmt::format("{} on {} ({})", described.fs_type.empty() ? "?" : described.fs_type,
                           described.disk.empty() ? "no block device" : described.disk,
                           described.mount_point);
  return plan;
}

}  // namespace

int run_doctor_command(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app(
      "Why is this machine slow? Checks memory and swap, load, iowait and steal, the top I/O "
      "processes, storage on PATH's filesystem and (--db) a database, then names the "
      "bottleneck",
      "doctor");
  DoctorOptions o;
  app.add_option("path", o.path, "directory whose filesystem is tested (a temporary file)")
      ->capture_default_str();
  app.add_option("--db", o.db_url,
                 "also run a short OLTP probe: sqlite:PATH, mysql://..., postgresql://...");
  app.add_option("--duration", o.duration, "about how long the checks take (seconds)")
      ->capture_default_str();
  app.add_option("--size", o.size, "test file size (default 128 MiB)")->group("");
  app.add_option("--rate-iops", o.rate_iops, "cap each storage probe at N IOPS (tests)")->group("");
  add_output_options(app, o.output);
  if (!parse_command_line(app, args, io)) return 0;
  const std::uint64_t duration_ns = parse_duration_ns("--duration", o.duration).value();
  if (duration_ns < doctor::kMinDurationNs)
    throw Failure(usage_error("--duration", "must be at least 1 s"));
  check_directory(o.path);
  const std::optional<db::ConnectOptions> db = parse_db(o.db_url);
  const doctor::Budget budget = doctor::doctor_budget(duration_ns);
  StorageTarget described = storage::describe_storage(o.path).value();
  const doctor::StoragePlan plan = storage_plan(o, described, budget.probe_ns);

  Result r;
  r.command = "doctor";
  r.context = collect_context();
  r.options = {{"path", o.path},
               {"db", db ? db::display_db_url(*db) : ""},
               {"duration", fmt::format("{:g}", static_cast<double>(duration_ns) / 1e9)},
               {"size", std::to_string(plan.target.size_bytes)},
               {"direct", plan.direct ? "1" : "0"}};
  if (o.rate_iops > 0) r.options.emplace_back("rate-iops", std::to_string(o.rate_iops));

  std::vector<std::unique_ptr<doctor::Check>> checks;
  checks.push_back(doctor::make_memory_check("/", budget.host_sample_ns));
  checks.push_back(doctor::make_cpu_check("/", budget.host_sample_ns, sysinfo::online_cpus()));
  checks.push_back(doctor::make_process_check("/", budget.host_sample_ns));
  checks.push_back(doctor::make_storage_check(plan));
  if (db) checks.push_back(doctor::make_db_check(*db, budget.db_phase_ns));

  std::vector<doctor::Finding> findings;
  std::optional<Error> failure;
  {
    SignalGuard signals;  // Ctrl-C ends the current check; the test file is still removed
    ProgressLine progress(io.err, io.err_is_tty);
    doctor::CheckEnv env{io, progress, signals};
    for (const auto& check : checks) {
      if (r.interrupted) break;
      doctor::CheckReport report = check->run(env);
      findings.push_back(std::move(report.finding));
      for (auto& p : report.phases) r.phases.push_back(std::move(p));
      for (auto& w : report.warnings) r.warnings.push_back(std::move(w));
      r.interrupted = report.interrupted || signals.stop_requested();
      if (report.failure && !failure) failure = report.failure;
    }
  }
  const doctor::Verdict verdict = doctor::rank_findings(std::move(findings));
  r.notes = doctor::verdict_notes(verdict);
  r.notes.push_back(
      "storage probes are `hostmark disk` tests (libaio, one job each; `hostmark disk "
      "--explain` shows their fio lines); thresholds and typical device figures: docs/DOCTOR.md");
  for (auto& w : context_warnings(r.context)) r.warnings.push_back(std::move(w));
  storage::MeasureFacts facts;
  facts.data_bytes = plan.target.size_bytes;
  facts.reads = facts.writes = true;
  facts.direct = plan.direct;
  facts.cache_dropped = true;
  described.warnings = storage::storage_warnings(
      described, facts, r.context.memory_bytes,
      !r.context.virtualization.empty() && r.context.virtualization != "none");
  r.storage.push_back(std::move(described));
  const int status = emit_result(
      r, o.output,
      [&verdict](const Result& result, std::ostream& out) {
        doctor::write_doctor_text(verdict, result, out);
      },
      io);
  if (failure) {
    io.err << "hostmark: " << failure->message() << '\n';
    return failure->exit_code() == 2 ? 1 : failure->exit_code();
  }
  return status;
}

}  // namespace hostmark
