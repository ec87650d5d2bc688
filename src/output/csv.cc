#include "output/csv.h"

#include <fmt/format.h>

#include <string>

namespace hostmark {
namespace {

// RFC 4180 quoting: fields holding a comma, quote or newline are quoted, quotes doubled.
std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

void row(std::ostream& out, const Result& r, const Phase& p, const std::string& metric,
         double value, const std::string& unit) {
  out << field(r.command) << ',' << field(p.name) << ',' << field(metric) << ','
      << fmt::format("{}", value) << ',' << field(unit) << '\n';
}

}  // namespace

std::string csv_field(const std::string& s) { return field(s); }

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
  }
}

}  // namespace hostmark
