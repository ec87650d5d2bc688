#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

// The line that starts at `pos` (which is < text.size()), without its "\n" or "\r\n"; `pos`
// moves past the line end.
std::string_view next_line(std::string_view text, std::size_t& pos) {
  auto nl = text.find('\n', pos);
  if (nl == std::string_view::npos) nl = text.size();
  std::string_view line = text.substr(pos, nl - pos);
  pos = nl + 1;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

}  // namespace

std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t pos = 0;
  while (pos < text.size()) lines.push_back(next_line(text, pos));
  return lines;
}

std::string first_line(std::string_view text) {
  std::size_t pos = 0;
  return text.empty() ? std::string() : std::string(next_line(text, pos));
}

bool split_key_value(std::string_view line, char sep, std::string_view& key,
                     std::string_view& value) {
  const auto at = line.find(sep);
  if (at == std::string_view::npos) return false;
  key = trim(line.substr(0, at));
  value = trim(line.substr(at + 1));
  return true;
}

std::string first_field(std::string_view text, std::string_view key, char sep) {
  for (const std::string_view line : split_lines(text)) {
    std::string_view k, v;
    if (split_key_value(line, sep, k, v) && k == key) return std::string(v);
  }
  return "";
}

std::string decode_octal_escapes(std::string_view text) {
  const auto octal = [](char c) { return c >= '0' && c <= '7'; };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 3 < text.size() && octal(text[i + 1]) && octal(text[i + 2]) &&
        octal(text[i + 3])) {
      out += static_cast<char>((text[i + 1] - '0') * 64 + (text[i + 2] - '0') * 8 +
                               (text[i + 3] - '0'));
      i += 3;
    } else {
      out += text[i];
    }
  }
  return out;
}

}  // namespace hostmark::sysinfo
