#pragma once
// The formats of `hostmark compare`: an aligned text table with a difference column like the
// sysbench article's VM-vs-host table, Markdown, CSV (one line per figure and column) and JSON.
// Each only formats a Comparison (results/comparison.h); nothing is computed here.
#include <ostream>
#include <string_view>

#include "core/error.h"
#include "results/comparison.h"

namespace hostmark {

enum class ComparisonFormat { kText, kMarkdown, kCsv, kJson };

// "normal" (or "text"), "markdown" (or "md"), "csv", "json"; a usage error naming
// --output-format otherwise.
Expected<ComparisonFormat> parse_comparison_format(std::string_view text);

// `color`: ANSI green/red on differences that are better/worse (text only; the caller decides:
// a terminal and NO_COLOR unset).
void write_comparison(const Comparison& c, ComparisonFormat format, bool color, std::ostream& out);

}  // namespace hostmark
