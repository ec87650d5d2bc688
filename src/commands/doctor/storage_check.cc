#include "commands/doctor/storage_check.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "commands/doctor/host_checks.h"
#include "commands/doctor/storage_assess.h"
#include "fio/job_parser.h"
#include "io/fio_run.h"
#include "storage/disk_profile_stats.h"

namespace hostmark::doctor {
namespace {

using storage::DiskDirection;
using storage::DiskStep;
using storage::DiskTest;

constexpr std::uint32_t kKiB = 1024;

// direct=1 becomes direct=0 where the filesystem refuses O_DIRECT.
void apply_plan(std::vector<std::string>& args, const StoragePlan& plan) {
  if (!plan.direct)
    std::replace(args.begin(), args.end(), std::string("--direct=1"), std::string("--direct=0"));
}

// The figures of one probe's loop, under the keys of doctor/device_classes.h.
void add_figures(const DiskStep& step, const storage::DiskLoop& loop,
                 std::vector<StorageFigure>& out) {
  const bool read = step.direction == DiskDirection::kRead;
  const auto us = [&](double pct) {
    return static_cast<double>(loop.lat.percentile_ns(pct)) / 1e3;
  };
  if (!step.test.random) {
    out.push_back({kSeqReadMbPerS, loop.mb_per_s(), true});
  } else if (step.test.queue_depth == 1) {
    out.push_back({read ? kReadQd1P50 : kWriteQd1P50, us(50), false});
    out.push_back({read ? kReadQd1P99 : kWriteQd1P99, us(99), false});
  } else {
    out.push_back({read ? kReadQd32Iops : kWriteQd32Iops, loop.iops(), true});
  }
}

struct ProbeRun {
  storage::DiskLoop loop;
  bool interrupted = false;
  std::string error;  // a job's I/O error ("" when none)
};

ProbeRun run_probe(const std::vector<std::string>& args, const CheckEnv& env) {
  fio::ParsedJobs parsed = fio::parse_fio_command_line(args, fio::system_parser_env()).value();
  parsed.run.eta = "never";
  const fio::FioRun run = io::run_fio_jobs(parsed, io::RunIo{env.io.err}).value();
  ProbeRun p;
  p.interrupted = run.interrupted;
  for (const auto& j : run.jobs)
    if (j.error != 0 && p.error.empty()) p.error = j.error_text;
  p.loop = storage::disk_loop_from(run.jobs, run.interrupted);
  return p;
}

class StorageCheck final : public Check {
 public:
  explicit StorageCheck(StoragePlan plan) : plan_(std::move(plan)) {}
  std::string name() const override { return "storage"; }
  double expected_s() const override {
    return static_cast<double>(plan_.probe_ns) / 1e9 *
           static_cast<double>(storage_probe_steps().size());
  }

  CheckReport run(CheckEnv& env) override {
    CheckReport r;
    std::vector<StorageFigure> figures;
    std::string failure;
    {
      storage::RemoveFileAtExit remover(plan_.target.path);
      env.progress.show(fmt::format("doctor: storage: writing a {} MiB test file",
                                    plan_.target.size_bytes >> 20));
      ProbeRun prep = run_probe(storage_prepare_arguments(plan_), env);
      r.interrupted = prep.interrupted || env.signals.stop_requested();
      failure = prep.error;
      for (const auto& step : storage_probe_steps()) {
        if (r.interrupted || !failure.empty()) break;
        env.progress.show(fmt::format("doctor: storage: {} ({:g} s)", step.name(),
                                      static_cast<double>(plan_.probe_ns) / 1e9));
        ProbeRun p = run_probe(storage_probe_arguments(step, plan_), env);
        r.interrupted = p.interrupted || env.signals.stop_requested();
        if (!p.error.empty()) failure = p.error;
        if (p.loop.ios == 0) continue;
        add_figures(step, p.loop, figures);
        Phase phase = storage::disk_phase(step, {p.loop}, storage::DiskAggregate::kBest);
        phase.name = "doctor.storage." + step.name();
        phase.metrics.push_back(
            {"lat_p50_us", static_cast<double>(p.loop.lat.percentile_ns(50)) / 1e3, "us"});
        r.phases.push_back(std::move(phase));
      }
      if (!remover.remove())
        r.warnings.push_back(plan_.target.path +
                             ": could not remove the test file hostmark created");
    }
    r.finding = assess_storage(figures, plan_.where, plan_.direct);
    if (!failure.empty()) {
      r.finding.evidence.push_back("the probes stopped on an I/O error: " + failure);
      if (figures.empty()) r.finding.summary = "storage could not be measured: " + failure;
    }
    Phase summary = finding_phase(r.finding, 0);
    summary.name = "doctor.storage";
    r.phases.insert(r.phases.begin(), std::move(summary));
    return r;
  }

 private:
  StoragePlan plan_;
};

}  // namespace

std::vector<DiskStep> storage_probe_steps() {
  const DiskTest rnd_q1{"RND4K Q1T1", 4 * kKiB, 1, 1, true};
  const DiskTest rnd_q32{"RND4K Q32T1", 4 * kKiB, 32, 1, true};
  const DiskTest seq{"SEQ1M Q8T1", 1024 * kKiB, 8, 1, false};
  return {{rnd_q1, DiskDirection::kRead},
          {rnd_q1, DiskDirection::kWrite},
          {rnd_q32, DiskDirection::kRead},
          {rnd_q32, DiskDirection::kWrite},
          {seq, DiskDirection::kRead}};
}

std::vector<std::string> storage_probe_arguments(const DiskStep& step, const StoragePlan& plan) {
  std::vector<std::string> a = storage::disk_fio_arguments(
      step, storage::DiskTarget{plan.target.path, plan.target.size_bytes, plan.probe_ns});
  apply_plan(a, plan);
  if (plan.rate_iops > 0) a.push_back(fmt::format("--rate_iops={}", plan.rate_iops));
  return a;
}

std::vector<std::string> storage_prepare_arguments(const StoragePlan& plan) {
  std::vector<std::string> a = storage::disk_prepare_arguments(
      storage::DiskTarget{plan.target.path, plan.target.size_bytes, 0});
  apply_plan(a, plan);
  return a;
}

Expected<bool> directory_allows_direct(const std::string& dir) {
  // Unique per process (two doctors in one directory); a kernel may create the file and still
  // refuse O_DIRECT with EINVAL, so it is unlinked before the second try.
  const std::string probe = fmt::format("{}/hostmark-doctor-direct.{}.tmp", dir, ::getpid());
  int fd = ::open(probe.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_DIRECT, 0600);
  if (fd >= 0) {
    ::close(fd);
    ::unlink(probe.c_str());
    return true;
  }
  const int err = errno;
  if (err != EINVAL)
    return run_error(dir, fmt::format("cannot create a test file: {}", std::strerror(err)));
  ::unlink(probe.c_str());
  fd = ::open(probe.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0)
    return run_error(dir, fmt::format("cannot create a test file: {}", std::strerror(errno)));
  ::close(fd);
  ::unlink(probe.c_str());
  return false;
}

std::unique_ptr<Check> make_storage_check(StoragePlan plan) {
  return std::make_unique<StorageCheck>(std::move(plan));
}

}  // namespace hostmark::doctor
