#include "storage/dd_format.h"

#include <fmt/format.h>

#include <cmath>

namespace hostmark::storage {
namespace {

constexpr const char* kSiUnits[] = {"", "k", "M", "G", "T", "P", "E"};
constexpr const char* kIecUnits[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};

// Scales `value` to below `base` in steps of `base`; returns the prefix index.
int scale(double& value, double base) {
  int i = 0;
  while (value >= base && i < 6) {
    value /= base;
    ++i;
  }
  return i;
}

std::string one_or_no_decimal(double v) {
  if (std::round(v * 10) / 10 < 10) return fmt::format("{:.1f}", v);
  return fmt::format("{:.0f}", v);
}

// True when `name` is one of the comma-separated words of `list`.
bool in_list(std::string_view list, std::string_view name) {
  while (!name.empty()) {
    const auto comma = list.find(',');
    if (list.substr(0, comma) == name) return true;
    if (comma == std::string_view::npos) return false;
    list.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

Expected<DdFlags> parse_dd_flags(std::string_view option, std::string_view text,
                                 std::string_view allowed) {
  DdFlags f;
  std::string_view rest = text;
  for (bool more = !text.empty(); more;) {  // every piece, empty ones too ("direct,")
    const auto comma = rest.find(',');
    const std::string_view name = rest.substr(0, comma);
    more = comma != std::string_view::npos;
    if (more) rest.remove_prefix(comma + 1);
    if (!in_list(allowed, name)) {
      std::string list;
      for (const char c : allowed) list += c == ',' ? std::string(", ") : std::string(1, c);
      return usage_error(std::string(option), fmt::format("'{}' is not one of: {}", name, list));
    }
    if (name == "direct") f.direct = true;
    if (name == "dsync") f.dsync = true;
    if (name == "sync") f.sync = true;
  }
  return f;
}

Expected<DdConv> parse_dd_conv(std::string_view option, std::string_view text) {
  if (text == "fdatasync") return DdConv::kFdatasync;
  if (text == "fsync") return DdConv::kFsync;
  if (text.empty() || text == "none") return DdConv::kNone;
  return usage_error(std::string(option),
                     fmt::format("'{}' is not one of: fdatasync, fsync, none", text));
}

std::string dd_human_size(std::uint64_t bytes, bool si) {
  double v = static_cast<double>(bytes);
  int i = scale(v, si ? 1000.0 : 1024.0);
  std::string number = one_or_no_decimal(v);
  if (number == "1000" && i < 6) {  // rounding crossed into the next unit
    v /= si ? 1000.0 : 1024.0;
    ++i;
    number = one_or_no_decimal(v);
  }
  if (i == 0) return number + " B";
  return number + " " + (si ? kSiUnits[i] : kIecUnits[i]) + "B";
}

std::string dd_rate(std::uint64_t bytes, double seconds) {
  if (seconds <= 0) return "Infinity B/s";
  double v = static_cast<double>(bytes) / seconds;
  int i = scale(v, 1000.0);
  std::string number = v < 99.95 ? fmt::format("{:.1f}", v) : fmt::format("{:.0f}", v);
  if (number == "1000" && i < 6) {
    v /= 1000.0;
    ++i;
    number = fmt::format("{:.1f}", v);
  }
  return number + " " + kSiUnits[i] + "B/s";
}

std::string dd_summary_line(std::uint64_t bytes, double seconds) {
  const std::string time = fmt::format("{:g} s", seconds);
  if (bytes < 1000) {
    return fmt::format("{} byte{} copied, {}, {}", bytes, bytes == 1 ? "" : "s", time,
                       dd_rate(bytes, seconds));
  }
  return fmt::format("{} bytes ({}, {}) copied, {}, {}", bytes, dd_human_size(bytes, true),
                     dd_human_size(bytes, false), time, dd_rate(bytes, seconds));
}

}  // namespace hostmark::storage
