#include "monitor/cpu_times.h"

#include <charconv>

#include "core/error.h"
#include "sysinfo/text.h"

namespace hostmark::monitor {
namespace {

// The unsigned numbers of `rest` (space separated) into `out`, at most `max`; how many.
int read_numbers(std::string_view rest, std::uint64_t* const* out, int max) {
  int n = 0;
  while (n < max) {
    const auto start = rest.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), v);
    if (ec != std::errc{}) break;
    *out[n++] = v;
    rest.remove_prefix(static_cast<std::size_t>(end - rest.data()));
  }
  return n;
}

int read_cpu_line(std::string_view rest, CpuTimes& t) {
  std::uint64_t* fields[] = {&t.user, &t.nice,    &t.system, &t.idle,  &t.iowait,
                             &t.irq,  &t.softirq, &t.steal,  &t.guest, &t.guest_nice};
  return read_numbers(rest, fields, 10);
}

std::uint64_t one_number(std::string_view rest) {
  std::uint64_t v = 0;
  std::uint64_t* fields[] = {&v};
  read_numbers(rest, fields, 1);
  return v;
}

// Percent of `total` that the counter pair (before, after) grew by; 0 when it went back
// (sysstat's ll_sp_value).
double share(std::uint64_t before, std::uint64_t after, std::uint64_t total) {
  if (before > after) return 0.0;
  return static_cast<double>(after - before) / static_cast<double>(total) * 100.0;
}

std::uint64_t total_ticks(const CpuTimes& t) {
  // guest and guest_nice are already inside user and nice.
  return t.user + t.nice + t.system + t.idle + t.iowait + t.irq + t.softirq + t.steal;
}

}  // namespace

CpuSnapshot parse_proc_stat(std::string_view text) {
  CpuSnapshot s;
  bool seen_all = false;
  for (const auto line : sysinfo::split_lines(text)) {
    const auto space = line.find(' ');
    if (space == std::string_view::npos) continue;
    const std::string_view key = line.substr(0, space);
    const std::string_view rest = line.substr(space);
    if (key == "cpu") {
      seen_all = read_cpu_line(rest, s.all) >= 4;
    } else if (key.size() > 3 && key.substr(0, 3) == "cpu") {
      CpuTimes t;
      if (read_cpu_line(rest, t) >= 4) s.per_cpu.push_back(t);
    } else if (key == "ctxt") {
      s.context_switches = one_number(rest);
    } else if (key == "processes") {
      s.processes_created = one_number(rest);
    } else if (key == "procs_running") {
      s.procs_running = one_number(rest);
    } else if (key == "procs_blocked") {
      s.procs_blocked = one_number(rest);
    }
  }
  if (!seen_all) throw Failure(run_error("/proc/stat", "no \"cpu\" line with 4 or more numbers"));
  return s;
}

CpuPercent cpu_percent(const CpuTimes& before, const CpuTimes& after) {
  const std::uint64_t b = total_ticks(before), a = total_ticks(after);
  const std::uint64_t total = a > b ? a - b : 1;  // sysstat's get_interval(): never 0
  CpuPercent p;
  p.user = share(before.user, after.user, total);
  p.nice = share(before.nice, after.nice, total);
  p.system = share(before.system + before.irq + before.softirq,
                   after.system + after.irq + after.softirq, total);
  p.iowait = share(before.iowait, after.iowait, total);
  p.steal = share(before.steal, after.steal, total);
  p.idle = share(before.idle, after.idle, total);
  return p;
}

}  // namespace hostmark::monitor
