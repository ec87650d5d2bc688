#include "cli/sysbench_config.h"

#include <fmt/format.h>

#include <cctype>

namespace hostmark {
namespace {

bool config_blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string_view config_trim(std::string_view s) {
  while (!s.empty() && config_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && config_blank(s.back())) s.remove_suffix(1);
  return s;
}

// The items of a value as sysbench splits them: blanks skipped, '#' ends the value, a quoted
// item runs to its closing quote (anything up to the next ',' after it is dropped), a bare
// item ends at ',' or a blank.
Expected<std::string> config_value(std::string_view v, const std::string& where) {
  std::vector<std::string> items;
  std::size_t i = 0;
  while (i < v.size()) {
    if (config_blank(v[i]) || v[i] == ',') {
      ++i;
      continue;
    }
    if (v[i] == '#') break;
    if (v[i] == '\'' || v[i] == '"') {
      const std::size_t close = v.find(v[i], i + 1);
      if (close == std::string_view::npos)
        return usage_error(where, fmt::format("no closing {} in the value", v[i]));
      items.emplace_back(v.substr(i + 1, close - i - 1));
      i = v.find(',', close);
      if (i == std::string_view::npos) break;
      continue;
    }
    std::size_t end = i;
    while (end < v.size() && v[end] != ',' && !config_blank(v[end])) ++end;
    items.emplace_back(v.substr(i, end - i));
    i = end;
  }
  return fmt::format("{}", fmt::join(items, ","));
}

}  // namespace

Expected<std::vector<SbConfigEntry>> parse_sysbench_config(std::string_view text,
                                                           const std::string& file) {
  std::vector<SbConfigEntry> out;
  int number = 0;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    const std::string_view raw = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++number;
    const std::string_view line = config_trim(raw);
    if (line.empty() || line.front() == '#') continue;
    const std::string where = fmt::format("{}:{}", file, number);
    const std::size_t eq = line.find('=');
    if (eq == std::string_view::npos)
      return usage_error(where, fmt::format("'{}' is not option=value", line));
    SbConfigEntry e;
    e.line = number;
    e.name = std::string(config_trim(line.substr(0, eq)));
    if (e.name.empty()) return usage_error(where, "no option name before '='");
    auto value = config_value(line.substr(eq + 1), where);
    if (!value) return value.error();
    e.value = std::move(value.value());
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace hostmark
