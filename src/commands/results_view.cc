// `hostmark results list` and `hostmark results show ID`.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "commands/cli_common.h"
#include "commands/results_cli.h"
#include "output/csv.h"
#include "output/table.h"

namespace hostmark {
namespace {

void write_list_text(const std::vector<StoredResultInfo>& rows, const std::string& store,
                     std::ostream& out) {
  if (rows.empty()) {
    out << "no saved results in " << store << '\n';
    return;
  }
  Table t({"id", "time (UTC)", "host", "command", "summary"});
  for (const auto& r : rows) {
    t.add_row({std::to_string(r.id), r.start_time_utc, r.hostname,
               r.interrupted ? r.command + " (interrupted)" : r.command, r.summary});
  }
  out << t.render();
}

void write_list_json(const std::vector<StoredResultInfo>& rows, std::ostream& out) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& r : rows) {
    j.push_back({{"id", r.id},
                 {"start_time_utc", r.start_time_utc},
                 {"hostname", r.hostname},
                 {"command", r.command},
                 {"interrupted", r.interrupted},
                 {"summary", r.summary}});
  }
  out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void write_list_csv(const std::vector<StoredResultInfo>& rows, std::ostream& out) {
  out << "id,start_time_utc,hostname,command,interrupted,summary\n";
  for (const auto& r : rows) {
    out << r.id << ',' << csv_field(r.start_time_utc) << ',' << csv_field(r.hostname) << ','
        << csv_field(r.command) << ',' << (r.interrupted ? "true" : "false") << ','
        << csv_field(r.summary) << '\n';
  }
}

std::string format_number(double v) { return fmt::format("{:.6g}", v); }

// The short text of `results show`: where and when, the options, each phase's metrics, notes
// and warnings.
void write_show_text(std::int64_t id, const Result& r, std::ostream& out) {
  const Context& c = r.context;
  out << fmt::format("result {}: {}{}\n", id, r.command, r.interrupted ? " (interrupted)" : "");
  out << fmt::format("host {} ({}, {} CPUs, kernel {}), {}, hostmark {}\n", c.hostname,
                     c.cpu_model.empty() ? "unknown CPU" : c.cpu_model, c.cpu_count, c.kernel,
                     c.start_time_utc, c.hostmark_version);
  if (!r.options.empty()) {
    std::string opts;
    for (const auto& [k, v] : r.options)
      opts += fmt::format("{}{}={}", opts.empty() ? "" : " ", k, v);
    out << "options: " << opts << '\n';
  }
  out << '\n';
  Table t({"phase", "metric", "value", "unit"});
  for (const auto& p : r.phases) {
    for (const auto& m : p.metrics) t.add_row({p.name, m.name, format_number(m.value), m.unit});
  }
  out << t.render();
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
}

}  // namespace

int run_results_list(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app("List the saved results, newest first.", "results list");
  ResultFilter filter;
  std::string url;
  OutputOptions output;
  app.add_option("--command", filter.command,
                 "only results of this command (\"cpu\", "
                 "\"sysbench cpu\", ...)");
  app.add_option("--host", filter.hostname, "only results measured on this host name");
  app.add_option("--limit", filter.limit, "at most this many (the newest); 0 = all")
      ->capture_default_str();
  add_results_db_option(app, url);
  add_output_options(app, output);
  if (!parse_command_line(app, args, io)) return 0;
  const auto store = open_store_or_throw(url);
  const std::vector<StoredResultInfo> rows = store->list(filter).value();
  auto sink = OutputSink::open(output, io.out).value();
  switch (output.format) {
    case OutputFormat::kNormal: write_list_text(rows, store->describe(), sink->stream()); break;
    case OutputFormat::kJson: write_list_json(rows, sink->stream()); break;
    case OutputFormat::kCsv: write_list_csv(rows, sink->stream()); break;
  }
  sink->close().value();
  return 0;
}

int run_results_show(const std::vector<std::string>& args, const CommandIo& io) {
  CLI::App app(
      "Show one saved result: a short summary, the saved JSON (--output-format=json) or its "
      "metrics as CSV.",
      "results show");
  std::string id_text;
  std::string url;
  OutputOptions output;
  app.add_option("id", id_text, "the result id (see hostmark results list)")->required();
  add_results_db_option(app, url);
  add_output_options(app, output);
  if (!parse_command_line(app, args, io)) return 0;
  const std::int64_t id = parse_result_id(id_text).value();
  const auto store = open_store_or_throw(url);
  if (output.format == OutputFormat::kJson) {
    // Fetched before the output file is opened (truncated): a bad id leaves it as it was.
    const nlohmann::json doc = nlohmann::json::parse(store->get_json(id).value(), nullptr, false);
    if (doc.is_discarded())
      throw Failure(run_error(fmt::format("result {}", id), "the stored JSON does not parse"));
    auto sink = OutputSink::open(output, io.out).value();
    sink->stream() << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    sink->close().value();
  } else {
    const Result r = store->get(id).value();
    auto sink = OutputSink::open(output, io.out).value();
    write_result(
        r, output.format,
        [id](const Result& result, std::ostream& out) { write_show_text(id, result, out); },
        sink->stream());
    sink->close().value();
  }
  return 0;
}

}  // namespace hostmark
