#include "commands/disk_profile_run.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <optional>

#include "cli/units.h"
#include "fio/job_parser.h"
#include "io/fio_run.h"
#include "monitor/phase_monitor.h"
#include "output/progress.h"
#include "runner/signal_guard.h"
#include "storage/disk_profile_stats.h"
#include "storage/storage_context.h"

namespace hostmark {
namespace {

using storage::DiskStep;

// One `hostmark fio` run; a run error when a job failed (unless interrupted).
fio::FioRun run_fio_once(const std::vector<std::string>& args, bool destructive,
                         const CommandIo& io) {
  fio::ParsedJobs parsed = fio::parse_fio_command_line(args, fio::system_parser_env()).value();
  parsed.run.destructive = destructive;
  parsed.run.eta = "never";
  fio::FioRun run = io::run_fio_jobs(parsed, io::RunIo{io.err}).value();
  for (const auto& w : run.warnings) io.err << "hostmark: warning: " << w << '\n';
  for (const auto& j : run.jobs)
    if (j.error != 0 && !run.interrupted) throw Failure(run_error("disk", j.error_text));
  return run;
}

// "5", "0.3": seconds as the text and JSON show them.
std::string seconds(std::uint64_t ns) { return fmt::format("{:g}", static_cast<double>(ns) / 1e9); }

// Drops the page cache of the target before reading it: its own pages, else (root) all.
bool drop_cache(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return storage::drop_all_caches();
  const bool dropped = storage::drop_cache_before_reading(fd);
  ::close(fd);
  return dropped;
}

struct Measured {
  std::vector<Phase> phases;
  bool interrupted = false;
  bool cache_dropped = true;
};

// `disk`: the whole disk to watch with --monitor ("" for none).
Measured measure(const DiskPlan& plan, const DiskProfileOptions& o, const std::string& disk,
                 SignalGuard& signals, const CommandIo& io) {
  Measured m;
  ProgressLine line(io.err, io.err_is_tty);
  if (plan.target.create) {
    line.show(fmt::format("disk: writing the test file ({})",
                          format_bytes_binary(plan.target.size_bytes)));
    m.interrupted =
        run_fio_once(storage::disk_prepare_arguments(plan.fio_target), o.destructive, io)
            .interrupted;
  }
  for (std::size_t s = 0; s < plan.steps.size() && !m.interrupted; ++s) {
    const DiskStep& step = plan.steps[s];
    if (s > 0 && plan.interval_ns > 0) {
      line.show(fmt::format("pause {} s before {}", seconds(plan.interval_ns), step.name()));
      if (signals.wait(plan.interval_ns) != 0) break;
    }
    std::vector<storage::DiskLoop> loops;
    std::optional<monitor::PhaseMonitor> watch;  // from the first loop's start to the last's end
    for (std::uint32_t l = 1; l <= o.loops; ++l) {
      if (signals.stop_requested()) {
        m.interrupted = true;
        break;
      }
      if (step.reads() && !drop_cache(plan.target.path)) m.cache_dropped = false;
      if (o.monitor && !watch) watch.emplace(disk);
      line.show(fmt::format("{}, loop {}/{}", step.name(), l, o.loops));
      const auto run =
          run_fio_once(storage::disk_fio_arguments(step, plan.fio_target), o.destructive, io);
      auto loop = storage::disk_loop_from(run.jobs, run.interrupted);
      m.interrupted = loop.interrupted;
      if (loop.ios > 0) loops.push_back(std::move(loop));
      if (m.interrupted) break;
    }
    if (!loops.empty()) {
      m.phases.push_back(storage::disk_phase(step, loops, plan.profile.aggregate));
      if (watch) m.phases.back().activity = watch->finish();
    }
  }
  m.interrupted = m.interrupted || signals.stop_requested();
  return m;
}

}  // namespace

DiskPlan make_disk_plan(const DiskProfileOptions& o) {
  DiskPlan plan;
  plan.profile = storage::find_disk_profile(o.profile).value();
  if (!o.aggregate.empty())
    plan.profile.aggregate = storage::parse_disk_aggregate(o.aggregate).value();
  if (o.read_only && o.write_only)
    throw Failure(usage_error("--read-only", "cannot be combined with --write-only"));
  if (plan.profile.mix && (o.read_only || o.write_only))
    throw Failure(
        usage_error("--profile=mix", "mixes reads and writes: drop --read-only/--write-only"));
  plan.steps = storage::disk_steps(plan.profile, !o.write_only, !o.read_only);
  const std::uint64_t duration_ns = parse_duration_ns("--duration", o.duration).value();
  if (duration_ns < 1'000'000) throw Failure(usage_error("--duration", "must be at least 1 ms"));
  plan.interval_ns = parse_duration_ns("--interval", o.interval).value();
  std::optional<std::uint64_t> size;
  if (!o.size.empty()) size = parse_size("--size", o.size).value();
  plan.target = storage::resolve_disk_target(o.path, size).value();
  bool writes = false;
  for (const auto& s : plan.steps) writes = writes || s.writes();
  if (plan.target.block_device && writes && !o.destructive) {
    throw Failure(usage_error(o.path,
                              "a block device: the write tests destroy its data (give "
                              "--destructive to write anyway, or --read-only)"));
  }
  if (plan.target.existing_file && writes && !o.destructive) {
    throw Failure(usage_error(o.path,
                              "an existing file: the write tests overwrite its content (give "
                              "--destructive to write anyway, or --read-only)"));
  }
  plan.fio_target = {plan.target.path, plan.target.size_bytes, duration_ns};
  return plan;
}

void measure_disk_profile(const DiskProfileOptions& o, const DiskPlan& plan, const CommandIo& io,
                          Result& result) {
  StorageTarget described = storage::describe_storage(plan.target.path).value();
  if (plan.target.create && described.fs_available_bytes != 0 &&
      plan.target.size_bytes > described.fs_available_bytes) {
    throw Failure(usage_error(
        "--size",
        fmt::format("{} does not fit in the {} free on {}",
                    format_bytes_binary(plan.target.size_bytes),
                    format_bytes_binary(described.fs_available_bytes), described.mount_point)));
  }
  result.options = {{"path", plan.target.path},
                    {"profile", plan.profile.name},
                    {"loops", std::to_string(o.loops)},
                    {"duration", seconds(plan.fio_target.duration_ns)},
                    {"size", std::to_string(plan.target.size_bytes)},
                    {"interval", seconds(plan.interval_ns)},
                    {"aggregate", storage::disk_aggregate_name(plan.profile.aggregate)}};
  Measured m;
  {
    SignalGuard signals;  // SIGINT between fio runs is seen here; the test file still goes
    storage::RemoveFileAtExit remover(plan.target.create ? plan.target.path : "");
    m = measure(plan, o, described.disk, signals, io);
    if (!remover.remove())
      result.warnings.push_back(plan.target.path +
                                ": could not remove the test file hostmark created");
  }
  result.phases = std::move(m.phases);
  result.interrupted = m.interrupted;
  storage::MeasureFacts facts;
  facts.data_bytes = plan.target.size_bytes;
  for (const auto& s : plan.steps) {
    facts.reads = facts.reads || s.reads();
    facts.writes = facts.writes || s.writes();
  }
  facts.direct = true;
  facts.cache_dropped = m.cache_dropped;
  described.warnings = storage::storage_warnings(
      described, facts, result.context.memory_bytes,
      result.context.virtualization != "" && result.context.virtualization != "none");
  result.storage.push_back(std::move(described));
  result.notes.push_back(fmt::format(
      "each row is the {} of {} loop(s) of one `hostmark fio` job (libaio, O_DIRECT, time based, "
      "end_fsync=1 when writing); `hostmark disk --explain` prints them",
      plan.profile.aggregate == storage::DiskAggregate::kBest ? "best" : "average", o.loops));
}

}  // namespace hostmark
