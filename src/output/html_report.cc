#include "output/html_report.h"

#include <fmt/format.h>

#include <algorithm>

#include "output/html_parts.h"
#include "output/html_text.h"
#include "results/report_data.h"

namespace hostmark {
namespace {

// System fonts only (no web font to fetch); charts scale down with the page and are never split
// across printed pages.
constexpr const char* kStyle = R"css(
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
  margin: 0 auto; padding: 1em 1.5em; max-width: 1100px; color: #222; background: #fff;
  line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { border-bottom: 2px solid #1f77b4; padding-bottom: 0.2em; margin-top: 2em; }
h3 { margin-top: 1.5em; }
h4 { margin: 1em 0 0.3em; }
.meta { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: 0.4em 0 1em; font-size: 0.92em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f0f4f8; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.better { color: #17692b; }
td.worse { color: #a61b1b; }
ul.warnings li { color: #8a4b00; }
ul.storage-warnings li { color: #8a4b00; }
.charts, .tiles { display: flex; flex-wrap: wrap; gap: 1em 1.5em; align-items: flex-start; }
.tiles { row-gap: 0; }
table.context td:first-child, table.storage td:first-child, table.server td:first-child {
  font-weight: 600; background: #f7f9fb; }
figure.chart-box { margin: 0; border: 1px solid #ddd; padding: 0.3em; background: #fff; }
svg.chart { display: block; max-width: 100%; height: auto; font-family: inherit; }
@media print {
  body { max-width: none; padding: 0; font-size: 10pt; }
  section.result, section.comparison { break-before: page; }
  figure.chart-box, table { break-inside: avoid; }
  h2, h3, h4 { break-after: avoid; }
}
)css";

}  // namespace

std::string html_table(const std::vector<std::string>& header,
                       const std::vector<std::vector<HtmlCell>>& rows,
                       const std::string& css_class) {
  std::string out =
      css_class.empty() ? "<table>" : fmt::format("<table class=\"{}\">", html_escape(css_class));
  // Key-value tables have no header row.
  if (std::any_of(header.begin(), header.end(), [](const auto& h) { return !h.empty(); })) {
    out += "<thead><tr>";
    for (const auto& h : header) out += fmt::format("<th>{}</th>", html_escape(h));
    out += "</tr></thead>";
  }
  out += "<tbody>";
  for (const auto& row : rows) {
    out += "<tr>";
    for (const auto& cell : row)
      out += fmt::format(fmt::runtime(cell.numeric ? "<td class=\"num\">{}</td>" : "<td>{}</td>"),
                         html_escape(cell.text));
    out += "</tr>";
  }
  out += "</tbody></table>\n";
  return out;
}

std::string html_list(const std::vector<std::string>& items, const std::string& css_class) {
  if (items.empty()) return "";
  std::string out = fmt::format("<ul class=\"{}\">", html_escape(css_class));
  for (const auto& item : items) out += fmt::format("<li>{}</li>", html_escape(item));
  out += "</ul>\n";
  return out;
}

std::string html_comparison(const std::vector<ReportEntry>& entries) {
  std::vector<std::vector<Figure>> figures;
  for (const auto& e : entries) figures.push_back(e.figures);
  const std::vector<FigureRow> rows = figures_side_by_side(figures);
  std::string out = "<section class=\"comparison\" id=\"comparison\"><h2>Comparison</h2>\n";
  if (rows.empty()) {
    out += "<p>These results hold no comparable figures (like-for-like tests).</p></section>\n";
    return out;
  }
  out +=
      "<p>Like-for-like figures of each result; the difference is from result 1 "
      "(green: better, red: worse).</p>\n<table class=\"figures\"><thead><tr><th>figure</th>"
      "<th>unit</th>";
  for (std::size_t i = 0; i < entries.size(); ++i) {
    out += fmt::format("<th>{}. {}</th>", i + 1, html_escape(entries[i].result.context.hostname));
    if (i > 0) out += "<th>diff</th>";
  }
  out += "</tr></thead><tbody>";
  for (const auto& row : rows) {
    out += fmt::format("<tr><td>{}</td><td>{}</td>", html_escape(row.label), html_escape(row.unit));
    for (std::size_t i = 0; i < row.values.size(); ++i) {
      out += fmt::format("<td class=\"num\">{}</td>",
                         row.values[i] ? html_escape(format_report_number(*row.values[i])) : "-");
      if (i == 0) continue;
      if (!row.diff_pct[i]) {
        out += "<td class=\"num\">-</td>";
        continue;
      }
      const double d = *row.diff_pct[i];
      const bool better = row.higher_is_better ? d > 0 : d < 0;
      const char* css = d == 0 ? "num" : better ? "num better" : "num worse";
      out += fmt::format("<td class=\"{}\">{:+.1f}%</td>", css, d);
    }
    out += "</tr>";
  }
  out += "</tbody></table></section>\n";
  return out;
}

void write_html_report(const ReportInput& input, std::ostream& out) {
  std::string title = "hostmark report";
  if (input.entries.size() == 1) {
    const Result& r = input.entries.front().result;
    title = fmt::format("hostmark report: {} on {}", r.command, r.context.hostname);
  }
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>" << html_escape(title) << "</title>\n<style>" << kStyle << "</style>\n"
      << "</head>\n<body>\n<header><h1>" << html_escape(title) << "</h1>\n<p class=\"meta\">"
      << fmt::format("Made by hostmark {} at {} from {} result(s).",
                     html_escape(input.hostmark_version), html_escape(input.generated_utc),
                     input.entries.size())
      << "</p></header>\n";
  for (std::size_t i = 0; i < input.entries.size(); ++i) {
    const ReportEntry& e = input.entries[i];
    out << fmt::format("<section class=\"result\" id=\"result-{}\">\n<h2>{}. {} on {}</h2>\n",
                       i + 1, i + 1, html_escape(e.result.command),
                       html_escape(e.result.context.hostname))
        << "<p class=\"meta\">" << html_escape(e.source) << "</p>\n"
        << html_result_context(e);
    const std::string charts = html_result_charts(e);
    if (!charts.empty()) out << "<h3>Charts</h3>\n<div class=\"charts\">\n" << charts << "</div>\n";
    out << html_result_phases(e) << "</section>\n";
  }
  if (input.entries.size() > 1) out << html_comparison(input.entries);
  out << "</body>\n</html>\n";
}

}  // namespace hostmark
