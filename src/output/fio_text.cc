#include "output/fio_text.h"

#include <fmt/format.h>

#include <array>
#include <ctime>

namespace hostmark {
namespace {

std::size_t digits(std::uint64_t v) { return fmt::formatted_size("{}", v); }

}  // namespace

std::string fio_num2str(std::uint64_t num, int max_digits, int base, bool pow2, FioUnit unit) {
  static constexpr std::array<const char*, 6> kSi{"", "k", "M", "G", "T", "P"};
  static constexpr std::array<const char*, 6> kIec{"", "Ki", "Mi", "Gi", "Ti", "Pi"};
  static constexpr std::array<const char*, 6> kUnits{"", "/s", "B", "bit", "B/s", "bit/s"};
  const auto& prefixes = pow2 ? kIec : kSi;
  const char* unit_text = kUnits[static_cast<std::size_t>(unit)];
  const std::uint64_t thousand = pow2 ? 1024 : 1000;
  const auto max_len = static_cast<std::size_t>(max_digits);

  std::size_t post = 0;
  for (std::int64_t b = base; b > 1; ++post) b /= static_cast<std::int64_t>(thousand);
  if (unit == FioUnit::kBit || unit == FioUnit::kBitPerSec) num *= 8;

  bool divided = false;
  std::uint64_t modulo = 0;
  bool carry = false;
  while (post < prefixes.size()) {
    if (digits(num) <= max_len) break;
    modulo = num % thousand;
    num /= thousand;
    carry = modulo >= thousand / 2;
    ++post;
    divided = true;
  }
  const auto plain = [&](std::uint64_t n) {
    return fmt::format("{}{}{}", n, post < prefixes.size() ? prefixes[post] : "", unit_text);
  };
  if (!divided) return plain(num);
  const std::size_t len = digits(num);
  if (len + 1 >= max_len) return plain(carry ? num + 1 : num);  // no room for decimals
  const int decimals = static_cast<int>(max_len - len - 1);
  const std::string frac =
      fmt::format("{:.{}f}", static_cast<double>(modulo) / static_cast<double>(thousand), decimals);
  // frac is "0.xyz", or "1.00" when the decimals round up into the integer part (12.984 -> 13.0).
  if (frac[0] == '1') ++num;
  return fmt::format("{}.{}{}{}", num, frac.substr(2), post < prefixes.size() ? prefixes[post] : "",
                     unit_text);
}

std::string fio_ctime(std::int64_t unix_s) {
  static constexpr std::array<const char*, 7> kDays{"Sun", "Mon", "Tue", "Wed",
                                                    "Thu", "Fri", "Sat"};
  static constexpr std::array<const char*, 12> kMonths{"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const auto t = static_cast<std::time_t>(unix_s);
  std::tm tm{};
  localtime_r(&t, &tm);
  return fmt::format("{} {} {:2d} {:02d}:{:02d}:{:02d} {}",
                     kDays[static_cast<std::size_t>(tm.tm_wday % 7)],
                     kMonths[static_cast<std::size_t>(tm.tm_mon % 12)], tm.tm_mday, tm.tm_hour,
                     tm.tm_min, tm.tm_sec, tm.tm_year + 1900);
}

}  // namespace hostmark
