#include "results/comparison.h"

#include <fmt/format.h>

#include <cmath>
#include <map>

namespace hostmark {

Comparison compare_columns(std::vector<ComparisonColumn> columns) {
  Comparison c;
  c.columns = std::move(columns);
  const std::size_t n = c.columns.size();
  std::vector<ComparisonRow> all;
  std::map<std::string, std::size_t> row_of;  // key -> index in `all`
  for (std::size_t col = 0; col < n; ++col) {
    for (const auto& f : c.columns[col].figures) {
      auto [it, added] = row_of.emplace(f.key, all.size());
      if (added) {
        ComparisonRow row{f.key, f.label, f.unit, f.higher_is_better, {}, {}};
        row.values.resize(n);
        row.difference_pct.resize(n);
        all.push_back(std::move(row));
      }
      auto& value = all[it->second].values[col];
      if (!value) value = f.value;
    }
  }
  for (auto& row : all) {
    std::size_t present = 0;
    for (const auto& v : row.values) present += v.has_value() ? 1 : 0;
    const auto& base = row.values.front();
    for (std::size_t col = 1; col < n; ++col) {
      if (base && *base != 0 && row.values[col])
        row.difference_pct[col] = 100.0 * (*row.values[col] - *base) / *base;
    }
    (present >= 2 ? c.rows : c.unshared).push_back(std::move(row));
  }
  return c;
}

Verdict difference_verdict(const std::optional<double>& difference_pct, bool higher_is_better) {
  if (!difference_pct) return Verdict::kNone;
  const double shown = std::trunc(*difference_pct);
  if (shown == 0) return Verdict::kSame;
  return (shown > 0) == higher_is_better ? Verdict::kBetter : Verdict::kWorse;
}

std::string format_difference(const std::optional<double>& difference_pct) {
  if (!difference_pct) return "";
  const double shown = std::trunc(*difference_pct);
  if (shown == 0) return "0%";
  return fmt::format("{:+.0f}%", shown);
}

std::string format_figure_value(double value) {
  const double magnitude = std::abs(value);
  if (magnitude >= 1000 || magnitude == 0) return fmt::format("{:.0f}", value);
  const int digits_before =
      magnitude >= 1 ? static_cast<int>(std::floor(std::log10(magnitude))) + 1 : 1;
  int decimals = std::max(0, 4 - digits_before);
  if (magnitude < 1)
    decimals = std::min(6, 3 - static_cast<int>(std::floor(std::log10(magnitude))));
  std::string s = fmt::format("{:.{}f}", value, decimals);
  if (s.find('.') != std::string::npos) {  // "42.90" -> "42.9", "6.000" -> "6"
    while (s.back() == '0') s.pop_back();
    if (s.back() == '.') s.pop_back();
  }
  return s;
}

}  // namespace hostmark
