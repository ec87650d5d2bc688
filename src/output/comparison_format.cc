#include "output/comparison_format.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "output/csv.h"

namespace hostmark {
namespace {

constexpr const char* kGreen = "\033[32m";
constexpr const char* kRed = "\033[31m";
constexpr const char* kReset = "\033[0m";

std::string value_text(const std::optional<double>& v) { return v ? format_figure_value(*v) : "-"; }

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::kBetter: return "better";
    case Verdict::kWorse: return "worse";
    case Verdict::kSame: return "same";
    case Verdict::kNone: break;
  }
  return "";
}

std::string label_of(const ComparisonRow& row) {
  return row.higher_is_better ? row.label : row.label + " (lower is better)";
}

// One cell of the text table: its plain text (for widths) and its color ("" for none).
struct Cell {
  std::string text;
  const char* color = "";
  bool right = true;
};

// Header then rows; columns two spaces apart, figures right-aligned, the first column left.
void write_aligned(const std::vector<std::vector<Cell>>& lines, std::ostream& out) {
  std::vector<std::size_t> width;
  for (const auto& line : lines) {
    width.resize(std::max(width.size(), line.size()), 0);
    for (std::size_t i = 0; i < line.size(); ++i)
      width[i] = std::max(width[i], line[i].text.size());
  }
  for (std::size_t n = 0; n < lines.size(); ++n) {
    std::string l;
    for (std::size_t i = 0; i < lines[n].size(); ++i) {
      const Cell& c = lines[n][i];
      const std::string pad(width[i] - c.text.size(), ' ');
      const std::string shown = *c.color ? std::string(c.color) + c.text + kReset : c.text;
      l += (i ? "  " : "") + (c.right ? pad + shown : shown + pad);
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out << l << '\n';
    if (n == 0) {
      std::size_t total = 0;
      for (auto w : width) total += w;
      out << std::string(total + 2 * (width.size() - 1), '-') << '\n';
    }
  }
}

void write_unshared_and_sources(const Comparison& c, std::string_view bullet, std::ostream& out) {
  if (!c.unshared.empty()) {
    out << "\nnot compared (in one column only):\n";
    for (const auto& row : c.unshared) {
      for (std::size_t i = 0; i < row.values.size(); ++i) {
        if (row.values[i]) {
          out << fmt::format("{}{}: {} ({})\n", bullet, label_of(row), value_text(row.values[i]),
                             c.columns[i].title);
        }
      }
    }
  }
  out << "\nsources:\n";
  for (const auto& col : c.columns) {
    if (col.reference) {
      out << fmt::format("{}{} ({}): {}; measured with: {}\n", bullet, col.title, col.id,
                         col.source, col.measured);
    } else {
      out << fmt::format("{}{}: {} ({})\n", bullet, col.title, col.measured, col.id);
    }
  }
}

void write_text(const Comparison& c, bool color, std::ostream& out) {
  std::vector<std::vector<Cell>> lines;
  std::vector<Cell> header = {{"figure", "", false}};
  for (std::size_t i = 0; i < c.columns.size(); ++i) {
    header.push_back({c.columns[i].title, "", true});
    if (i > 0) header.push_back({"difference", "", true});
  }
  lines.push_back(std::move(header));
  for (const auto& row : c.rows) {
    std::vector<Cell> line = {{label_of(row), "", false}};
    for (std::size_t i = 0; i < row.values.size(); ++i) {
      line.push_back({value_text(row.values[i]), "", true});
      if (i == 0) continue;
      const Verdict v = difference_verdict(row.difference_pct[i], row.higher_is_better);
      const char* paint = !color                  ? ""
                          : v == Verdict::kBetter ? kGreen
                          : v == Verdict::kWorse  ? kRed
                                                  : "";
      line.push_back({format_difference(row.difference_pct[i]), paint, true});
    }
    lines.push_back(std::move(line));
  }
  if (c.rows.empty()) {
    out << "no figure measured the same way in two columns: nothing to compare\n";
  } else {
    write_aligned(lines, out);
    out << fmt::format("difference: each column against the first ({}), whole percent\n",
                       c.columns.front().title);
  }
  write_unshared_and_sources(c, "  ", out);
}

std::string md_escape(std::string s) {
  std::string out;
  for (char ch : s) {
    if (ch == '|') out += '\\';
    out += ch;
  }
  return out;
}

void write_markdown(const Comparison& c, std::ostream& out) {
  if (c.rows.empty()) {
    out << "No figure measured the same way in two columns: nothing to compare.\n";
  } else {
    std::string head = "| figure |", rule = "|---|";
    for (std::size_t i = 0; i < c.columns.size(); ++i) {
      head += fmt::format(" {} |", md_escape(c.columns[i].title));
      rule += "---:|";
      if (i > 0) {
        head += " difference |";
        rule += "---:|";
      }
    }
    out << head << '\n' << rule << '\n';
    for (const auto& row : c.rows) {
      std::string line = fmt::format("| {} |", md_escape(label_of(row)));
      for (std::size_t i = 0; i < row.values.size(); ++i) {
        line += fmt::format(" {} |", value_text(row.values[i]));
        if (i > 0) line += fmt::format(" {} |", format_difference(row.difference_pct[i]));
      }
      out << line << '\n';
    }
    out << fmt::format("\nDifference: each column against the first ({}), whole percent.\n",
                       md_escape(c.columns.front().title));
  }
  write_unshared_and_sources(c, "- ", out);
}

void write_csv_rows(const Comparison& c, const std::vector<ComparisonRow>& rows, bool compared,
                    std::ostream& out) {
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.values.size(); ++i) {
      if (!row.values[i]) continue;
      const auto& d = row.difference_pct[i];
      out << fmt::format(
          "{},{},{},{},{},{},{},{},{},{}\n", csv_field(row.key), csv_field(row.label),
          csv_field(row.unit), row.higher_is_better ? "yes" : "no", csv_field(c.columns[i].id),
          csv_field(c.columns[i].title), *row.values[i], d ? fmt::format("{:.2f}", *d) : "",
          verdict_name(difference_verdict(d, row.higher_is_better)), compared ? "yes" : "no");
    }
  }
}

