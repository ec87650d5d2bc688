#include "output/csv.h"

#include <fmt/format.h>

#include <string>

#include "monitor/monitor_metrics.h"

namespace hostmark {
namespace {

void row(std::ostream& out, const Result& r, const Phase& p, const std::string& metric,
         double value, const std::string& unit) {
  out << csv_field(r.command) << ',' << csv_field(p.name) << ',' << csv_field(metric) << ','
      << fmt::format("{}", value) << ',' << csv_field(unit) << '\n';
}

}  // namespace

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

void write_csv(const Result& r, std::ostream& out) {
  out << "command,phase,metric,value,unit\n";
  for (const auto& p : r.phases) {
    for (const auto& m : p.metrics) row(out, r, p, m.name, m.value, m.unit);
    if (p.latency) {
      const auto& l = *p.latency;
      row(out, r, p, "latency_count", static_cast<double>(l.count), "events");
      row(out, r, p, "latency_min", static_cast<double>(l.min_ns), "ns");
      row(out, r, p, "latency_mean", l.mean_ns, "ns");
      row(out, r, p, "latency_stddev", l.stddev_ns, "ns");
      row(out, r, p, "latency_max", static_cast<double>(l.max_ns), "ns");
      for (const auto& [pct, v] : l.percentiles_ns) {
        row(out, r, p, fmt::format("latency_p{}", pct), static_cast<double>(v), "ns");
      }
    }
    for (const auto& s : p.series) {
      for (const auto& [x, y] : s.points)
        row(out, r, p, fmt::format("{}@{}", s.name, x), y, s.y_unit);
    }
    if (p.activity) {  // --monitor: activity_interval_s, activity_cpu_iowait,
                       // activity_device_r_s...
      const PhaseActivity& a = *p.activity;
      row(out, r, p, "activity_interval_s", a.interval_s, "s");
      row(out, r, p, "activity_process_cpu_s", a.process_cpu_s, "s");
      for (const auto& m : cpu_metrics(a.cpu))
        row(out, r, p, fmt::format("activity_cpu_{}", m.name), m.value, m.unit);
      if (a.device) {
        for (const auto& m : device_metrics(*a.device))
          row(out, r, p, fmt::format("activity_device_{}", m.name), m.value, m.unit);
      }
    }
  }
}

}  // namespace hostmark
