#include "output/html_text.h"

#include <fmt/format.h>

#include <cmath>

namespace hostmark {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7f) {
          out += "\xEF\xBF\xBD";  // U+FFFD
        } else {
          out += c;
        }
      }
    }
  }
  return out;
}

std::string format_report_number(double value) {
  if (!std::isfinite(value)) return "-";
  const double magnitude = std::fabs(value);
  if (magnitude >= 1e15) return fmt::format("{:.3e}", value);
  if (magnitude >= 1000 || value == std::floor(value)) return fmt::format("{:.0f}", value);
  // 4 significant digits, trailing zeros dropped.
  std::string s = fmt::format("{:.4g}", value);
  if (s.find('e') != std::string::npos) s = fmt::format("{:.6f}", value);
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  return s;
}

}  // namespace hostmark
