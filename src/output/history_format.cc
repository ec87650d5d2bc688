#include "output/history_format.h"

#include <fmt/format.h>

#include <ctime>
#include <nlohmann/json.hpp>

#include "output/csv.h"

namespace hostmark {
namespace {

double mem_used_pct(const monitor::MemoryUsage& m) {
  return m.total_bytes == 0
             ? 0
             : 100.0 * static_cast<double>(m.used_bytes) / static_cast<double>(m.total_bytes);
}

// `time_ns` as strftime's `format` in UTC or in the local time zone.
std::string time_text(std::int64_t time_ns, bool utc, const char* format) {
  const std::time_t t = static_cast<std::time_t>(time_ns / 1'000'000'000);
  std::tm tm{};
  if (utc) {
    gmtime_r(&t, &tm);
  } else {
    localtime_r(&t, &tm);
  }
  char buf[32];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

std::string iso_utc(std::int64_t time_ns) { return time_text(time_ns, true, "%Y-%m-%dT%H:%M:%SZ"); }

class HistoryTextWriter final : public HistoryWriter {
 public:
  HistoryTextWriter(const HistoryHeader& h, std::ostream& out) : h_(h), out_(out) {
    out_ << fmt::format("{}: {} to {}{}\n\n", h.db_path, local_time_text(h.from_ns),
                        local_time_text(h.to_ns), h.device.empty() ? "" : ", device " + h.device);
    if (h.device.empty()) {
      out_ << fmt::format(
          "{:<19} {:>6} {:>6} {:>7} {:>7} {:>6} {:>6} {:>9} {:>8} {:>8} {:>8} "
          "{:>10} {:>10} {:>10} {:>6} {:>6}\n",
          "time", "%user", "%nice", "%system", "%iowait", "%steal", "%idle", "tps", "rtps", "wtps",
          "dtps", "bread/s", "bwrtn/s", "bdscd/s", "%mem", "load1");
    } else {
      out_ << fmt::format("{:<19} {:>9} {:>9} {:>10} {:>10} {:>8} {:>8} {:>7} {:>7} {:>7}\n",
                          "time", "r/s", "w/s", "rkB/s", "wkB/s", "r_await", "w_await", "aqu-sz",
                          "%util", "%iowait");
    }
    if (h.processes) {
      out_ << fmt::format("  {:>8} {:<10} {:<16} {:>11} {:>11} {:>9} {:>9}\n", "PID", "USER",
                          "COMMAND", "READ kB/s", "WRITE kB/s", "reads/s", "writes/s");
    }
  }
  void row(const monitor::HistoryRow& r) override {
    const auto& c = r.cpu;
    if (!r.device) {
      out_ << fmt::format(
          "{:<19} {:>6.2f} {:>6.2f} {:>7.2f} {:>7.2f} {:>6.2f} {:>6.2f} {:>9.2f} "
          "{:>8.2f} {:>8.2f} {:>8.2f} {:>10.2f} {:>10.2f} {:>10.2f} {:>6.1f} "
          "{:>6.2f}\n",
          local_time_text(r.time_ns), c.user, c.nice, c.system, c.iowait, c.steal, c.idle, r.io.tps,
          r.io.rtps, r.io.wtps, r.io.dtps, r.io.bread_s, r.io.bwrtn_s, r.io.bdscd_s,
          mem_used_pct(r.mem.memory), r.mem.load.load1);
    } else {
      const auto& d = *r.device;
      out_ << fmt::format(
          "{:<19} {:>9.2f} {:>9.2f} {:>10.2f} {:>10.2f} {:>8.2f} {:>8.2f} "
          "{:>7.2f} {:>7.2f} {:>7.2f}\n",
          local_time_text(r.time_ns), d.r_s, d.w_s, d.rkb_s, d.wkb_s, d.r_await_ms, d.w_await_ms,
          d.aqu_sz, d.util_pct, c.iowait);
    }
    if (!h_.processes) return;
    for (const auto& p : r.processes) {
      out_ << fmt::format("  {:>8} {:<10} {:<16} {:>11.2f} {:>11.2f} {:>9.2f} {:>9.2f}\n", p.pid,
                          p.user, p.comm, p.read_bytes_per_s / 1024, p.write_bytes_per_s / 1024,
                          p.read_ops_per_s, p.write_ops_per_s);
    }
  }
  void finish(std::uint64_t rows) override {
    if (rows == 0) {
      out_ << "no intervals recorded in this range (a row needs two samples of the same boot)\n";
    }
  }

 private:
  HistoryHeader h_;
  std::ostream& out_;
};

class HistoryCsvWriter final : public HistoryWriter {
 public:
  HistoryCsvWriter(const HistoryHeader& h, std::ostream& out)
      : device_(!h.device.empty()), out_(out) {
    out_ << (device_ ? "time,interval_s,r_s,w_s,d_s,f_s,rkb_s,wkb_s,dkb_s,r_await_ms,w_await_ms,"
                       "aqu_sz,util_pct,cpu_iowait_pct\n"
                     : "time,interval_s,cpu_user_pct,cpu_nice_pct,cpu_system_pct,cpu_iowait_pct,"
                       "cpu_steal_pct,cpu_idle_pct,tps,rtps,wtps,dtps,bread_s,bwrtn_s,bdscd_s,"
                       "mem_used_pct,load1,load5,load15\n");
  }
  void row(const monitor::HistoryRow& r) override {
    const auto& c = r.cpu;
    if (device_) {
      const auto& d = *r.device;
      out_ << fmt::format(
          "{},{:.3f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},"
          "{:.2f},{:.2f},{:.2f},{:.2f}\n",
          iso_utc(r.time_ns), r.interval_s, d.r_s, d.w_s, d.d_s, d.f_s, d.rkb_s, d.wkb_s, d.dkb_s,
          d.r_await_ms, d.w_await_ms, d.aqu_sz, d.util_pct, c.iowait);
    } else {
      out_ << fmt::format(
          "{},{:.3f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},"
          "{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f},{:.2f}\n",
          iso_utc(r.time_ns), r.interval_s, c.user, c.nice, c.system, c.iowait, c.steal, c.idle,
          r.io.tps, r.io.rtps, r.io.wtps, r.io.dtps, r.io.bread_s, r.io.bwrtn_s, r.io.bdscd_s,
          mem_used_pct(r.mem.memory), r.mem.load.load1, r.mem.load.load5, r.mem.load.load15);
    }
  }
  void finish(std::uint64_t) override {}

 private:
  bool device_;
  std::ostream& out_;
};

// One JSON document, its rows streamed: {"schema":..., "rows":[ {...}, ... ]}.
class HistoryJsonWriter final : public HistoryWriter {
 public:
  HistoryJsonWriter(const HistoryHeader& h, std::ostream& out)
      : out_(out), processes_(h.processes) {
    nlohmann::json head = {
        {"schema", "hostmark.history"},
        {"schema_version", 1},
        {"db", h.db_path},
        {"from", iso_utc(h.from_ns)},
        {"to", iso_utc(h.to_ns)},
        {"device", h.device.empty() ? nlohmann::json() : nlohmann::json(h.device)},
        {"units", {{"blocks", "512-byte sectors"}, {"kb", "KiB (1024 bytes)"}}}};
    std::string text = head.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    text.pop_back();  // the closing brace: rows follow
    out_ << text << ",\"rows\":[";
  }
  void row(const monitor::HistoryRow& r) override {
    const auto& c = r.cpu;
    nlohmann::json j = {{"time", iso_utc(r.time_ns)},
                        {"interval_s", r.interval_s},
                        {"cpu",
                         {{"user_pct", c.user},
                          {"nice_pct", c.nice},
                          {"system_pct", c.system},
                          {"iowait_pct", c.iowait},
                          {"steal_pct", c.steal},
                          {"idle_pct", c.idle}}},
                        {"io",
                         {{"tps", r.io.tps},
                          {"rtps", r.io.rtps},
                          {"wtps", r.io.wtps},
                          {"dtps", r.io.dtps},
                          {"bread_per_s", r.io.bread_s},
                          {"bwrtn_per_s", r.io.bwrtn_s},
                          {"bdscd_per_s", r.io.bdscd_s}}},
                        {"mem",
                         {{"total_bytes", r.mem.memory.total_bytes},
                          {"used_bytes", r.mem.memory.used_bytes},
                          {"available_bytes", r.mem.memory.available_bytes},
                          {"buff_cache_bytes", r.mem.memory.buff_cache_bytes},
                          {"swap_used_bytes", r.mem.memory.swap_used_bytes},
                          {"used_pct", mem_used_pct(r.mem.memory)}}},
                        {"load", {r.mem.load.load1, r.mem.load.load5, r.mem.load.load15}}};
    if (r.device) {
      const auto& d = *r.device;
      j["device"] = {{"r_s", d.r_s},
                     {"w_s", d.w_s},
                     {"d_s", d.d_s},
                     {"f_s", d.f_s},
                     {"rkb_s", d.rkb_s},
                     {"wkb_s", d.wkb_s},
                     {"dkb_s", d.dkb_s},
                     {"r_await_ms", d.r_await_ms},
                     {"w_await_ms", d.w_await_ms},
                     {"aqu_sz", d.aqu_sz},
                     {"util_pct", d.util_pct}};
    }
    if (processes_) {
      j["processes"] = nlohmann::json::array();
      for (const auto& p : r.processes) {
        j["processes"].push_back({{"pid", p.pid},
                                  {"comm", p.comm},
                                  {"user", p.user},
                                  {"read_bytes_per_s", p.read_bytes_per_s},
                                  {"write_bytes_per_s", p.write_bytes_per_s},
                                  {"read_ops_per_s", p.read_ops_per_s},
                                  {"write_ops_per_s", p.write_ops_per_s}});
      }
    }
    out_ << (first_ ? "\n" : ",\n")
         << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    first_ = false;
  }
  void finish(std::uint64_t) override { out_ << "\n]}\n"; }

 private:
  std::ostream& out_;
  bool processes_;
  bool first_ = true;
};

// CSV of --processes: one row per recorded process of each interval.
class ProcessCsvWriter final : public HistoryWriter {
 public:
  explicit ProcessCsvWriter(std::ostream& out) : out_(out) {
    out_ << "time,rank,pid,comm,user,read_bytes_per_s,write_bytes_per_s,read_ops_per_s,"
            "write_ops_per_s\n";
  }
  void row(const monitor::HistoryRow& r) override {
    int rank = 0;
    for (const auto& p : r.processes) {
      out_ << fmt::format("{},{},{},{},{},{:.2f},{:.2f},{:.2f},{:.2f}\n", iso_utc(r.time_ns),
                          rank++, p.pid, csv_field(p.comm), csv_field(p.user), p.read_bytes_per_s,
                          p.write_bytes_per_s, p.read_ops_per_s, p.write_ops_per_s);
    }
  }
  void finish(std::uint64_t) override {}

 private:
  std::ostream& out_;
};

}  // namespace

std::string local_time_text(std::int64_t time_ns) {
  return time_text(time_ns, false, "%Y-%m-%d %H:%M:%S");
}

std::unique_ptr<HistoryWriter> make_history_writer(OutputFormat format, const HistoryHeader& h,
                                                   std::ostream& out) {
  switch (format) {
    case OutputFormat::kJson: return std::make_unique<HistoryJsonWriter>(h, out);
    case OutputFormat::kCsv:
      if (h.processes) return std::make_unique<ProcessCsvWriter>(out);
      return std::make_unique<HistoryCsvWriter>(h, out);
    case OutputFormat::kNormal: break;
  }
  return std::make_unique<HistoryTextWriter>(h, out);
}

}  // namespace hostmark
