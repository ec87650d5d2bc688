#include "output/table.h"

#include <algorithm>
#include <cctype>

namespace hostmark {
namespace {

bool looks_numeric(const std::string& s) {
  return !s.empty() &&
         (std::isdigit(static_cast<unsigned char>(s[0])) || s[0] == '-' || s[0] == '.') &&
         s.find_first_not_of("0123456789.-+e%x") == std::string::npos;
}

}  // namespace

std::string Table::render() const {
  std::vector<std::size_t> width(header_.size(), 0);
  const auto widen = [&width](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < width.size(); ++i)
      width[i] = std::max(width[i], row[i].size());
  };
  widen(header_);
  for (const auto& r : rows_) widen(r);
  std::string out;
  const auto line = [&](const std::vector<std::string>& row, bool header) {
    std::string l;
    for (std::size_t i = 0; i < width.size(); ++i) {
      const std::string cell = i < row.size() ? row[i] : "";
      const std::string pad(width[i] - cell.size(), ' ');
      l += (i ? "  " : "") + ((!header && looks_numeric(cell)) ? pad + cell : cell + pad);
    }
    while (!l.empty() && l.back() == ' ') l.pop_back();
    out += l + '\n';
  };
  line(header_, true);
  std::size_t total = 0;
  for (auto w : width) total += w;
  out += std::string(total + 2 * (width.size() - 1), '-') + '\n';
  for (const auto& r : rows_) line(r, false);
  return out;
}

}  // namespace hostmark
