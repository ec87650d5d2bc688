#pragma once
// Side-by-side comparison of results and reference machines on their like-for-like figures
// (results/figures.h): columns in the order given, the first one the baseline; rows the union
// of figure keys in a stable order; each value's difference in % against the baseline. Pure:
// nothing here reads files or prints (output/comparison_format.h renders it).
#include <optional>
#include <string>
#include <vector>

#include "results/figures.h"

namespace hostmark {

// One thing compared: a result (from the store or a file) or a built-in reference machine.
struct ComparisonColumn {
  std::string id;     // what the user gave: "12", "run.json", "ref:debatty-vm"
  std::string title;  // what it is: "vm 2026-12-03 09:00 suite", or a reference's label
  bool reference = false;
  std::string source;    // references: the article, author, licence ("" for results)
  std::string measured;  // references: the command lines; results: the command and options
  std::vector<Figure> figures;
};

enum class Verdict { kNone, kSame, kBetter, kWorse };

struct ComparisonRow {
  std::string key;
  std::string label;
  std::string unit;
  bool higher_is_better = true;
  std::vector<std::optional<double>> values;  // one per column; nullopt where it has no figure
  // One per column: 100 * (value - baseline) / baseline; nullopt for the baseline column, for
  // a column without the figure, and when the baseline has none (or it is 0).
  std::vector<std::optional<double>> difference_pct;
};

struct Comparison {
  std::vector<ComparisonColumn> columns;
  std::vector<ComparisonRow> rows;      // figures present in two columns or more
  std::vector<ComparisonRow> unshared;  // figures present in one column only (not compared)
};

// `columns` must not be empty. A key that appears twice in one column keeps its first value.
// Row order: keys in the order they first appear, column by column (the baseline's first).
Comparison compare_columns(std::vector<ComparisonColumn> columns);

// Whether `difference_pct` is better or worse for a figure (kSame when it rounds, as shown, to
// 0%; kNone without a difference).
Verdict difference_verdict(const std::optional<double>& difference_pct, bool higher_is_better);

// The difference as shown in every format: whole percent truncated toward zero, as the
// sysbench article's VM-vs-host table does (-9.58% -> "-9%"), with a sign: "+12%", "-9%",
// "0%"; "" without a difference.
std::string format_difference(const std::optional<double>& difference_pct);

// A figure's value as shown in text and Markdown: 4 significant digits at most and no
// exponent ("1662", "42.93", "6.023", "33300").
std::string format_figure_value(double value);

}  // namespace hostmark
