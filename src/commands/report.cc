// `hostmark report [RESULT...] -o report.html`: one self-contained HTML page (inline CSS and SVG
// charts, nothing fetched) of saved results or result files, docs/REPORT.md.
#include <fmt/format.h>

#include <chrono>
#include <ctime>

#include "commands/cli_common.h"
#include "commands/report_inputs.h"
#include "core/build_info.h"
#include "output/html_report.h"

namespace hostmark {
namespace {

std::string now_utc() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace

int run_report_command(const std::vector<std::string>& args, const CommandIo& io) {
  std::vector<std::string> results;
  std::string output;
  std::string results_db;
  CLI::App app(
      "One self-contained HTML page (tables and SVG charts, no network) of saved results or "
      "result JSON files; several results get a comparison section.",
      "report");
  app.add_option("results", results,
                 "result ids in the results store or result JSON files (default: the newest "
                 "saved result)")
      ->type_name("RESULT");
  app.add_option("-o,--output", output, "write the page to FILE (default: standard output)")
      ->type_name("FILE");
  app.add_option("--results-db", results_db,
                 "results store: a SQLite file, sqlite:// or postgresql:// URL (default: "
                 "$XDG_DATA_HOME/hostmark/results.db)")
      ->type_name("URL");
  if (!parse_command_line(app, args, io)) return 0;

  ReportInput input{load_report_entries(results, results_db), now_utc(), build::kVersion};
  auto sink = OutputSink::open(OutputOptions{OutputFormat::kNormal, output}, io.out).value();
  write_html_report(input, sink->stream());
  sink->close().value();
  if (!output.empty()) io.err << fmt::format("report written to {}\n", output);
  return 0;
}

}  // namespace hostmark
