// db/sql_text.h: placeholders, $n numbering, client-side substitution, error-code lists.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "db/sql_text.h"

namespace hostmark::db {
namespace {

void quote_plain(std::string_view v, std::string& out) {
  out += '\'';
  for (const char c : v) {
    if (c == '\'') out += '\'';
    out += c;
  }
  out += '\'';
}

TEST(SqlText, PlaceholdersOutsideQuotesAndComments) {
  const auto t = parse_placeholders(
      "SELECT c FROM t WHERE id = ? AND c <> '?' AND d = \"?\" -- ?\n AND e = `?` /* ? */ OR k=?");
  EXPECT_EQ(t.placeholders(), 2u);
  EXPECT_EQ(number_placeholders(t),
            "SELECT c FROM t WHERE id = $1 AND c <> '?' AND d = \"?\" -- ?\n AND e = `?` /* ? */ "
            "OR k=$2");
}

TEST(SqlText, EscapedQuotesDoNotEndAString) {
  EXPECT_EQ(parse_placeholders("SELECT 'it''s ?', 'a\\'?', ?").placeholders(), 1u);
  EXPECT_EQ(parse_placeholders("SELECT 1").placeholders(), 0u);
  EXPECT_EQ(number_placeholders(parse_placeholders("?,?,?,?,?,?,?,?,?,?")),
            "$1,$2,$3,$4,$5,$6,$7,$8,$9,$10");
  EXPECT_EQ(parse_placeholders("SELECT 'unterminated ?").placeholders(), 0u);
}

TEST(SqlText, PostgresqlQuoting) {
  constexpr auto pg = SqlDialect::kPgsql;
  // standard_conforming_strings: a backslash does not escape, so 'a\' ends the string.
  EXPECT_EQ(parse_placeholders("SELECT 'a\\', ?", pg).placeholders(), 1u);
  EXPECT_EQ(parse_placeholders("SELECT 'a\\', ?", SqlDialect::kMysql).placeholders(), 0u);
  // E'...' has backslash escapes.
  EXPECT_EQ(parse_placeholders("SELECT E'a\\'?', ?", pg).placeholders(), 1u);
  // Dollar quoting, with and without a tag; $1 and identifiers holding '$' are not quotes.
  EXPECT_EQ(parse_placeholders("SELECT $$ ? ' $$, $fn$ ?$$? $fn$, ?", pg).placeholders(), 1u);
  EXPECT_EQ(number_placeholders(parse_placeholders("SELECT a$b, ? FROM t$1", pg)),
            "SELECT a$b, $1 FROM t$1");
  // Block comments nest.
  EXPECT_EQ(parse_placeholders("/* a /* ? */ ? */ SELECT ?", pg).placeholders(), 1u);
  EXPECT_EQ(parse_placeholders("/* a /* ? */ ? */ SELECT ?", SqlDialect::kMysql).placeholders(),
            2u);
}

TEST(SqlText, MysqlAndSqliteComments) {
  EXPECT_EQ(parse_placeholders("SELECT 1--1, ? # ?\n", SqlDialect::kMysql).placeholders(), 1u);
  EXPECT_EQ(parse_placeholders("SELECT 1 -- ?\n, ?", SqlDialect::kMysql).placeholders(), 1u);
  EXPECT_EQ(parse_placeholders("SELECT [a?b], ? -- ?", SqlDialect::kSqlite).placeholders(), 1u);
  // SQLite has no backslash escapes: 'C:\' ends there.
  EXPECT_EQ(parse_placeholders("SELECT 'C:\\', ?", SqlDialect::kSqlite).placeholders(), 1u);
}

TEST(SqlText, NegativeIntegersCannotStartAComment) {
  const auto t = parse_placeholders("UPDATE t SET k=k-? WHERE id=?");
  const std::vector<Param> p{std::int64_t{-5}, std::int64_t{7}};
  EXPECT_EQ(substitute_params(t, p, quote_plain), "UPDATE t SET k=k-(-5) WHERE id=7");
}

TEST(SqlText, SubstitutesIntegersAndQuotedStrings) {
  const auto t = parse_placeholders("INSERT INTO t VALUES (?, ?, ?)");
  const std::vector<Param> p{std::int64_t{-42}, std::string_view("it's"),
                             std::int64_t{9223372036854775807}};
  EXPECT_EQ(substitute_params(t, p, quote_plain),
            "INSERT INTO t VALUES ((-42), 'it''s', 9223372036854775807)");
}

TEST(SqlText, CodeListsAndAll) {
  EXPECT_TRUE(code_in_list({"1213", "1205"}, "1205"));
  EXPECT_FALSE(code_in_list({"1213"}, "1205"));
  EXPECT_FALSE(code_in_list({}, "1205"));
  EXPECT_TRUE(code_in_list({"all"}, "40P01"));
}

TEST(SqlText, OneLine) {
  EXPECT_EQ(one_line("FATAL:  password failed\n"), "FATAL: password failed");
  EXPECT_EQ(one_line("a\n\tIs the server running?\n"), "a; Is the server running?");
  EXPECT_EQ(one_line(""), "");
}

}  // namespace
}  // namespace hostmark::db
