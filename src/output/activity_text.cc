#include "output/activity_text.h"

#include <fmt/format.h>

#include <vector>

#include "output/table.h"

namespace hostmark {
namespace {

std::string fixed(double v, int digits = 2) { return fmt::format("{:.{}f}", v, digits); }

}  // namespace

void write_activity_table(std::span<const std::pair<std::string, PhaseActivity>> rows,
                          std::ostream& out) {
  if (rows.empty()) return;
  const PhaseActivity& first = rows.front().second;
  Table t({"phase", "r/s", "w/s", "rareq-sz", "wareq-sz", "r_await", "w_await", "aqu-sz", "%util",
           "%iowait", "%sys", "CPU us/IO"});
  for (const auto& [name, a] : rows) {
    const auto& c = a.cpu;
    if (!a.device) {
      t.add_row(
          {name, "-", "-", "-", "-", "-", "-", "-", "-", fixed(c.iowait), fixed(c.system), "-"});
      continue;
    }
    const monitor::DiskRates& d = *a.device;
    const double ios = (d.r_s + d.w_s) * a.interval_s;
    t.add_row({name, fixed(d.r_s), fixed(d.w_s), fixed(d.rareq_kb), fixed(d.wareq_kb),
               fixed(d.r_await_ms), fixed(d.w_await_ms), fixed(d.aqu_sz), fixed(d.util_pct),
               fixed(c.iowait), fixed(c.system),
               ios > 0 ? fixed(a.process_cpu_s * 1e6 / ios, 1) : "-"});
  }
  out << fmt::format(
      "\nWhile each phase ran (--monitor): disk {} as iostat -x sees it (request sizes in KiB, "
      "await in ms), all CPUs, and hostmark's CPU time per I/O the disk completed:\n",
      first.disk.empty() ? "(none: the target has no block device)" : first.disk);
  out << t.render();
  if (!first.util_note.empty()) {
    out << fmt::format(
        "note: %util of {} ({}) is the share of time with at least one request in flight: a "
        "device that serves requests in parallel can do more at 100%\n",
        first.disk, first.util_note);
  }
}

void write_activity_table(const Result& r, std::ostream& out) {
  std::vector<std::pair<std::string, PhaseActivity>> rows;
  for (const auto& p : r.phases)
    if (p.activity) rows.emplace_back(p.name, *p.activity);
  write_activity_table(rows, out);
}

}  // namespace hostmark
