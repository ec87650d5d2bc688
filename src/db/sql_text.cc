#include "db/sql_text.h"

#include <charconv>
#include <variant>

namespace hostmark::db {

namespace {

// The index just past the quoted run that starts at `i` (quote char sql[i]); a doubled quote
// or a backslash escape stays inside. An unterminated run ends at the end of `sql`.
std::size_t skip_quoted(std::string_view sql, std::size_t i) {
  const char q = sql[i++];
  while (i < sql.size()) {
    if (sql[i] == '\\' && q != '"' && i + 1 < sql.size()) {
      i += 2;
    } else if (sql[i] == q) {
      if (i + 1 < sql.size() && sql[i + 1] == q) {
        i += 2;
      } else {
        return i + 1;
      }
    } else {
      ++i;
    }
  }
  return i;
}

// The index just past the comment that starts at `i`, or `i` when none starts there.
std::size_t skip_comment(std::string_view sql, std::size_t i) {
  if (sql.compare(i, 2, "--") == 0) {
    const std::size_t end = sql.find('\n', i);
    return end == std::string_view::npos ? sql.size() : end + 1;
  }
  if (sql.compare(i, 2, "/*") == 0) {
    const std::size_t end = sql.find("*/", i + 2);
    return end == std::string_view::npos ? sql.size() : end + 2;
  }
  return i;
}

}  // namespace

SqlTemplate parse_placeholders(std::string_view sql) {
  SqlTemplate t;
  t.text.emplace_back();
  std::size_t i = 0;
  while (i < sql.size()) {
    const char c = sql[i];
    std::size_t next = i + 1;
    if (c == '\'' || c == '"' || c == '`') {
      next = skip_quoted(sql, i);
    } else if (std::size_t past = skip_comment(sql, i); past != i) {
      next = past;
    } else if (c == '?') {
      t.text.emplace_back();
      i = next;
      continue;
    }
    t.text.back().append(sql.substr(i, next - i));
    i = next;
  }
  return t;
}

std::string number_placeholders(const SqlTemplate& sql) {
  std::string out = sql.text.front();
  for (std::size_t n = 1; n < sql.text.size(); ++n) {
    out += '$';
    out += std::to_string(n);
    out += sql.text[n];
  }
  return out;
}

std::string substitute_params(const SqlTemplate& sql, std::span<const Param> params,
                              const QuoteString& quote) {
  std::string out = sql.text.front();
  for (std::size_t n = 1; n < sql.text.size(); ++n) {
    const Param& p = params[n - 1];
    if (const auto* v = std::get_if<std::int64_t>(&p)) {
      char buf[24];
      const auto r = std::to_chars(buf, buf + sizeof buf, *v);
      out.append(buf, r.ptr);
    } else {
      quote(std::get<std::string_view>(p), out);
    }
    out += sql.text[n];
  }
  return out;
}

bool code_in_list(const std::vector<std::string>& list, std::string_view code) {
  for (const auto& c : list) {
    if (c == "all" || c == code) return true;
  }
  return false;
}

std::string one_line(std::string_view message) {
  std::string out;
  bool blank = false;
  for (const char c : message) {
    if (c == '\n' || c == '\r') {
      blank = true;
      if (!out.empty() && out.back() != ';') out += ';';
    } else if (c == ' ' || c == '\t') {
      blank = true;
    } else {
      if (blank && !out.empty()) out += ' ';
      blank = false;
      out += c;
    }
  }
  while (!out.empty() && out.back() == ';') out.pop_back();
  return out;
}

}  // namespace hostmark::db
