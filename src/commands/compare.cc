// `hostmark compare A B [C ...]`: results and reference machines side by side on the figures
// they measured the same way, with each column's difference to the first.
#include <fmt/format.h>
#include <unistd.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "commands/cli_common.h"
#include "commands/compare_inputs.h"
#include "output/comparison_format.h"

namespace hostmark {
namespace {

constexpr std::size_t kClosest = 3;

void list_references(ComparisonFormat format, std::ostream& out) {
  if (format == ComparisonFormat::kJson) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& r : builtin_references()) {
      nlohmann::json keys = nlohmann::json::array();
      for (const auto& f : r.figures) keys.push_back(f.key);
      a.push_back({{"id", r.id},
                   {"label", r.label},
                   {"source", r.source},
                   {"measured", r.measured},
                   {"figures", keys}});
    }
    out << a.dump(2) << '\n';
    return;
  }
  for (const auto& r : builtin_references())
    out << fmt::format("ref:{:<24} {} ({} figures)\n", r.id, r.label, r.figures.size());
}

}  // namespace

int run_compare_command(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app(
      "Results and reference machines side by side, on the figures they measured the same way; "
      "the first is the baseline",
      "compare");
  std::vector<std::string> items;
  std::string format_text = "normal";
  OutputOptions output;
  std::string results_db;
  bool references = false;
  bool list = false;
  app.add_option("items", items, "result ids (store), result JSON files, or references (ref:<id>)");
  app.add_flag("--references", references, "put the first item beside its 3 closest references");
  app.add_flag("--list-references", list, "list the built-in reference machines");
  app.add_option("--results-db", results_db,
                 "results store: a file, sqlite:// or postgresql:// URL (default: the user's)");
  app.add_option("--output-format", format_text, "normal, markdown, csv or json")
      ->capture_default_str();
  app.add_option("--output", output.path, "write to FILE instead of standard output");
  if (!parse_command_line(app, args, io)) return 0;
  const ComparisonFormat format = parse_comparison_format(format_text).value();

  if (list) {
    if (!items.empty() || references)
      throw Failure(usage_error("--list-references", "takes no results and no --references"));
    auto sink = OutputSink::open(output, io.out).value();
    list_references(format, sink->stream());
    sink->close().value();
    return 0;
  }
  if (items.empty())
    throw Failure(
        usage_error("compare", "give two or more results or references, or A --references"));
  if (items.size() == 1 && !references)
    throw Failure(usage_error("compare",
                              "one column compares nothing: give another result or "
                              "reference, or --references"));
  std::vector<ComparisonColumn> columns;
  for (const auto& item : items) columns.push_back(load_column(item, results_db));
  if (references) {
    const auto closest = closest_references(columns.front().figures, kClosest);
    if (closest.empty())
      throw Failure(run_error(items.front(), "shares no figure with any reference machine"));
    for (const ReferenceMachine* r : closest) columns.push_back(reference_column(*r));
  }
  const bool color = output.path.empty() && format == ComparisonFormat::kText &&
                     isatty(STDOUT_FILENO) == 1 && std::getenv("NO_COLOR") == nullptr;
  auto sink = OutputSink::open(output, io.out).value();
  write_comparison(compare_columns(std::move(columns)), format, color, sink->stream());
  sink->close().value();
  return 0;
}

}  // namespace hostmark
