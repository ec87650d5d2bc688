#include "fio/values.h"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <limits>

#include "fio/expression.h"

namespace hostmark::fio {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool checked_pow(std::uint64_t base, int exponent, std::uint64_t& out) {
  out = 1;
  for (int i = 0; i < exponent; ++i) {
    if (__builtin_mul_overflow(out, base, &out)) return false;
  }
  return true;
}

// The multiplier of a size unit (lower case), or nullopt when it is not one.
std::optional<std::uint64_t> size_unit(std::string_view unit, unsigned kb_base) {
  if (unit.empty() || unit == "b") return 1;
  static constexpr std::string_view kPrefixes = "kmgtp";
  std::size_t power = kPrefixes.find(unit.front());
  if (power == std::string_view::npos) return std::nullopt;
  std::string_view rest = unit.substr(1);
  std::uint64_t base = kb_base;
  if (rest == "ib") {
    base = kb_base == 1000 ? 1024 : 1000;  // fio inverts IEC units against kb_base
  } else if (!rest.empty() && rest != "b" && rest != "i") {
    return std::nullopt;
  }
  std::uint64_t mult = 0;
  if (!checked_pow(base, static_cast<int>(power) + 1, mult)) return std::nullopt;
  return mult;
}

// Digits (decimal or 0x hex) and the rest of the text.
std::optional<std::uint64_t> leading_integer(std::string_view text, std::string_view& rest) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  }
  std::uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (ec != std::errc() || end == text.data()) return std::nullopt;
  rest = text.substr(static_cast<std::size_t>(end - text.data()));
  return value;
}

// "4k" etc. without arithmetic.
std::optional<std::uint64_t> plain_size(std::string_view text, unsigned kb_base) {
  std::string_view rest;
  auto value = leading_integer(text, rest);
  if (!value) return std::nullopt;
  auto mult = size_unit(lower(rest), kb_base);
  std::uint64_t out = 0;
  if (!mult || __builtin_mul_overflow(*value, *mult, &out)) return std::nullopt;
  return out;
}

// "(expr)unit": the expression's text and the unit after it, or nullopt if not that shape.
std::optional<std::pair<std::string_view, std::string_view>> split_expression(
    std::string_view text) {
  if (text.empty() || text.front() != '(') return std::nullopt;
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && --depth == 0) return std::pair{text.substr(1, i - 1), text.substr(i + 1)};
  }
  return std::pair{text.substr(1), std::string_view("\x01")};  // unbalanced: never a unit
}

std::optional<std::uint64_t> time_unit_ns(std::string_view unit) {
  std::string u = lower(unit);
  if (u == "ns" || u == "nsec") return 1;
  if (u == "us" || u == "usec") return 1'000;
  if (u == "ms" || u == "msec") return 1'000'000;
  if (u == "s" || u == "sec") return 1'000'000'000;
  if (u == "m" || u == "min") return 60'000'000'000;
  if (u == "h") return 3'600'000'000'000;
  if (u == "d") return 86'400'000'000'000;
  return std::nullopt;
}

}  // namespace

Error invalid(std::string why) { return usage_error("", std::move(why)); }

Error not_a(std::string_view text, std::string_view noun) {
  return usage_error("", in_quotes(text) + " is not a " + std::string(noun));
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

std::string in_quotes(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out.push_back('\'');
  out.append(text);
  out.push_back('\'');
  return out;
}

Expected<std::uint64_t> parse_number(std::string_view text, unsigned kb_base,
                                     std::string_view noun) {
  std::string_view t = trim(text);
  if (auto expr = split_expression(t)) {
    LiteralParser literal = [&](std::string_view lit) -> Expected<std::int64_t> {
      auto v = plain_size(lit, kb_base);
      if (!v || *v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return not_a(lit, noun);
      }
      return static_cast<std::int64_t>(*v);
    };
    auto value = evaluate_expression(expr->first, literal);
    if (!value) return usage_error("", in_quotes(text) + ": " + value.error().why);
    auto mult = size_unit(lower(expr->second), kb_base);
    if (!mult) return not_a(text, noun);
    if (value.value() < 0) return usage_error("", in_quotes(text) + " is negative");
    std::uint64_t out = 0;
    if (__builtin_mul_overflow(static_cast<std::uint64_t>(value.value()), *mult, &out))
      return not_a(text, noun);
    return out;
  }
  auto v = plain_size(t, kb_base);
  if (!v) return not_a(text, noun);
  return *v;
}

Expected<std::int64_t> parse_signed(std::string_view text) {
  std::string_view t = trim(text);
  std::int64_t v = 0;
  auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec != std::errc() || end != t.data() + t.size() || t.empty()) return not_a(text, "number");
  return v;
}

