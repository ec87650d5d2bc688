// The tables of one result in the HTML report (output/html_parts.h).
#include <fmt/format.h>

#include "cli/units.h"
#include "output/html_parts.h"
#include "output/html_text.h"
#include "results/report_data.h"

namespace hostmark {
namespace {

HtmlCell num(double value) { return {format_report_number(value), true}; }

std::string context_table(const Result& r) {
  const Context& c = r.context;
  std::vector<std::vector<HtmlCell>> rows = {
      {{"command"}, {r.command}},
      {{"host"}, {c.hostname}},
      {{"kernel"}, {fmt::format("{} {}", c.kernel, c.kernel_version)}},
      {{"architecture"}, {c.arch}},
      {{"CPU"}, {fmt::format("{} ({} logical CPUs)", c.cpu_model, c.cpu_count)}},
      {{"memory"}, {c.memory_bytes > 0 ? format_bytes_binary(c.memory_bytes) : "unknown"}},
      {{"virtualization"}, {c.virtualization.empty() ? "unknown" : c.virtualization}},
      {{"hostmark"}, {fmt::format("{} ({})", c.hostmark_version, c.build_type)}},
      {{"started"}, {c.start_time_utc}},
  };
  if (r.interrupted) rows.push_back({{"interrupted"}, {"yes: the figures cover what ran"}});
  return "<h3>Context</h3>\n" + html_table({"", ""}, rows, "context");
}

std::string options_table(const Result& r) {
  if (r.options.empty()) return "";
  std::vector<std::vector<HtmlCell>> rows;
  for (const auto& [name, value] : r.options) rows.push_back({{name}, {value}});
  return "<h3>Options</h3>\n" + html_table({"option", "value"}, rows, "options");
}

std::string storage_tables(const Result& r) {
  if (r.storage.empty()) return "";
  std::string out = "<h3>Storage targets</h3>\n";
  for (const auto& t : r.storage) {
    const std::string device =
        t.device.empty() ? "none" : fmt::format("{} on disk {}", t.device, t.disk);
    std::vector<std::vector<HtmlCell>> rows = {
        {{"path"}, {t.resolved_path.empty() ? t.path : t.resolved_path}},
        {{"filesystem"},
         {t.is_block_device
              ? "block device"
              : fmt::format("{} on {} ({})", t.fs_type, t.mount_point, t.mount_options)}},
        {{"device"}, {device}},
        {{"model"}, {fmt::format("{} {}", t.vendor, t.model)}},
        {{"driver"}, {t.driver}},
        {{"disk size"}, {t.disk_size_bytes > 0 ? format_bytes_binary(t.disk_size_bytes) : "-"}},
        {{"sectors"},
         {fmt::format("{} B logical, {} B physical", t.logical_sector_bytes,
                      t.physical_sector_bytes)}},
        {{"rotational"}, {t.rotational ? "yes" : "no"}},
        {{"scheduler, queue depth"}, {fmt::format("{}, {}", t.scheduler, t.queue_depth)}},
        {{"write cache"}, {t.write_cache.empty() ? "unknown" : t.write_cache}},
        {{"virtual disk"}, {t.virtual_disk ? "yes" : "no"}},
    };
    if (!t.backing_file.empty()) rows.push_back({{"backing file"}, {t.backing_file}});
    out += html_table({"", ""}, rows, "storage");
    std::vector<std::string> warnings;
    for (const auto& w : t.warnings)
      warnings.push_back(fmt::format("{}: {}", storage_warning_kind_name(w.kind), w.text));
    out += html_list(warnings, "storage-warnings");
  }
  return out;
}

std::string server_table(const Result& r) {
  if (!r.server) return "";
  std::vector<std::vector<HtmlCell>> rows = {{{"server"}, {r.server->target}},
                                             {{"version"}, {r.server->version}}};
  for (const auto& [name, value] : r.server->settings) rows.push_back({{name}, {value}});
  return "<h3>Database server</h3>\n" + html_table({"", ""}, rows, "server");
}

std::string phase_table(const Phase& p) {
  std::vector<std::vector<HtmlCell>> rows;
  for (const auto& m : p.metrics) rows.push_back({{m.name}, num(m.value), {m.unit}});
  if (p.duration_s > 0) rows.push_back({{"duration"}, num(p.duration_s), {"s"}});
  if (p.latency && p.latency->count > 0) {
    const LatencyStats& l = *p.latency;
    const DisplayTimeUnit u = time_unit_for(static_cast<double>(l.max_ns));
    const auto in_unit = [&](double ns) { return num(ns / u.ns); };
    rows.push_back({{"latency count"}, num(static_cast<double>(l.count)), {"events"}});
    rows.push_back({{"latency min"}, in_unit(static_cast<double>(l.min_ns)), {u.name}});
    rows.push_back({{"latency mean"}, in_unit(l.mean_ns), {u.name}});
    rows.push_back({{"latency stddev"}, in_unit(l.stddev_ns), {u.name}});
    for (const auto& pt : percentile_curve(l))
      rows.push_back({{fmt::format("latency p{}", format_report_number(pt.percent))},
                      in_unit(pt.value_ns),
                      {u.name}});
    rows.push_back({{"latency max"}, in_unit(static_cast<double>(l.max_ns)), {u.name}});
  }
  if (p.fairness) {
    rows.push_back({{"events per thread (avg)"}, num(p.fairness->events_avg), {"events"}});
    rows.push_back({{"events per thread (stddev)"}, num(p.fairness->events_stddev), {"events"}});
  }
  if (rows.empty()) return "";
  return fmt::format("<div class=\"phase\"><h4>{}</h4>\n", html_escape(p.name)) +
         html_table({"metric", "value", "unit"}, rows, "metrics") + "</div>\n";
}

std::string activity_table(const Result& r) {
  const std::vector<ActivityRow> rows_in = activity_rows(r);
  if (rows_in.empty()) return "";
  std::vector<std::vector<HtmlCell>> rows;
  for (const auto& a : rows_in) {
    const HtmlCell none{"-", true};
    rows.push_back({{a.phase},
                    a.has_device ? num(a.device_requests_per_s) : none,
                    a.has_device ? num(a.device_await_ms) : none,
                    a.has_device ? num(a.device_util_pct) : none,
                    num(a.cpu_busy_pct),
                    num(a.cpu_iowait_pct)});
  }
  return "<h3>While each phase ran</h3>\n" +
         html_table({"phase", "device requests [IO/s]", "device await [ms]", "device util [%]",
                     "CPU busy [%]", "CPU iowait [%]"},
                    rows, "activity");
}

}  // namespace

std::string html_result_context(const ReportEntry& entry) {
  const Result& r = entry.result;
  std::string out = "<div class=\"tiles\"><div>" + context_table(r) + "</div><div>" +
                    options_table(r) + "</div></div>\n" + storage_tables(r) + server_table(r);
  if (!r.warnings.empty()) out += "<h3>Warnings</h3>\n" + html_list(r.warnings, "warnings");
  if (!r.notes.empty()) out += "<h3>Notes</h3>\n" + html_list(r.notes, "notes");
  return out;
}

std::string html_result_phases(const ReportEntry& entry) {
  const Result& r = entry.result;
  std::string out;
  std::string phases;
  for (const auto& p : r.phases) phases += phase_table(p);
  if (!phases.empty()) out += "<h3>Results</h3>\n<div class=\"tiles\">\n" + phases + "</div>\n";
  out += activity_table(r);
  return out;
}

}  // namespace hostmark
