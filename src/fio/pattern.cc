// buffer_pattern / verify_pattern and filename lists (declared in fio/values.h).
#include <cctype>
#include <charconv>
#include <limits>

#include "fio/values.h"

namespace hostmark::fio {

Expected<std::vector<std::uint8_t>> parse_pattern(std::string_view text) {
  std::vector<std::uint8_t> out;
  std::string_view t = trim(text);
  while (!t.empty()) {
    if (t.front() == '"' || t.front() == '\'') {
      std::size_t end = t.find(t.front(), 1);
      if (end == std::string_view::npos)
        return usage_error("", in_quotes(text) + ": unterminated string");
      for (char c : t.substr(1, end - 1)) out.push_back(static_cast<std::uint8_t>(c));
      t.remove_prefix(end + 1);
    } else if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
      std::size_t n = 2;
      while (n < t.size() && std::isxdigit(static_cast<unsigned char>(t[n]))) ++n;
      std::string digits(t.substr(2, n - 2));
      if (digits.empty()) return not_a(text, "pattern");
      if (digits.size() % 2 == 1) digits.insert(digits.begin(), '0');
      for (std::size_t i = 0; i < digits.size(); i += 2) {
        out.push_back(static_cast<std::uint8_t>(std::stoul(digits.substr(i, 2), nullptr, 16)));
      }
      t.remove_prefix(n);
    } else if (std::isdigit(static_cast<unsigned char>(t.front())) || t.front() == '-') {
      std::int64_t v = 0;
      auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
      if (ec != std::errc() || v < std::numeric_limits<std::int32_t>::min() ||
          v > std::numeric_limits<std::int32_t>::max()) {
        return not_a(text, "pattern");
      }
      auto u = static_cast<std::uint32_t>(static_cast<std::int32_t>(v));
      for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(u >> (8 * i)));
      t.remove_prefix(static_cast<std::size_t>(end - t.data()));
    } else {
      return not_a(text, "pattern (0xHEX, \"string\" or a decimal number)");
    }
  }
  if (out.empty()) return not_a(text, "pattern");
  return out;
}

std::vector<std::string> split_filenames(std::string_view text) {
  std::vector<std::string> out(1);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] == ':') {
      out.back() += ':';
      ++i;
    } else if (text[i] == ':') {
      out.emplace_back();
    } else {
      out.back() += text[i];
    }
  }
  std::erase_if(out, [](const std::string& s) { return s.empty(); });
  return out;
}

}  // namespace hostmark::fio
