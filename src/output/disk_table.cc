#include "output/disk_table.h"

#include <fmt/format.h>

#include <string_view>

#include "output/activity_text.h"
#include "output/storage_text.h"
#include "output/table.h"

namespace hostmark::storage {
namespace {

std::string metric_cell(const Phase& p, const char* metric, const char* spec) {
  const Metric* m = p.metric(metric);
  return m == nullptr ? "-" : fmt::format(fmt::runtime(spec), m->value);
}

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

std::string disk_option(const Result& r, std::string_view name) {
  for (const auto& [n, v] : r.options)
    if (n == name) return v;
  return "?";
}

}  // namespace

void write_disk_text(const Result& r, std::ostream& out) {
  for (const auto& s : r.storage) write_storage_header(s, out);
  out << fmt::format("Profile {}: {} x {} s per test, {} of the loops\n", disk_option(r, "profile"),
                     disk_option(r, "loops"), disk_option(r, "duration"),
                     disk_option(r, "aggregate"));
  Table t({"Test", "Read MB/s", "Write MB/s", "IOPS", "Mean lat (us)", "p99 lat (us)"});
  for (std::size_t i = 0; i < r.phases.size(); ++i) {
    const Phase& p = r.phases[i];
    const bool mix = ends_with(p.name, " mix");
    const bool write = ends_with(p.name, " write");
    const std::string mb = metric_cell(p, "mb_per_s", "{:.2f}");
    std::string read_mb = mix ? metric_cell(p, "read_mb_per_s", "{:.2f}") : write ? "-" : mb;
    std::string write_mb = mix ? metric_cell(p, "write_mb_per_s", "{:.2f}") : write ? mb : "-";
    std::string name = p.name;
    if (r.interrupted && i + 1 == r.phases.size()) name += " (interrupted)";
    t.add_row({name, read_mb, write_mb, metric_cell(p, "iops", "{:.1f}"),
               metric_cell(p, "lat_mean_us", "{:.1f}"), metric_cell(p, "lat_p99_us", "{:.1f}")});
  }
  out << t.render();
  out << "MB/s: decimal megabytes (10^6 bytes) per second, as CrystalDiskMark; latency: issue to "
         "completion\n";
  if (r.interrupted) out << "(interrupted: the rows cover the loops measured before the signal)\n";
  write_activity_table(r, out);
  for (const auto& n : r.notes) out << "note: " << n << '\n';
  for (const auto& w : r.warnings) out << "warning: " << w << '\n';
  for (const auto& s : r.storage) write_storage_warnings(s, out);
}

}  // namespace hostmark::storage
