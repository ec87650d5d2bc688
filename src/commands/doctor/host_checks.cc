#include "commands/doctor/host_checks.h"

#include <fmt/format.h>
#include <unistd.h>

#include "commands/doctor/host_assess.h"
#include "monitor/process_io.h"

namespace hostmark::doctor {
namespace {

double seconds(std::uint64_t ns) { return static_cast<double>(ns) / 1e9; }

// Waits the sample out; false when SIGINT/SIGTERM came first.
bool sample_wait(CheckEnv& env, const std::string& what, std::uint64_t ns) {
  env.progress.show(fmt::format("doctor: {} ({:g} s sample)", what, seconds(ns)));
  return env.signals.wait(ns) == 0;
}

CheckReport report_of(Finding f, double duration_s, bool interrupted) {
  CheckReport r;
  r.phases.push_back(finding_phase(f, duration_s));
  r.finding = std::move(f);
  r.interrupted = interrupted;
  return r;
}

class MemoryCheck final : public Check {
 public:
  MemoryCheck(std::string root, std::uint64_t ns) : root_(std::move(root)), ns_(ns) {}
  std::string name() const override { return "memory"; }
  double expected_s() const override { return seconds(ns_); }
  CheckReport run(CheckEnv& env) override {
    const HostProbe before = collect_host_probe(root_);
    const bool whole = sample_wait(env, "memory and swap", ns_);
    const HostProbe after = collect_host_probe(root_);
    return report_of(assess_memory(before, after),
                     seconds(after.monotonic_ns - before.monotonic_ns), !whole);
  }

 private:
  std::string root_;
  std::uint64_t ns_;
};

class CpuCheck final : public Check {
 public:
  CpuCheck(std::string root, std::uint64_t ns, int cpus)
      : root_(std::move(root)), ns_(ns), cpus_(cpus) {}
  std::string name() const override { return "cpu"; }
  double expected_s() const override { return seconds(ns_); }
  CheckReport run(CheckEnv& env) override {
    const HostProbe before = collect_host_probe(root_);
    const bool whole = sample_wait(env, "load, iowait and steal", ns_);
    const HostProbe after = collect_host_probe(root_);
    return report_of(assess_cpu(before, after, cpus_),
                     seconds(after.monotonic_ns - before.monotonic_ns), !whole);
  }

 private:
  std::string root_;
  std::uint64_t ns_;
  int cpus_;
};

class ProcessCheck final : public Check {
 public:
  ProcessCheck(std::string root, std::uint64_t ns) : root_(std::move(root)), ns_(ns) {}
  std::string name() const override { return "processes"; }
  double expected_s() const override { return seconds(ns_); }
  CheckReport run(CheckEnv& env) override {
    monitor::CollectOptions o;
    o.root = root_;
    o.cmdlines = false;
    const monitor::ProcessSnapshot before = monitor::collect_processes(o);
    const bool whole = sample_wait(env, "top I/O processes", ns_);
    const monitor::ProcessSnapshot after = monitor::collect_processes(o, &before);
    const monitor::SnapshotDelta delta = monitor::delta_between(before, after);
    const auto top = top_io_processes(delta, static_cast<int>(::getpid()), 3);
    return report_of(assess_processes(top, delta.interval_s, delta.unreadable), delta.interval_s,
                     !whole);
  }

 private:
  std::string root_;
  std::uint64_t ns_;
};

}  // namespace

Phase finding_phase(const Finding& f, double duration_s) {
  Phase p;
  p.name = "doctor." + f.area;
  p.duration_s = duration_s;
  p.metrics = f.numbers;
  p.metrics.push_back({"severity", static_cast<double>(static_cast<int>(f.severity)), "level"});
  return p;
}

std::unique_ptr<Check> make_memory_check(std::string root, std::uint64_t sample_ns) {
  return std::make_unique<MemoryCheck>(std::move(root), sample_ns);
}
std::unique_ptr<Check> make_cpu_check(std::string root, std::uint64_t sample_ns, int cpus) {
  return std::make_unique<CpuCheck>(std::move(root), sample_ns, cpus);
}
std::unique_ptr<Check> make_process_check(std::string root, std::uint64_t sample_ns) {
  return std::make_unique<ProcessCheck>(std::move(root), sample_ns);
}

}  // namespace hostmark::doctor
