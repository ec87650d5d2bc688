#include "commands/top_json.h"

namespace hostmark::top {
namespace {

std::string_view delay_key(DelayStatus s) {
  switch (s) {
    case DelayStatus::kAvailable: return "on";
    case DelayStatus::kKernelOff: return "off_in_kernel";
    case DelayStatus::kNoPrivilege: return "needs_cap_net_admin";
    case DelayStatus::kNoTaskstats: return "no_taskstats";
  }
  return "?";
}

nlohmann::ordered_json optional_number(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json row_json(const Row& r, bool threads) {
  nlohmann::ordered_json j = {
      {threads ? "tid" : "pid", r.id}, {"user", r.user}, {"state", std::string(1, r.state)}};
  if (threads) j["pid"] = r.pid;
  if (r.io_readable) {
    j["read_bytes_per_s"] = r.read_bytes_per_s;
    j["write_bytes_per_s"] = r.write_bytes_per_s;
    j["read_ops_per_s"] = r.read_ops_per_s;
    j["write_ops_per_s"] = r.write_ops_per_s;
    j["read_bytes_total"] = r.read_bytes_total;
    j["write_bytes_total"] = r.write_bytes_total;
    j["read_ops_total"] = r.read_ops_total;
    j["write_ops_total"] = r.write_ops_total;
  } else {
    for (const char* k :
         {"read_bytes_per_s", "write_bytes_per_s", "read_ops_per_s", "write_ops_per_s",
          "read_bytes_total", "write_bytes_total", "read_ops_total", "write_ops_total"}) {
      j[k] = nullptr;
    }
  }
  j["io_pct"] = optional_number(r.io_pct);
  j["swapin_pct"] = optional_number(r.swapin_pct);
  j["command"] = r.command;
  return j;
}

}  // namespace

nlohmann::ordered_json top_view_to_json(const View& view) {
  const Header& h = view.header;
  nlohmann::ordered_json j = {
      {"schema", "hostmark.top"},
      {"schema_version", kTopJsonSchemaVersion},
      {"time", h.unix_time_s},
      {"interval_s", h.interval_s},
      {"mode", view.state.threads ? "threads" : "processes"},
      {"sort", column_key(view.state.sort)},
      {"reverse", view.state.reverse},
      {"only_active", view.state.only_active},
      {"totals",
       {{"read_bytes_per_s", h.total_read_bytes_per_s},
        {"write_bytes_per_s", h.total_write_bytes_per_s}}},
      {"delay_accounting", delay_key(h.delays)},
      {"tasks", h.tasks},
      {"unreadable", h.unreadable},
  };
  if (h.system) {
    j["actual"] = {{"read_bytes_per_s", h.system->read_bytes_per_s},
                   {"write_bytes_per_s", h.system->write_bytes_per_s}};
    nlohmann::ordered_json devices = nlohmann::ordered_json::array();
    for (const auto& d : h.system->devices) {
      devices.push_back({{"name", d.name},
                         {"read_bytes_per_s", d.read_bytes_per_s},
                         {"write_bytes_per_s", d.write_bytes_per_s}});
    }
    j["devices"] = devices;
    j["cpu_iowait_pct"] = h.system->cpu_iowait_pct;
  } else {
    j["actual"] = nullptr;
    j["devices"] = nullptr;
    j["cpu_iowait_pct"] = nullptr;
  }
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  for (const Row& r : view.rows) rows.push_back(row_json(r, view.state.threads));
  j["rows"] = std::move(rows);
  if (!h.replay.empty()) j["replay"] = h.replay;  // recorded, not live (top --replay)
  return j;
}

void print_top_view(const View& view, bool json, bool first, std::ostream& out) {
  if (json) {
    out << top_view_to_json(view).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
        << '\n';
    return;
  }
  if (!first) out << '\n';
  for (const auto& line : render_top_lines(view, 0)) out << line << '\n';
}

}  // namespace hostmark::top
