#pragma once
// What the fuzz targets share: turning libFuzzer's bytes into the text a parser takes.
// Header-only; every target is one small file calling one real parser (docs/RELIABILITY.md).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hostmark::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Lines of `text` (split at '\n', a trailing newline making no empty last line): one argument
// a line, so the corpus files are readable command lines.
inline std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    out.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// Splits at the first line "%%": the part before (arguments) and after (a file's content).
struct TwoParts {
  std::string_view head, tail;
};
inline TwoParts split_at_separator(std::string_view text) {
  if (text.starts_with("%%\n")) return {{}, text.substr(3)};
  const std::size_t at = text.find("\n%%\n");
  if (at == std::string_view::npos) return {text, {}};
  return {text.substr(0, at), text.substr(at + 4)};
}

}  // namespace hostmark::fuzz
