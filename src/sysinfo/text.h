#pragma once
// Small pure helpers for the line-oriented text of /proc, /sys and /etc files. The views they
// return point into the text they were given, so that text must outlive them.
#include <string>
#include <string_view>
#include <vector>

namespace hostmark::sysinfo {

// The characters trim() removes: space, tab, carriage return, newline.
inline constexpr std::string_view kSpace = " \t\r\n";

// `s` without leading and trailing kSpace characters: "  a b\r\n" -> "a b"; "  " -> "".
std::string_view trim(std::string_view s);

// The lines of `text`, split at '\n', each without its '\n' and without one '\r' before it
// (CRLF line ends). A final line without '\n' counts; the '\n' that ends the text does not start
// another line: "a\nb" and "a\nb\n" -> {"a", "b"}; "a\n\nb" -> {"a", "", "b"}; "" -> {}.
std::vector<std::string_view> split_lines(std::string_view text);

// The first line of `text` as split_lines() would give it ("" for an empty text):
// "4\n" -> "4"; "Data\r\nmore" -> "Data".
std::string first_line(std::string_view text);

// Splits "key <sep> value" at the first `sep`: both sides trimmed, e.g. with ':'
// "model name\t: Intel(R) Xeon(R)" -> "model name", "Intel(R) Xeon(R)". Returns false (and
// leaves key and value alone) when the line has no `sep`.
bool split_key_value(std::string_view line, char sep, std::string_view& key,
                     std::string_view& value);

// Decodes the octal escapes of the kernel's mount and swap tables: "a\040b" -> "a b",
// "\134" -> "\". An escape cut short ("\04" at the end) is kept as is.
std::string decode_octal_escapes(std::string_view text);

// The value of the first line of `text` whose key (split at `sep`, as split_key_value does)
// equals `key`; "" when there is none. For /proc/cpuinfo and /proc/meminfo style text.
std::string first_field(std::string_view text, std::string_view key, char sep = ':');

}  // namespace hostmark::sysinfo
