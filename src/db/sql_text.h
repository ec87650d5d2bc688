#pragma once
// SQL text helpers shared by the server drivers: where the '?' placeholders of a statement are
// (outside quoted strings, quoted identifiers and comments), PostgreSQL's $1..$n numbering, the
// client-side substitution of --db-ps-mode=disable, and the error-code lists of
// --mysql-ignore-errors / --pgsql-ignore-errors.
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "db/db_driver.h"

namespace hostmark::db {

// Whose quoting and comments a statement follows: MySQL/MariaDB (backslash escapes in '...'
// and "...", `...` identifiers, '#' comments), PostgreSQL (standard_conforming_strings: '...'
// without escapes, E'...' with them, $tag$...$tag$, nested /* */), SQLite ('...', "...",
// `...` and [...]).
enum class SqlDialect { kMysql, kPgsql, kSqlite };

// `sql` cut at its '?' placeholders: text.size() == placeholders + 1; quoted '?' stay in text.
struct SqlTemplate {
  std::vector<std::string> text;
  std::size_t placeholders() const { return text.size() - 1; }
};
SqlTemplate parse_placeholders(std::string_view sql, SqlDialect dialect = SqlDialect::kMysql);

// "... WHERE id=?" -> "... WHERE id=$1".
std::string number_placeholders(const SqlTemplate& sql);

// Appends `value` as a quoted SQL string literal (the driver's escaping, quotes included).
using QuoteString = std::function<void(std::string_view value, std::string& out)>;

// The statement with `params` written in: integers in decimal (negative ones in parentheses),
// strings through `quote`.
// Precondition: params.size() == sql.placeholders().
std::string substitute_params(const SqlTemplate& sql, std::span<const Param> params,
                              const QuoteString& quote);

// True when `code` is in `list` or the list holds "all".
bool code_in_list(const std::vector<std::string>& list, std::string_view code);

// A client library message made one line: trailing newlines dropped, inner line breaks turned
// into "; ", runs of blanks collapsed.
std::string one_line(std::string_view message);

}  // namespace hostmark::db
