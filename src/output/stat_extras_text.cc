#include "output/stat_extras_text.h"

#include <fmt/format.h>
#include <time.h>

#include "output/stat_text.h"

namespace hostmark {
namespace {

std::string local_time(std::int64_t time_s, const char* format) {
  const time_t t = static_cast<time_t>(time_s);
  struct tm tm_local {};
  localtime_r(&t, &tm_local);
  char buf[64];
  const std::size_t n = strftime(buf, sizeof buf, format, &tm_local);
  return std::string(buf, n);
}

}  // namespace

std::string clock_text(std::int64_t time_s) { return local_time(time_s, "%H:%M:%S"); }
std::string date_time_text(std::int64_t time_s) { return local_time(time_s, "%m/%d/%y %H:%M:%S"); }

void write_sar_header(const std::string& label, std::ostream& out) {
  out << fmt::format("{:<11}{:>10}{:>10}{:>10}{:>10}{:>10}{:>10}{:>10}\n", label, "tps", "rtps",
                     "wtps", "dtps", "bread/s", "bwrtn/s", "bdscd/s");
}

void write_sar_line(const std::string& label, const monitor::SarSummary& s, std::ostream& out) {
  out << fmt::format("{:<11} {:9.2f} {:9.2f} {:9.2f} {:9.2f} {:9.2f} {:9.2f} {:9.2f}\n", label,
                     s.tps, s.rtps, s.wtps, s.dtps, s.bread_s, s.bwrtn_s, s.bdscd_s);
}

std::string uptime_text(double uptime_s) {
  const auto total_min = static_cast<std::uint64_t>(uptime_s / 60);
  const std::uint64_t days = total_min / 1440, hours = (total_min / 60) % 24,
                      minutes = total_min % 60;
  std::string text;
  if (days > 0) text = fmt::format("{} day{}, ", days, days == 1 ? "" : "s");
  if (hours > 0) return text + fmt::format("{:2}:{:02}", hours, minutes);
  return text + fmt::format("{} min", minutes);
}

void write_memory_load(const monitor::MemoryLoad& m, std::int64_t now_s, std::ostream& out) {
  const auto& u = m.memory;
  out << fmt::format("{:>20} {:>11} {:>11} {:>11} {:>11} {:>11}\n", "total", "used", "free",
                     "shared", "buff/cache", "available");
  out << fmt::format("{:<7}{:>13} {:>11} {:>11} {:>11} {:>11} {:>11}\n",
                     "Mem:", free_human(u.total_bytes), free_human(u.used_bytes),
                     free_human(u.free_bytes), free_human(u.shared_bytes),
                     free_human(u.buff_cache_bytes), free_human(u.available_bytes));
  out << fmt::format("{:<7}{:>13} {:>11} {:>11}\n", "Swap:", free_human(u.swap_total_bytes),
                     free_human(u.swap_used_bytes), free_human(u.swap_free_bytes));
  const auto& l = m.load;
  out << fmt::format(" {} up {},  load average: {:.2f}, {:.2f}, {:.2f}\n", clock_text(now_s),
                     uptime_text(l.uptime_s), l.load1, l.load5, l.load15);
}

}  // namespace hostmark
