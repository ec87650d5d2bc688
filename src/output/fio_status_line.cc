#include "output/fio_status_line.h"

#include <fmt/format.h>

#include <cmath>

namespace hostmark {
namespace {

std::string rate_bytes(double bps) {
  const char* units[] = {"B/s", "KiB/s", "MiB/s", "GiB/s", "TiB/s"};
  int u = 0;
  while (bps >= 1024 * 10 && u < 4) {
    bps /= 1024;
    ++u;
  }
  return fmt::format("{:.0f}{}", bps, units[u]);
}

std::string rate_iops(double iops) {
  if (iops >= 1e6) return fmt::format("{:.1f}M", iops / 1e6);
  if (iops >= 1e4) return fmt::format("{:.1f}k", iops / 1e3);
  return fmt::format("{:.0f}", iops);
}

}  // namespace

std::string format_status_line(const io::StatusSample& s) {
  std::string line =
      fmt::format("Jobs: {} (f={}): [{}({})]", s.running, s.files, s.mode, s.running);
  line +=
      s.percent_done >= 0 ? fmt::format("[{:.1f}%]", std::min(100.0, s.percent_done)) : "[-.-%]";
  const char* names[] = {"r", "w", "t"};
  std::string bw, iops;
  for (int i = 0; i < 3; ++i) {
    if (s.bytes_per_s[i] <= 0 && s.iops[i] <= 0) continue;
    if (!bw.empty()) {
      bw += ",";
      iops += ",";
    }
    bw += fmt::format("{}={}", names[i], rate_bytes(s.bytes_per_s[i]));
    iops += fmt::format("{}={}", names[i], rate_iops(s.iops[i]));
  }
  if (!bw.empty()) line += fmt::format("[{}][{} IOPS]", bw, iops);
  if (s.eta_s >= 0) {
    const auto secs = static_cast<long>(std::lround(s.eta_s));
    line += secs >= 3600 ? fmt::format("[eta {:02d}h:{:02d}m:{:02d}s]", secs / 3600, secs / 60 % 60,
                                       secs % 60)
                         : fmt::format("[eta {:02d}m:{:02d}s]", secs / 60, secs % 60);
  }
  return line;
}

}  // namespace hostmark
