#include "cli/units.h"

#include <fmt/format.h>
#include <fmt/printf.h>

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

namespace hostmark {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Splits "12.5ms" into the number 12.5 and the suffix "ms". Returns false when there is no
// leading number at all.
bool split_number(std::string_view text, double& number, std::string& suffix) {
  std::size_t i = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'))
    ++i;
  if (i == 0) return false;
  std::string_view digits = text.substr(0, i);
  auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) return false;
  suffix = lower(text.substr(i));
  return true;
}

bool size_multiplier(const std::string& suffix, std::uint64_t& mult) {
  static constexpr std::array<std::string_view, 6> kLetters = {"", "k", "m", "g", "t", "p"};
  for (std::size_t power = 0; power < kLetters.size(); ++power) {
    const std::string_view l = kLetters[power];
    bool match = suffix == l;
    if (power > 0)
      match = match || suffix == std::string(l) + "b" || suffix == std::string(l) + "ib";
    else match = match || suffix == "b";
    if (match) {
      mult = std::uint64_t{1} << (10 * power);
      return true;
    }
  }
  return false;
}

}  // namespace

Expected<std::uint64_t> parse_size(std::string_view option, std::string_view text) {
  double number = 0;
  std::string suffix;
  std::uint64_t mult = 1;
  if (!split_number(text, number, suffix) || !size_multiplier(suffix, mult)) {
    return usage_error(std::string(option), fmt::format("'{}' is not a size", text));
  }
  // A whole number is parsed exactly: as a double, 2^53 + 1 would round and 2^64 - 1 overflow.
  std::uint64_t whole = 0;
  const char* digits_end = text.data() + (text.size() - suffix.size());
  if (auto [end, ec] = std::from_chars(text.data(), digits_end, whole);
      ec == std::errc() && end == digits_end) {
    if (whole > std::numeric_limits<std::uint64_t>::max() / mult) {
      return usage_error(std::string(option), fmt::format("'{}' is too large", text));
    }
    return whole * mult;
  }
  const double bytes = number * static_cast<double>(mult);
  if (bytes >= 18446744073709551615.0) {
    return usage_error(std::string(option), fmt::format("'{}' is too large", text));
  }
  if (bytes != std::floor(bytes)) {
    return usage_error(std::string(option),
                       fmt::format("'{}' is not a whole number of bytes", text));
  }
  return static_cast<std::uint64_t>(bytes);
}

Expected<SizeOrPercent> parse_size_or_percent(std::string_view option, std::string_view text) {
  if (!text.empty() && text.back() == '%') {
    double number = 0;
    std::string suffix;
    if (!split_number(text.substr(0, text.size() - 1), number, suffix) || !suffix.empty() ||
        number <= 0 || number > 100) {
      return usage_error(std::string(option),
                         fmt::format("'{}' is not a percentage in (0, 100]", text));
    }
    return SizeOrPercent{0, number};
  }
  auto size = parse_size(option, text);
  if (!size) return size.error();
  return SizeOrPercent{size.value(), 0};
}

Expected<std::uint64_t> parse_duration_ns(std::string_view option, std::string_view text,
                                          TimeUnit bare_unit) {
  double number = 0;
  std::string suffix;
  if (!split_number(text, number, suffix)) {
    return usage_error(std::string(option), fmt::format("'{}' is not a duration", text));
  }
  double unit_ns = 0;
  if (suffix.empty()) unit_ns = static_cast<double>(bare_unit);
  else if (suffix == "ns") unit_ns = 1;
  else if (suffix == "us" || suffix == "usec") unit_ns = 1e3;
  else if (suffix == "ms" || suffix == "msec") unit_ns = 1e6;
  else if (suffix == "s" || suffix == "sec") unit_ns = 1e9;
  else if (suffix == "m" || suffix == "min") unit_ns = 60e9;
  else if (suffix == "h") unit_ns = 3600e9;
  else if (suffix == "d") unit_ns = 86400e9;
  else return usage_error(std::string(option), fmt::format("'{}' is not a duration", text));
  const double ns = number * unit_ns;
  if (ns >= 9.2e18) return usage_error(std::string(option), fmt::format("'{}' is too long", text));
  return static_cast<std::uint64_t>(std::llround(ns));
}

Expected<std::uint64_t> parse_count(std::string_view option, std::string_view text) {
  std::uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
    return usage_error(std::string(option),
                       fmt::format("'{}' is not a non-negative integer", text));
  }
  return v;
}

Expected<bool> parse_flag(std::string_view option, std::string_view text) {
  const std::string t = lower(text);
  if (t == "on" || t == "true" || t == "yes" || t == "1") return true;
  if (t == "off" || t == "false" || t == "no" || t == "0") return false;
  return usage_error(std::string(option), fmt::format("'{}' is not on or off", text));
}

std::string format_bytes_binary(std::uint64_t bytes) {
  static constexpr std::array<const char*, 6> kUnits = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  double v = static_cast<double>(bytes);
  std::size_t u = 0;
  while (v >= 1024 && u + 1 < kUnits.size()) {
    v /= 1024;
    ++u;
  }
  if (u == 0) return fmt::format("{} B", bytes);
  return fmt::format("{:.{}f} {}", v, v == std::floor(v) ? 0 : 1, kUnits[u]);
}

std::string sysbench_size_text(double bytes) {
  static constexpr std::string_view kUnits = "KMGTPEZY";
  std::size_t u = 0;
  for (; u < kUnits.size() && bytes >= 1024; ++u) bytes /= 1024;
  if (u == 0) return fmt::format("{}B", fmt::sprintf("%.5g", bytes));
  return fmt::format("{}{}iB", fmt::sprintf("%.5g", bytes), kUnits[u - 1]);
}

}  // namespace hostmark
