// `hostmark cpu`: single-thread and all-thread scores and the scaling between them.
#include "commands/cpu.h"

#include <fmt/format.h>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "output/progress.h"
#include "output/table.h"
#include "results/context.h"
#include "results/context_warnings.h"
#include "runner/outcome_phase.h"
#include "runner/runner.h"
#include "runner/signal_guard.h"
#include "sysinfo/basic.h"
#include "workloads/cpu_prime.h"

namespace hostmark {
namespace {

class ProgressObserver final : public RunObserver {
 public:
  ProgressObserver(ProgressLine& line, std::string what) : line_(line), what_(std::move(what)) {}
  void on_progress(double elapsed_s, std::uint64_t events, double expected_s) override {
    const double rate = elapsed_s > 0 ? static_cast<double>(events) / elapsed_s : 0;
    line_.show(format_progress(what_, elapsed_s, expected_s, rate, "events/s"));
  }

 private:
  ProgressLine& line_;
  std::string what_;
};

Phase run_phase(const std::string& name, int threads, const CpuOptions& o, const CommandIo& io,
                bool& interrupted) {
  CpuPrimeWorkload workload(o.max_prime);
  RunSpec spec;
  spec.threads = threads;
  spec.time_limit_ns = o.time_per_phase_ns;
  ProgressLine line(io.err, io.err_is_tty);
  ProgressObserver observer(
      line, fmt::format("cpu {} ({} thread{})", name, threads, threads > 1 ? "s" : ""));
  const RunOutcome out = run_workload(workload, spec, &observer);
  if (out.forced_shutdown) abandon_process("cpu", io);
  interrupted = out.interrupted;
  Phase p = phase_from_outcome(name, out, {50, 95, 99});
  p.metrics.insert(p.metrics.begin(), {{"events_per_s", events_per_second(out), "events/s"},
                                       {"threads", static_cast<double>(threads), "threads"}});
  return p;
}

// The 95th percentile latency of a phase in ms, "-" when it has none.
std::string p95_ms(const Phase& p) {
  if (!p.latency) return "-";
  for (const auto& [percent, ns] : p.latency->percentiles_ns)
    if (percent == 95) return fmt::format("{:.3f}", static_cast<double>(ns) / 1e6);
  return "-";
}

}  // namespace

CpuRun measure_cpu(const CpuOptions& o, const CommandIo& io) {
  const int all = o.threads > 0 ? o.threads : std::max(1, sysinfo::online_cpus());
  CpuRun run;
  // Held across both phases: a signal between them (each runner's guard ends with its phase)
  // stops the run here instead of meeting the default action.
  SignalGuard signals;
  auto& phases = run.phases;
  phases.push_back(run_phase("single-thread", 1, o, io, run.interrupted));
  run.interrupted = run.interrupted || signals.stop_requested();
  if (run.interrupted) return run;
  phases.push_back(run_phase("all-threads", all, o, io, run.interrupted));
  if (run.interrupted) return run;
  const double single = phases[0].metric("events_per_s")->value;
  const double multi = phases[1].metric("events_per_s")->value;
  Phase scaling;
  scaling.name = "scaling";
  scaling.metrics.push_back({"speedup", single > 0 ? multi / single : 0, "x"});
  scaling.metrics.push_back(
      {"efficiency_pct", single > 0 ? 100.0 * multi / (single * all) : 0, "%"});
  phases.push_back(std::move(scaling));
  return run;
}

void write_cpu_text(const Result& r, std::ostream& out) {
  Table t({"phase", "threads", "events/s", "latency p95 (ms)"});
  for (const auto& p : r.phases) {
    if (p.name == "scaling") continue;
    t.add_row({p.name, fmt::format("{:.0f}", p.metric("threads")->value),
               fmt::format("{:.2f}", p.metric("events_per_s")->value), p95_ms(p)});
  }
  std::string max_prime = "?";
  for (const auto& [name, value] : r.options)
    if (name == "cpu-max-prime") max_prime = value;
  out << "CPU (sysbench prime work, --cpu-max-prime=" << max_prime << ")\n" << t.render();
  for (const auto& p : r.phases) {
    if (p.name != "scaling") continue;
    out << fmt::format("scaling: {:.2f}x speedup, {:.1f}% efficiency\n", p.metric("speedup")->value,
                       p.metric("efficiency_pct")->value);
  }
  if (r.interrupted)
    out << "(interrupted: the figures cover the phases that ran before the signal)\n";
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
}

int run_cpu_command(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("CPU score: sysbench's prime work on one thread, then on all threads", "cpu");
  CpuOptions o;
  std::string time = "5s";
  OutputOptions output;
  app.add_option("--time", time, "duration of each phase (e.g. 5s, 500ms)")->capture_default_str();
  app.add_option("--threads", o.threads,
                 "threads of the all-thread phase (default: every online CPU)")
      ->check(CLI::Range(1, 100000));
  app.add_option("--cpu-max-prime", o.max_prime, "upper limit of the prime search per event")
      ->capture_default_str()
      ->check(CLI::Range(3ull, 1ull << 40));
  add_output_options(app, output);
  SaveOptions save;
  add_save_options(app, save);
  if (!parse_command_line(app, args, io)) return 0;
  o.time_per_phase_ns = parse_duration_ns("--time", time).value();
  if (o.time_per_phase_ns == 0) throw Failure(usage_error("--time", "must be more than 0"));

  Result r;
  r.command = "cpu";
  r.context = collect_context();
  r.options = {{"cpu-max-prime", std::to_string(o.max_prime)},
               {"time", time},
               {"threads", std::to_string(o.threads > 0 ? o.threads : r.context.cpu_count)}};
  CpuRun run = measure_cpu(o, io);
  r.phases = std::move(run.phases);
  r.interrupted = run.interrupted;
  r.warnings = context_warnings(r.context);
  r.notes.emplace_back(
      "events/s is the work of `sysbench cpu run` (same --cpu-max-prime): compare with "
      "published sysbench tables directly");
  return emit_result(r, output, save, write_cpu_text, io);
}

}  // namespace hostmark
