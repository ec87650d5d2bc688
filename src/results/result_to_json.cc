#include "results/result_to_json.h"

#include <fmt/format.h>

#include "results/activity_json.h"
#include "results/host_info_json.h"
#include "results/storage_json.h"
#include "sysinfo/host_info.h"

namespace hostmark {
namespace {

nlohmann::json latency_to_json(const LatencyStats& l) {
  nlohmann::json pct = nlohmann::json::object();
  for (const auto& [p, v] : l.percentiles_ns) {
    pct[fmt::format("{}", p)] = v;  // shortest exact form: "95", "99.9", "99.99999"
  }
  return {{"count", l.count},     {"min_ns", l.min_ns},       {"max_ns", l.max_ns},
          {"mean_ns", l.mean_ns}, {"stddev_ns", l.stddev_ns}, {"sum_ns", l.sum_ns},
          {"percentiles_ns", pct}};
}

// Columns of equal length; only the filled ones (docs/RESULT_SCHEMA.md "Time series").
nlohmann::json time_series_to_json(const TimeSeries& s) {
  nlohmann::json j{{"interval_ms", s.interval_ms}, {"end_ms", s.end_ms}};
  const std::pair<const char*, const std::vector<std::uint64_t>*> columns[] = {
      {"read_ios", &s.read_ios},
      {"write_ios", &s.write_ios},
      {"read_bytes", &s.read_bytes},
      {"write_bytes", &s.write_bytes},
      {"events", &s.events}};
  for (const auto& [name, column] : columns)
    if (!column->empty()) j[name] = *column;
  return j;
}

nlohmann::json phase_to_json(const Phase& p) {
  nlohmann::json j;
  j["name"] = p.name;
  j["duration_s"] = p.duration_s;
  j["metrics"] = nlohmann::json::array();
  for (const auto& m : p.metrics)
    j["metrics"].push_back({{"name", m.name}, {"value", m.value}, {"unit", m.unit}});
  if (p.latency) j["latency"] = latency_to_json(*p.latency);
  if (p.fairness) {
    j["fairness"] = {{"events_avg", p.fairness->events_avg},
                     {"events_stddev", p.fairness->events_stddev},
                     {"exec_time_s_avg", p.fairness->exec_time_s_avg},
                     {"exec_time_s_stddev", p.fairness->exec_time_s_stddev}};
  }
  if (!p.intervals.empty()) {
    j["intervals"] = nlohmann::json::array();
    for (const auto& s : p.intervals) {
      j["intervals"].push_back({{"time_s", s.time_s},
                                {"threads", s.threads},
                                {"events_per_s", s.events_per_s},
                                {"latency_pct_ns", s.latency_pct_ns}});
    }
  }
  if (!p.series.empty()) {
    j["series"] = nlohmann::json::array();
    for (const auto& s : p.series) {
      nlohmann::json pts = nlohmann::json::array();
      for (const auto& [x, y] : s.points) pts.push_back({x, y});
      j["series"].push_back(
          {{"name", s.name}, {"x_unit", s.x_unit}, {"y_unit", s.y_unit}, {"points", pts}});
    }
  }
  if (p.time_series) j["time_series"] = time_series_to_json(*p.time_series);
  if (!p.latency_histogram.empty()) {
    auto& buckets = j["latency_histogram"] = nlohmann::json::array();
    for (const auto& b : p.latency_histogram) buckets.push_back({b.lower_ns, b.upper_ns, b.count});
  }
  if (p.activity) j["activity"] = activity_to_json(*p.activity);
  return j;
}

}  // namespace

nlohmann::json context_to_json(const Context& c) {
  return {{"hostname", c.hostname},
          {"kernel", c.kernel},
          {"kernel_version", c.kernel_version},
          {"arch", c.arch},
          {"cpu_model", c.cpu_model},
          {"cpu_count", c.cpu_count},
          {"memory_bytes", c.memory_bytes},
          {"virtualization", c.virtualization},
          {"hostmark_version", c.hostmark_version},
          {"build_type", c.build_type},
          {"start_time_utc", c.start_time_utc},
          {"start_time_unix_ns", c.start_time_unix_ns}};
}

nlohmann::json result_to_json(const Result& r) {
  nlohmann::json j;
  j["schema"] = "hostmark.result";
  j["schema_version"] = kSchemaVersion;
  j["command"] = r.command;
  j["context"] = context_to_json(r.context);
  j["options"] = nlohmann::json::object();
  for (const auto& [k, v] : r.options) j["options"][k] = v;
  j["phases"] = nlohmann::json::array();
  for (const auto& p : r.phases) j["phases"].push_back(phase_to_json(p));
  j["notes"] = r.notes;
  j["warnings"] = r.warnings;
  if (!r.storage.empty()) {
    j["storage"] = nlohmann::json::array();
    for (const auto& t : r.storage) j["storage"].push_back(storage_target_to_json(t));
  }
  if (r.server) {
    auto& server = j["server"];
    server["target"] = r.server->target;
    server["version"] = r.server->version;
    server["settings"] = nlohmann::json::object();
    for (const auto& [k, v] : r.server->settings) server["settings"][k] = v;
  }
  j["interrupted"] = r.interrupted;
  if (r.host) j["host"] = host_info_to_json(*r.host);
  return j;
}

}  // namespace hostmark
