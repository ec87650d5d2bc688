#pragma once
// fio's value syntax, one parser per kind. Every failure is usage_error("", why) with `why` in
// the form "'4q' is not a size"; the caller prefixes where and which option
// ("job.fio:12: bs: '4q' is not a size").
//
// Numbers (fio 3.33's str_to_decimal and get_mult_bytes, checked against the real fio):
//   decimal or 0x hex digits, then an optional unit, case-insensitive:
//   k m g t p (optionally followed by "b" or "i"): powers of kb_base;
//   kib mib gib tib pib: powers of the *other* base (1000 when kb_base=1024, 1024 when
//   kb_base=1000) -- fio's inversion "for compatibility with old scripts";
//   "b" alone: bytes. "(expr)" is arithmetic (fio/expression.h), optionally followed by a unit.
//   Unlike fio, a fraction ("1.5k", which fio silently reads as 1) is an error.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.h"
#include "fio/job_options.h"

namespace hostmark::fio {

// A non-negative integer with optional unit: sizes ("4k") and counts (fio lets counts carry
// units too: iodepth=1k is 1024). `noun` words the error: "'4q' is not a <noun>".
Expected<std::uint64_t> parse_number(std::string_view text, unsigned kb_base,
                                     std::string_view noun = "size");

// A signed integer (sqthread_poll_cpu=-1); no units.
Expected<std::int64_t> parse_signed(std::string_view text);

// "50%" -> percent; anything else -> parse_number.
struct SizeOrPercent {
  std::uint64_t bytes = 0;
  double percent = 0;
  bool is_percent = false;
};
Expected<SizeOrPercent> parse_size_or_percent(std::string_view text, unsigned kb_base);

// "4k-64k" or "4k:64k" (swapped when low > high, as fio does); a single value -> (v, v). As
// fio, each end may be followed by a separator (: - , /) and text that is ignored: "512/25:1k:25"
// is 512-1k.
Expected<std::pair<std::uint64_t, std::uint64_t>> parse_range(std::string_view text,
                                                              unsigned kb_base);

// A time in ns: digits then us|usec|ms|msec|s|sec|m|min|h|d|ns (case-insensitive); a bare number
// is in `bare_unit_ns`. "(expr)" is arithmetic in microseconds unless a unit follows, as in fio.
Expected<std::uint64_t> parse_time_ns(std::string_view text, std::uint64_t bare_unit_ns);

// "" (a bare flag), "1", "0", "true", "false".
Expected<bool> parse_bool(std::string_view text);

// A decimal fraction ("99.9", "1.2").
Expected<double> parse_double(std::string_view text);

// A percentage 0..100 (an integer, as fio's rwmixread): "150 is not a percentage".
Expected<std::uint32_t> parse_percent(std::string_view text);

// fio's per-direction list: "a" -> a for read, write, trim; "a,b" -> a, b, b; "a,b," -> a, b,
// (default); ",b" -> (default), b, b; "a,b,c". Empty slots are nullopt (keep the default).
PerDir<std::optional<std::string>> split_per_direction(std::string_view text);

// buffer_pattern / verify_pattern: a concatenation of 0xHEX (bytes as written), "string" or
// 'string', and decimal integers (4 bytes, little-endian, as fio's lib/pattern.c).
Expected<std::vector<std::uint8_t>> parse_pattern(std::string_view text);

// "'text'", for messages.
std::string in_quotes(std::string_view text);

// The parsers' error values: usage_error("", why), and "'text' is not a <noun>".
Error invalid(std::string why);
Error not_a(std::string_view text, std::string_view noun);

// `text` without leading and trailing white space.
std::string_view trim(std::string_view text);

// filename=a:b:c with "\:" for a literal colon.
std::vector<std::string> split_filenames(std::string_view text);

}  // namespace hostmark::fio
