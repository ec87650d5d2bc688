// hostmark's own JSON and CSV for `stat`: the same numbers as the text, full precision,
// units in the names.
#include "output/stat_json.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "monitor/monitor_metrics.h"
#include "output/csv.h"
#include "output/stat_extras_text.h"

namespace hostmark {
namespace {

using Json = nlohmann::ordered_json;

inline constexpr int kStatSchemaVersion = 1;

std::vector<MonitorMetric> sar_metrics(const monitor::SarSummary& s) {
  return {{"tps", s.tps, "1/s"},
          {"rtps", s.rtps, "1/s"},
          {"wtps", s.wtps, "1/s"},
          {"dtps", s.dtps, "1/s"},
          {"bread_s", s.bread_s, "512B/s"},
          {"bwrtn_s", s.bwrtn_s, "512B/s"},
          {"bdscd_s", s.bdscd_s, "512B/s"}};
}

std::vector<MonitorMetric> mem_metrics(const monitor::MemoryLoad& m) {
  const auto d = [](std::uint64_t v) { return static_cast<double>(v); };
  const auto& u = m.memory;
  return {{"mem_total_bytes", d(u.total_bytes), "B"},
          {"mem_used_bytes", d(u.used_bytes), "B"},
          {"mem_free_bytes", d(u.free_bytes), "B"},
          {"mem_shared_bytes", d(u.shared_bytes), "B"},
          {"mem_buff_cache_bytes", d(u.buff_cache_bytes), "B"},
          {"mem_available_bytes", d(u.available_bytes), "B"},
          {"swap_total_bytes", d(u.swap_total_bytes), "B"},
          {"swap_used_bytes", d(u.swap_used_bytes), "B"},
          {"swap_free_bytes", d(u.swap_free_bytes), "B"},
          {"load1", m.load.load1, ""},
          {"load5", m.load.load5, ""},
          {"load15", m.load.load15, ""},
          {"uptime_s", m.load.uptime_s, "s"}};
}

Json object_of(const std::vector<MonitorMetric>& metrics) {
  Json j = Json::object();
  for (const auto& m : metrics) j[m.name] = m.value;
  return j;
}

class StatJsonWriter final : public StatWriter {
 public:
  StatJsonWriter(const StatView& view, std::ostream& out) : v_(view), out_(out) {}

  void begin(const StatHost& h) override {
    const Json host = {{"sysname", h.sysname},   {"release", h.release},
                       {"nodename", h.nodename}, {"machine", h.machine},
                       {"cpus", h.cpus},         {"start_time_s", h.start_time_s}};
    out_ << "{\"schema\": \"hostmark.stat\", \"schema_version\": " << kStatSchemaVersion
         << ",\n \"host\": " << host.dump() << ",\n \"reports\": [";
    out_.flush();
  }

  void frame(const StatFrame& f) override {
    const auto& r = f.report;
    Json j = {
        {"time_s", r.wall_time_s}, {"interval_s", r.interval_s}, {"since_boot", r.since_boot}};
    if (v_.cpu && !v_.sar) j["cpu"] = object_of(cpu_metrics(r.cpu));
    if (v_.disk && !v_.sar) {
      Json devices = Json::array();
      for (const auto& row : r.devices) {
        Json d = {{"name", row.name}, {"partition", row.partition}};
        d.update(object_of(device_metrics(row.rates)));
        const auto why = f.parallel.find(row.name);
        d["util_misleading"] = why != f.parallel.end();
        if (why != f.parallel.end()) d["parallel_because"] = why->second;
        devices.push_back(std::move(d));
      }
      j["devices"] = std::move(devices);
    }
    if (f.sar) j["sar"] = object_of(sar_metrics(*f.sar));
    if (f.mem) j["memory_load"] = object_of(mem_metrics(*f.mem));
    out_ << (frames_++ > 0 ? ",\n  " : "\n  ")
         << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    out_.flush();
  }

  void end(const std::optional<monitor::SarSummary>& average) override {
    out_ << "\n ]";
    if (average) out_ << ",\n \"sar_average\": " << object_of(sar_metrics(*average)).dump();
    out_ << "\n}\n";
    out_.flush();
  }

 private:
  StatView v_;
  std::ostream& out_;
  int frames_ = 0;
};

class StatCsvWriter final : public StatWriter {
 public:
  StatCsvWriter(const StatView& view, std::ostream& out) : v_(view), out_(out) {}
  void begin(const StatHost&) override { out_ << "time_s,object,metric,value,unit\n"; }

  void frame(const StatFrame& f) override {
    const auto& r = f.report;
    if (v_.cpu && !v_.sar) rows(r.wall_time_s, "cpu", cpu_metrics(r.cpu));
    if (v_.disk && !v_.sar)
      for (const auto& row : r.devices) rows(r.wall_time_s, row.name, device_metrics(row.rates));
    if (f.sar) rows(r.wall_time_s, "sar", sar_metrics(*f.sar));
    if (f.mem) rows(r.wall_time_s, "memory_load", mem_metrics(*f.mem));
    out_.flush();
  }

  void end(const std::optional<monitor::SarSummary>& average) override {
    if (average) rows(-1, "sar_average", sar_metrics(*average));
    out_.flush();
  }

 private:
  void rows(std::int64_t time_s, const std::string& object, const std::vector<MonitorMetric>& ms) {
    const std::string time = time_s < 0 ? "" : std::to_string(time_s);
    for (const auto& m : ms)
      out_ << fmt::format("{},{},{},{},{}\n", time, csv_field(object), m.name, m.value, m.unit);
  }

  StatView v_;
  std::ostream& out_;
};

}  // namespace

std::unique_ptr<StatWriter> make_stat_json_writer(const StatView& view, std::ostream& out) {
  return std::make_unique<StatJsonWriter>(view, out);
}
std::unique_ptr<StatWriter> make_stat_csv_writer(const StatView& view, std::ostream& out) {
  return std::make_unique<StatCsvWriter>(view, out);
}

}  // namespace hostmark
