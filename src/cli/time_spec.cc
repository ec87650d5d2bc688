#include "cli/time_spec.h"

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <ctime>
#include <string>

#include "cli/units.h"

namespace hostmark {
namespace {

constexpr std::int64_t kNsPerS = 1'000'000'000;

// Reads exactly `digits` digits at `at` into `out`; false when they are not there.
bool read_digits(std::string_view s, std::size_t& at, std::size_t digits, int& out) {
  if (at + digits > s.size()) return false;
  const auto r = std::from_chars(s.data() + at, s.data() + at + digits, out);
  if (r.ec != std::errc() || r.ptr != s.data() + at + digits) return false;
  at += digits;
  return true;
}

bool read_char(std::string_view s, std::size_t& at, char c) {
  if (at >= s.size() || s[at] != c) return false;
  ++at;
  return true;
}

// HH:MM[:SS] at `at`, to the end of `s`.
bool read_clock(std::string_view s, std::size_t at, std::tm& tm) {
  if (!read_digits(s, at, 2, tm.tm_hour) || !read_char(s, at, ':') ||
      !read_digits(s, at, 2, tm.tm_min)) {
    return false;
  }
  tm.tm_sec = 0;
  if (at < s.size() && (!read_char(s, at, ':') || !read_digits(s, at, 2, tm.tm_sec))) return false;
  return at == s.size() && tm.tm_hour < 24 && tm.tm_min < 60 && tm.tm_sec < 60;
}

std::tm local_day_of(std::int64_t now_ns) {
  const std::time_t t = static_cast<std::time_t>(now_ns / kNsPerS);
  std::tm tm{};
  localtime_r(&t, &tm);
  tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
  return tm;
}

// Seconds since the epoch that fit in int64 nanoseconds (years 1678 to 2262).
constexpr std::int64_t kMaxSeconds = INT64_MAX / kNsPerS;

Expected<std::int64_t> in_range(std::int64_t seconds, std::string_view option,
                                std::string_view text) {
  if (seconds > kMaxSeconds || seconds < -kMaxSeconds) {
    return usage_error(std::string(option),
                       fmt::format("'{}' is out of range (years 1678 to 2262)", text));
  }
  return seconds * kNsPerS;
}

Expected<std::int64_t> from_local(std::tm tm, std::string_view option, std::string_view text) {
  tm.tm_isdst = -1;
  const std::tm asked = tm;
  const std::time_t t = std::mktime(&tm);
  // mktime normalises: 2026-02-30 would silently become March 2, and 02:30 inside a daylight
  // saving gap 03:30.
  if (t == static_cast<std::time_t>(-1) || tm.tm_mday != asked.tm_mday ||
      tm.tm_mon != asked.tm_mon) {
    return usage_error(std::string(option), fmt::format("'{}' is not a valid date", text));
  }
  if (tm.tm_hour != asked.tm_hour || tm.tm_min != asked.tm_min) {
    return usage_error(std::string(option),
                       fmt::format("'{}' does not exist in the local time zone (a daylight "
                                   "saving gap)",
                                   text));
  }
  return in_range(static_cast<std::int64_t>(t), option, text);
}

}  // namespace

Expected<std::int64_t> parse_time_spec(std::string_view option, std::string_view text,
                                       std::int64_t now_ns) {
  if (text == "now") return now_ns;
  if (text == "today") return from_local(local_day_of(now_ns), option, text);
  if (text == "yesterday") {
    std::tm tm = local_day_of(now_ns);
    tm.tm_mday -= 1;
    tm.tm_isdst = -1;
    const std::time_t t = std::mktime(&tm);  // normalises the day before the 1st
    return static_cast<std::int64_t>(t) * kNsPerS;
  }
  if (text.ends_with(" ago")) {
    auto d = parse_duration_ns(option, text.substr(0, text.size() - 4));
    if (!d) return d.error();
    if (d.value() > static_cast<std::uint64_t>(kMaxSeconds) * kNsPerS)
      return usage_error(std::string(option), fmt::format("'{}' is out of range", text));
    return now_ns - static_cast<std::int64_t>(d.value());
  }
  if (text.starts_with('@')) {
    std::int64_t seconds = 0;
    const auto r = std::from_chars(text.data() + 1, text.data() + text.size(), seconds);
    if (r.ec == std::errc() && r.ptr == text.data() + text.size() && text.size() > 1)
      return in_range(seconds, option, text);
  }
  std::tm tm = local_day_of(now_ns);
  if (read_clock(text, 0, tm)) return from_local(tm, option, text);
  std::size_t at = 0;
  int year = 0, month = 0, day = 0;
  if (read_digits(text, at, 4, year) && read_char(text, at, '-') &&
      read_digits(text, at, 2, month) && read_char(text, at, '-') &&
      read_digits(text, at, 2, day) && month >= 1 && month <= 12 && day >= 1) {
    tm.tm_year = year - 1900;
    tm.tm_mon = month - 1;
    tm.tm_mday = day;
    tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
    if (at == text.size()) return from_local(tm, option, text);
    if ((text[at] == ' ' || text[at] == 'T') && read_clock(text, at + 1, tm))
      return from_local(tm, option, text);
  }
  return usage_error(std::string(option),
                     fmt::format("'{}' is not a time (now, today, yesterday, '1h ago', "
                                 "'YYYY-MM-DD HH:MM', 'HH:MM' or @SECONDS)",
                                 text));
}

}  // namespace hostmark
