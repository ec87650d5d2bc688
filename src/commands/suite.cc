// `hostmark suite`: every registered step in turn (progress with an ETA on a terminal), the
// result saved in the results store after each step (so a stopped suite keeps what it
// measured), then a summary table and the closest reference machines.
#include <fmt/format.h>
#include <stdlib.h>

#include <cmath>
#include <filesystem>
#include <optional>

#include "cli/units.h"
#include "commands/cli_common.h"
#include "commands/result_saving.h"
#include "commands/suite_steps.h"
#include "output/activity_text.h"
#include "output/table.h"
#include "results/context.h"
#include "results/context_warnings.h"
#include "results/figures.h"
#include "results/references.h"
#include "results/result_store.h"
#include "runner/signal_guard.h"

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

// This host beside the closest built-in references, on the figures they share.
void write_reference_table(const Result& r, std::ostream& out) {
  const std::vector<Figure> mine = result_figures(r);
  const auto refs = closest_references(mine, 3);
  if (refs.empty()) return;
  std::vector<std::string> header = {"figure", "this host"};
  for (const auto* ref : refs) header.push_back(ref->id);
  Table t(header);
  for (const auto& f : mine) {
    std::vector<std::string> row = {f.label, fmt::format("{:.0f}", f.value)};
    bool shared = false;
    for (const auto* ref : refs) {
      const Figure* theirs = nullptr;
      for (const auto& g : ref->figures)
        if (g.key == f.key) theirs = &g;
      if (theirs == nullptr || theirs->value == 0) {
        row.emplace_back("-");
        continue;
      }
      shared = true;
      row.push_back(
          fmt::format("{:.0f} ({:+.0f}%)", theirs->value, (f.value / theirs->value - 1) * 100));
    }
    if (shared) t.add_row(row);
  }
  out << "\nagainst the closest reference machines (this host's difference in %):\n" << t.render();
  for (const auto* ref : refs) out << "  " << ref->id << ": " << ref->label << '\n';
  out << "(`hostmark compare <result> --references` for the full table and sources)\n";
}

void write_suite_text(const Result& r, std::ostream& out) {
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
  write_reference_table(r, out);
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
}

// A fresh directory hostmark-suite.XXXXXX under `parent` for the steps' files; removed with
// what is left in it when destroyed. "" when it cannot be made.
class SuiteDir {
 public:
  explicit SuiteDir(const std::string& parent) {
    std::string tmpl = parent + "/hostmark-suite.XXXXXX";
    if (::mkdtemp(tmpl.data()) != nullptr) path_ = tmpl;
  }
  ~SuiteDir() { remove(); }
  void remove() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
    path_.clear();
  }
  SuiteDir(const SuiteDir&) = delete;
  SuiteDir& operator=(const SuiteDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string suite_clock_text(double s) {
  const auto whole = static_cast<long>(std::lround(std::max(0.0, s)));
  return fmt::format("{}:{:02}", whole / 60, whole % 60);
}

}  // namespace

int run_suite_command(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("Run the standard set of benchmarks, print a summary, save the result", "suite");
  OutputOptions output;
  SaveOptions save;
  std::string profile_name = "quick";
  std::string dir;
  add_output_options(app, output);
  add_save_options(app, save);
  app.add_option("--profile", profile_name,
                 "quick (about 90 s on 2 cores), full (several minutes) or smoke (seconds)")
      ->capture_default_str();
  app.add_option("--dir", dir,
                 "directory on the filesystem to measure (default: the current directory; a "
                 "hostmark-suite.* directory is made there and removed)");
  if (!parse_command_line(app, args, io)) return 0;
  const auto profile = find_suite_profile(profile_name);
  if (!profile)
    throw Failure(
        usage_error("--profile", fmt::format("'{}' is not quick, full or smoke", profile_name)));
  // SIGINT/SIGTERM between steps (or while the store connects) must not kill the process with
  // the work directory still there: held for the whole run, seen by the steps' own guards.
  SignalGuard signals;
  std::unique_ptr<ResultStore> store;
  if (!save.no_save) {
    auto opened = open_result_store(save.results_db);
    if (opened) {
      store = std::move(opened).value();
    } else {
      io.err << "hostmark: results store: " << opened.error().message() << '\n';
      if (!save.results_db.empty()) return 1;
    }
  }

  const bool dir_given = !dir.empty();
  std::string parent = dir_given ? dir : ".";
  std::optional<SuiteDir> work(std::in_place, parent);
  std::vector<std::string> early_notes;
  if (work->path().empty()) {
    if (dir_given) throw Failure(usage_error("--dir", dir + ": cannot make a directory there"));
    const char* tmp = ::getenv("TMPDIR");
    parent = tmp != nullptr && *tmp != '\0' ? tmp : "/var/tmp";
    work.emplace(parent);
    if (work->path().empty())
      throw Failure(usage_error(
          "suite", "cannot make a work directory here or in " + parent + " (give --dir)"));
    early_notes.push_back("the current directory is not writable: storage, fs and db ran in " +
                          parent);
  }

  Result result;
  result.command = "suite";
  result.context = collect_context();
  result.warnings = context_warnings(result.context);
  result.notes = early_notes;
  const SuiteSettings settings{*profile, work->path()};
  result.options = suite_options(settings, result.context);
  result.options.emplace_back("dir", std::filesystem::absolute(parent).string());

  std::int64_t saved_id = 0;  // 0 until the first save (ids start at 1)
  bool save_failed = false;
  const auto steps = suite_steps();
  double left_s = 0;
  for (const auto& step : steps) left_s += step.estimate_s(settings, result.context);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const auto& step = steps[i];
    const double step_s = step.estimate_s(settings, result.context);
    if (io.err_is_tty) {
      io.err << fmt::format("suite [{}/{}] {}: {} (about {} s; suite ETA {})\n", i + 1,
                            steps.size(), step.name, step.description, std::lround(step_s),
                            suite_clock_text(left_s));
    }
    // A second Ctrl-C inside a step ends the process at once: the work directory goes first.
    const CommandIo step_io{io.out, io.err, io.err_is_tty, [&work] { work->remove(); }};
    step.run(settings, step_io, result);
    if (signals.stop_requested()) result.interrupted = true;
    left_s -= step_s;
    if (store) {  // partial results survive a stop, marked as such until the last step
      Result kept = result;
      if (i + 1 < steps.size() && !result.interrupted) {
        kept.interrupted = true;
        kept.notes.push_back(fmt::format("incomplete: saved after step {} of {} ({})", i + 1,
                                         steps.size(), step.name));
      }
      Status ok = Ok{};
      if (saved_id != 0) {
        ok = store->update(saved_id, kept);
      } else if (auto id = store->save(kept); id) {
        saved_id = *id;
      } else {
        ok = id.error();
      }
      if (!ok) {
        io.err << "hostmark: results store: " << ok.error().message() << '\n';
        store.reset();
        saved_id = 0;
        save_failed = true;
      }
    }
    if (result.interrupted) break;  // SIGINT/SIGTERM: no further steps
  }
  work.reset();
  if (saved_id != 0 && io.err_is_tty)
    io.err << fmt::format("saved as result {} in {}\n", saved_id, store->describe());
  const int status = emit_result(result, output, write_suite_text, io);
  // As every command: a store named with --results-db that failed is a failed run.
  return status == 0 && save_failed && !save.results_db.empty() ? 1 : status;
}

}  // namespace hostmark
