#include "io/mount_tables.h"

#include <fcntl.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>

#include "monitor/proc_file.h"
#include "sysinfo/filesystem.h"
#include "sysinfo/text.h"

namespace hostmark::io {
namespace {

// Splits one line at runs of spaces and tabs.
std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

// Calls f(line) for each line of text (without the newline).
template <class F>
void for_each_line(std::string_view text, F&& f) {
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    f(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
}

bool parse_unsigned(std::string_view s, unsigned& out) {
  if (s.empty()) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

std::optional<dev_t> parse_device_number(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  unsigned major_number = 0, minor_number = 0;
  if (!parse_unsigned(text.substr(0, colon), major_number) ||
      !parse_unsigned(text.substr(colon + 1), minor_number)) {
    return std::nullopt;
  }
  return makedev(major_number, minor_number);
}

std::vector<MountEntry> parse_mountinfo(std::string_view text) {
  std::vector<MountEntry> mounts;
  for (auto& e : sysinfo::parse_mountinfo_entries(text)) {
    const auto dev = parse_device_number(e.major_minor);
    if (!dev) continue;
    mounts.push_back(
        MountEntry{*dev, std::move(e.mount_point), std::move(e.fs_type), std::move(e.source)});
  }
  return mounts;
}

std::vector<SwapEntry> parse_swaps(std::string_view text) {
  std::vector<SwapEntry> swaps;
  bool header = true;
  for_each_line(text, [&](std::string_view line) {
    if (header) {
      header = false;
      return;
    }
    const auto fields = split_fields(line);
    if (fields.size() < 2) return;
    swaps.push_back(SwapEntry{sysinfo::decode_octal_escapes(fields[0]), std::string(fields[1])});
  });
  return swaps;
}

Expected<std::string> read_proc_file(const std::string& path) {
  std::string text;
  const int err = monitor::read_proc_text(path, text);
  if (err != 0) return run_error(path, std::strerror(err));
  return text;
}

}  // namespace hostmark::io
