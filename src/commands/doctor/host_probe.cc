#include "commands/doctor/host_probe.h"

#include <time.h>

#include <charconv>

#include "monitor/proc_file.h"

namespace hostmark::doctor {
namespace {

std::uint64_t to_u64(std::string_view s) {
  std::uint64_t v = 0;
  std::from_chars(s.data(), s.data() + s.size(), v);
  return v;
}

// The value of "total=N" in one pressure line; 0 when absent.
std::uint64_t total_of(std::string_view line) {
  const auto at = line.find("total=");
  if (at == std::string_view::npos) return 0;
  return to_u64(line.substr(at + 6));
}

std::uint64_t monotonic_now_ns() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1'000'000'000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

}  // namespace

SwapCounters parse_vmstat_swap(std::string_view vmstat) {
  SwapCounters c;
  while (!vmstat.empty()) {
    const auto eol = vmstat.find('\n');
    const std::string_view line = vmstat.substr(0, eol);
    vmstat = eol == std::string_view::npos ? std::string_view{} : vmstat.substr(eol + 1);
    const auto space = line.find(' ');
    if (space == std::string_view::npos) continue;
    const std::string_view name = line.substr(0, space);
    if (name == "pswpin") c.pswpin = to_u64(line.substr(space + 1));
    if (name == "pswpout") c.pswpout = to_u64(line.substr(space + 1));
  }
  return c;
}

std::optional<Pressure> parse_pressure(std::string_view text) {
  std::optional<Pressure> p;
  while (!text.empty()) {
    const auto eol = text.find('\n');
    const std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    if (line.rfind("some ", 0) == 0) {
      if (!p) p.emplace();
      p->some_total_us = total_of(line);
    } else if (line.rfind("full ", 0) == 0 && p) {
      p->full_total_us = total_of(line);
    }
  }
  return p;
}

HostProbe collect_host_probe(const std::string& root) {
  HostProbe h;
  h.monotonic_ns = monotonic_now_ns();
  h.memory = monitor::collect_memory_load(root);
  const std::string stat = monitor::read_proc_file(root + "/proc/stat");
  if (stat.rfind("cpu", 0) == 0) h.cpu = monitor::parse_proc_stat(stat).all;
  h.swap = parse_vmstat_swap(monitor::read_proc_file(root + "/proc/vmstat"));
  h.psi_memory = parse_pressure(monitor::read_proc_file(root + "/proc/pressure/memory"));
  h.psi_io = parse_pressure(monitor::read_proc_file(root + "/proc/pressure/io"));
  h.psi_cpu = parse_pressure(monitor::read_proc_file(root + "/proc/pressure/cpu"));
  return h;
}

double stall_percent(std::uint64_t before_us, std::uint64_t after_us, double interval_s) {
  if (interval_s <= 0 || after_us < before_us) return 0;
  const double pct = static_cast<double>(after_us - before_us) / (interval_s * 1e6) * 100.0;
  return pct > 100.0 ? 100.0 : pct;
}

}  // namespace hostmark::doctor
