// `hostmark suite`: every registered step in turn, a summary table, the JSON result saved in
// the results store after each step (so a stopped suite keeps what it measured).
#include <fmt/format.h>

#include <cmath>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "commands/suite_steps.h"
#include "output/activity_text.h"
#include "output/table.h"
#include "results/context.h"
#include "results/context_warnings.h"
#include "results/store.h"

namespace hostmark {
namespace {

// Bytes as binary sizes ("512 MiB"), whole counts without decimals, rates with two.
std::string format_value(const Metric& m) {
  if (m.unit == "bytes" && m.value >= 0)
    return format_bytes_binary(static_cast<std::uint64_t>(m.value));
  if (m.value == std::floor(m.value) && std::abs(m.value) < 1e15)
    return fmt::format("{:.0f}", m.value);
  if (m.value != 0 && std::abs(m.value) < 0.01) return fmt::format("{:.3g}", m.value);
  return fmt::format("{:.2f}", m.value);
}

void write_suite_text(const Result& r, const std::string& saved_path, std::ostream& out) {
  const Context& c = r.context;
  out << fmt::format(
      "hostmark suite on {} ({}, {} CPUs, {:.1f} GiB, kernel {}, virtualization: {})\n\n",
      c.hostname, c.cpu_model, c.cpu_count, static_cast<double>(c.memory_bytes) / (1u << 30),
      c.kernel, c.virtualization.empty() ? "unknown" : c.virtualization);
  Table t({"phase", "metric", "value", "unit"});
  for (const auto& p : r.phases) {
    for (const auto& m : p.metrics)
      t.add_row({p.name, m.name, format_value(m), m.unit == "bytes" ? "" : m.unit});
  }
  out << t.render();
  write_activity_table(r, out);
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
  if (!saved_path.empty()) out << "saved: " << saved_path << '\n';
}

}  // namespace

int run_suite_command(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("Run the standard set of benchmarks, print a summary, save the JSON result",
               "suite");
  OutputOptions output;
  SuiteSettings settings;
  bool no_save = false;
  std::string results_dir = default_results_dir();
  add_output_options(app, output);
  app.add_flag("--quick", settings.quick, "short durations and small sizes (a smoke run)");
  app.add_flag("--no-save", no_save, "do not save the result in the results directory");
  app.add_option("--results-dir", results_dir, "where results are saved")->capture_default_str();
  if (!parse_command_line(app, args, io)) return 0;

  Result result;
  result.command = "suite";
  result.context = collect_context();
  result.warnings = context_warnings(result.context);
  result.options = {{"quick", settings.quick ? "on" : "off"}};
  const std::string path = no_save ? "" : result_file_path(results_dir, result);
  for (const auto& step : suite_steps()) {
    step.run(settings, io, result);
    if (!path.empty()) save_result(result, path).value();  // partial results survive a stop
    if (result.interrupted) break;                         // SIGINT/SIGTERM: no further steps
  }
  return emit_result(
      result, output,
      [&path](const Result& r, std::ostream& out) { write_suite_text(r, path, out); }, io);
}

}  // namespace hostmark