Expected<SizeOrPercent> parse_size_or_percent(std::string_view text, unsigned kb_base) {
  std::string_view t = trim(text);
  if (!t.empty() && t.back() == '%') {
    auto p = parse_double(t.substr(0, t.size() - 1));
    if (!p || p.value() <= 0 || p.value() > 100) return not_a(text, "percentage");
    return SizeOrPercent{0, p.value(), true};
  }
  auto v = parse_number(t, kb_base);
  if (!v) return v.error();
  return SizeOrPercent{v.value(), 0, false};
}

namespace {

// One end of a range as fio reads it: a size, or a size followed by one of fio's separators
// (: - , /) and text fio ignores ("512/25" is 512, "1k:25:2k" is 1k; fio's own t0023 job gives
// bsrange a bssplit value and runs as 512-1k).
Expected<std::uint64_t> range_end(std::string_view text, unsigned kb_base) {
  auto v = parse_number(text, kb_base);
  if (v) return v;
  const std::string_view t = trim(text);
  const std::size_t cut = t.find_first_of(":-,/");
  if (cut == 0 || cut == std::string_view::npos) return v;
  return parse_number(t.substr(0, cut), kb_base);
}

}  // namespace

Expected<std::pair<std::uint64_t, std::uint64_t>> parse_range(std::string_view text,
                                                              unsigned kb_base) {
  std::string_view t = trim(text);
  // fio splits at the first '-', or failing that the first ':'.
  const std::size_t from = t.empty() || t.front() != '(' ? 0 : t.find(')');
  std::size_t sep = t.find('-', from);
  if (sep == std::string_view::npos) sep = t.find(':', from);
  if (sep == std::string_view::npos) {
    auto v = parse_number(t, kb_base);
    if (!v) return v.error();
    return std::pair{v.value(), v.value()};
  }
  auto lo = range_end(t.substr(0, sep), kb_base);
  auto hi = range_end(t.substr(sep + 1), kb_base);
  if (!lo || !hi) return not_a(text, "size range");
  if (lo.value() > hi.value()) return std::pair{hi.value(), lo.value()};
  return std::pair{lo.value(), hi.value()};
}

Expected<std::uint64_t> parse_time_ns(std::string_view text, std::uint64_t bare_unit_ns) {
  std::string_view t = trim(text);
  std::uint64_t value = 0;
  std::uint64_t unit_ns = bare_unit_ns;
  std::string_view unit;
  if (auto expr = split_expression(t)) {
    LiteralParser literal = [&](std::string_view lit) -> Expected<std::int64_t> {
      std::string_view rest;
      auto v = leading_integer(lit, rest);
      if (!v || !rest.empty() ||
          *v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return not_a(lit, "number");
      }
      return static_cast<std::int64_t>(*v);
    };
    auto v = evaluate_expression(expr->first, literal);
    if (!v) return usage_error("", in_quotes(text) + ": " + v.error().why);
    if (v.value() < 0) return usage_error("", in_quotes(text) + " is negative");
    value = static_cast<std::uint64_t>(v.value());
    unit = expr->second;
    unit_ns = 1'000;  // fio: times in expressions are in microseconds
  } else {
    auto v = leading_integer(t, unit);
    if (!v) return not_a(text, "time");
    value = *v;
  }
  if (!unit.empty()) {
    auto u = time_unit_ns(unit);
    if (!u) return not_a(text, "time");
    unit_ns = *u;
  }
  std::uint64_t out = 0;
  if (__builtin_mul_overflow(value, unit_ns, &out)) return not_a(text, "time");
  return out;
}

Expected<bool> parse_bool(std::string_view text) {
  std::string t = lower(trim(text));
  if (t.empty() || t == "1" || t == "true") return true;
  if (t == "0" || t == "false") return false;
  return not_a(text, "boolean (0 or 1)");
}

Expected<double> parse_double(std::string_view text) {
  std::string t(trim(text));
  if (t.empty()) return not_a(text, "number");
  char* end = nullptr;
  double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size() || v != v) return not_a(text, "number");
  return v;
}

Expected<std::uint32_t> parse_percent(std::string_view text) {
  auto v = parse_number(text, 1024, "percentage");
  if (!v) return v.error();
  if (v.value() > 100) return usage_error("", std::to_string(v.value()) + " is not a percentage");
  return static_cast<std::uint32_t>(v.value());
}

PerDir<std::optional<std::string>> split_per_direction(std::string_view text) {
  std::vector<std::string> slots;
  std::size_t start = 0;
  for (;;) {
    std::size_t comma = text.find(',', start);
    slots.emplace_back(
        trim(text.substr(start, comma == std::string_view::npos ? comma : comma - start)));
    if (comma == std::string_view::npos || slots.size() == kDirs) break;
    start = comma + 1;
  }
  PerDir<std::optional<std::string>> out;
  for (std::size_t d = 0; d < kDirs; ++d) {
    if (d < slots.size()) {
      if (!slots[d].empty()) out[d] = slots[d];
    } else if (!slots.back().empty()) {
      out[d] = slots.back();  // the last value given applies to the later directions
    }
  }
  return out;
}

}  // namespace hostmark::fio