void write_comparison_csv(const Comparison& c, std::ostream& out) {
  out << "key,label,unit,higher_is_better,column,title,value,difference_pct,verdict,compared\n";
  write_csv_rows(c, c.rows, true, out);
  write_csv_rows(c, c.unshared, false, out);
}

nlohmann::json optional_json(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json rows_json(const std::vector<ComparisonRow>& rows) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& row : rows) {
    nlohmann::json values = nlohmann::json::array(), diffs = nlohmann::json::array(),
                   verdicts = nlohmann::json::array();
    for (std::size_t i = 0; i < row.values.size(); ++i) {
      values.push_back(optional_json(row.values[i]));
      diffs.push_back(optional_json(row.difference_pct[i]));
      const Verdict v = difference_verdict(row.difference_pct[i], row.higher_is_better);
      verdicts.push_back(v == Verdict::kNone ? nlohmann::json(nullptr)
                                             : nlohmann::json(verdict_name(v)));
    }
    a.push_back({{"key", row.key},
                 {"label", row.label},
                 {"unit", row.unit},
                 {"higher_is_better", row.higher_is_better},
                 {"values", values},
                 {"difference_pct", diffs},
                 {"verdict", verdicts}});
  }
  return a;
}

void write_json(const Comparison& c, std::ostream& out) {
  nlohmann::json cols = nlohmann::json::array();
  for (const auto& col : c.columns) {
    cols.push_back({{"id", col.id},
                    {"title", col.title},
                    {"kind", col.reference ? "reference" : "result"},
                    {"source", col.source},
                    {"measured", col.measured}});
  }
  nlohmann::json j = {{"comparison_schema_version", 1},
                      {"baseline", 0},
                      {"columns", cols},
                      {"rows", rows_json(c.rows)},
                      {"not_compared", rows_json(c.unshared)}};
  out << j.dump(2) << '\n';
}

}  // namespace

Expected<ComparisonFormat> parse_comparison_format(std::string_view text) {
  if (text == "normal" || text == "text") return ComparisonFormat::kText;
  if (text == "markdown" || text == "md") return ComparisonFormat::kMarkdown;
  if (text == "csv") return ComparisonFormat::kCsv;
  if (text == "json") return ComparisonFormat::kJson;
  return usage_error("--output-format",
                     fmt::format("'{}' is not one of normal, markdown, csv, json", text));
}

void write_comparison(const Comparison& c, ComparisonFormat format, bool color, std::ostream& out) {
  switch (format) {
    case ComparisonFormat::kText: write_text(c, color, out); return;
    case ComparisonFormat::kMarkdown: write_markdown(c, out); return;
    case ComparisonFormat::kCsv: write_comparison_csv(c, out); return;
    case ComparisonFormat::kJson: write_json(c, out); return;
  }
}

}  // namespace hostmark
