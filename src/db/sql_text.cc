#include "db/sql_text.h"

#include <cctype>
#include <charconv>
#include <variant>

namespace hostmark::db {

namespace {

bool identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

// The index just past the quoted run that starts at `i` (quote char sql[i]); a doubled quote
// stays inside, and so does a backslash escape where `backslash` says the dialect has them. An
// unterminated run ends at the end of `sql`.
std::size_t skip_quoted(std::string_view sql, std::size_t i, bool backslash) {
  const char q = sql[i++];
  while (i < sql.size()) {
    if (backslash && sql[i] == '\\' && i + 1 < sql.size()) {
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

// PostgreSQL's dollar quoting: at `i` a $tag$ ($$ or $name$, not $1) that does not continue an
// identifier: the index just past its closing $tag$ (or the end of `sql`); `i` otherwise.
std::size_t skip_dollar_quoted(std::string_view sql, std::size_t i) {
  if (i > 0 && identifier_char(sql[i - 1])) return i;
  std::size_t j = i + 1;
  if (j < sql.size() && std::isdigit(static_cast<unsigned char>(sql[j]))) return i;
  while (j < sql.size() && sql[j] != '$' && identifier_char(sql[j])) ++j;
  if (j >= sql.size() || sql[j] != '$') return i;
  const std::string_view tag = sql.substr(i, j + 1 - i);
  const std::size_t close = sql.find(tag, j + 1);
  return close == std::string_view::npos ? sql.size() : close + tag.size();
}

// The index just past the comment that starts at `i`, or `i` when none starts there. MySQL
// also has '#' line comments; PostgreSQL's block comments nest.
std::size_t skip_comment(std::string_view sql, std::size_t i, SqlDialect dialect) {
  // MySQL's "--" starts a comment only when a blank or control character follows ("1--1" is 2).
  const bool dashes =
      sql.compare(i, 2, "--") == 0 && (dialect != SqlDialect::kMysql || i + 2 >= sql.size() ||
                                       static_cast<unsigned char>(sql[i + 2]) <= ' ');
  if (dashes || (dialect == SqlDialect::kMysql && sql[i] == '#')) {
    const std::size_t end = sql.find('\n', i);
    return end == std::string_view::npos ? sql.size() : end + 1;
  }
  if (sql.compare(i, 2, "/*") != 0) return i;
  const bool nests = dialect == SqlDialect::kPgsql;
  int depth = 0;
  std::size_t j = i;
  while (j < sql.size()) {
    if (sql.compare(j, 2, "/*") == 0 && (depth == 0 || nests)) {
      ++depth;
      j += 2;
    } else if (sql.compare(j, 2, "*/") == 0) {
      j += 2;
      if (--depth == 0) return j;
    } else {
      ++j;
    }
  }
  return sql.size();
}

// Where the quoted or commented run starting at `i` ends in `dialect`; `i` when none starts.
std::size_t skip_non_code(std::string_view sql, std::size_t i, SqlDialect dialect) {
  const char c = sql[i];
  const bool mysql = dialect == SqlDialect::kMysql;
  if (c == '\'') {
    // PostgreSQL (standard_conforming_strings, on since 9.1) and SQLite: no backslash escapes
    // in '...', except PostgreSQL's E'...'.
    const bool e_string = dialect == SqlDialect::kPgsql && i > 0 &&
                          (sql[i - 1] == 'E' || sql[i - 1] == 'e') &&
                          (i < 2 || !identifier_char(sql[i - 2]));
    return skip_quoted(sql, i, mysql || e_string);
  }
  if (c == '"') return skip_quoted(sql, i, mysql);
  if (c == '`' && dialect != SqlDialect::kPgsql) return skip_quoted(sql, i, false);
  if (c == '[' && dialect == SqlDialect::kSqlite) {
    const std::size_t close = sql.find(']', i);
    return close == std::string_view::npos ? sql.size() : close + 1;
  }
  if (c == '$' && dialect == SqlDialect::kPgsql) return skip_dollar_quoted(sql, i);
  return skip_comment(sql, i, dialect);
}

}  // namespace

SqlTemplate parse_placeholders(std::string_view sql, SqlDialect dialect) {
  SqlTemplate t;
  t.text.emplace_back();
  std::size_t i = 0;
  while (i < sql.size()) {
    std::size_t next = skip_non_code(sql, i, dialect);
    if (next == i) {
      if (sql[i] == '?') {
        t.text.emplace_back();
        ++i;
        continue;
      }
      next = i + 1;
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
      // A negative number in parentheses: "k=k-?" must not become the comment "k=k--5".
      char buf[24];
      const auto r = std::to_chars(buf, buf + sizeof buf, *v);
      if (*v < 0) out += '(';
      out.append(buf, r.ptr);
      if (*v < 0) out += ')';
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
