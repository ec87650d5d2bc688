#include "results/host_info_json.h"

namespace hostmark {
namespace {

using HostJson = nlohmann::json;

HostJson str_or_null(const std::string& s) { return s.empty() ? HostJson(nullptr) : HostJson(s); }

template <class T>
HostJson positive_or_null(T v) {
  return v > 0 ? HostJson(v) : HostJson(nullptr);
}

HostJson cpu_json(const sysinfo::CpuTopology& c) {
  return {{"model", str_or_null(c.model)},
          {"vendor", str_or_null(c.vendor)},
          {"sockets", positive_or_null(c.sockets)},
          {"cores", positive_or_null(c.cores)},
          {"threads", positive_or_null(c.threads)},
          {"max_mhz", positive_or_null(c.max_mhz)},
          {"base_mhz", positive_or_null(c.base_mhz)},
          {"current_mhz", positive_or_null(c.current_mhz)},
          {"topology_source", str_or_null(c.topology_source)}};
}

HostJson board_json(const sysinfo::BoardInfo& b) {
  HostJson zones = HostJson::array();
  for (const auto& z : b.thermal_zones) {
    zones.push_back({{"zone", z.zone}, {"type", str_or_null(z.type)}, {"celsius", z.celsius}});
  }
  HostJson throttling = nullptr;
  if (b.throttling) {
    const auto& t = *b.throttling;
    throttling = {{"bits", t.bits},
                  {"under_voltage_now", t.under_voltage_now},
                  {"frequency_capped_now", t.frequency_capped_now},
                  {"throttled_now", t.throttled_now},
                  {"soft_temp_limit_now", t.soft_temp_limit_now},
                  {"under_voltage_since_boot", t.under_voltage_since_boot},
                  {"frequency_capped_since_boot", t.frequency_capped_since_boot},
                  {"throttled_since_boot", t.throttled_since_boot},
                  {"soft_temp_limit_since_boot", t.soft_temp_limit_since_boot},
                  {"source", t.source}};
  }
  return {{"model", str_or_null(b.model)}, {"thermal_zones", zones}, {"throttling", throttling}};
}

HostJson caches_json(const std::vector<sysinfo::CacheLevel>& caches) {
  HostJson out = HostJson::array();
  for (const auto& c : caches) {
    out.push_back({{"level", c.level},
                   {"type", c.type},
                   {"size_bytes", c.size_bytes},
                   {"line_bytes", positive_or_null(c.line_bytes)},
                   {"ways", positive_or_null(c.ways)},
                   {"shared_by_cpus", positive_or_null(c.shared_by_cpus)},
                   {"source", c.source}});
  }
  return out;
}

HostJson memory_json(const sysinfo::MemoryInfo& m) {
  const auto& s = m.sizes;
  return {{"total_bytes", s.total_bytes},
          {"available_bytes", s.available_bytes},
          {"swap_total_bytes", s.swap_total_bytes},
          {"swap_free_bytes", s.swap_free_bytes},
          {"hugepage_size_bytes", positive_or_null(s.hugepage_size_bytes)},
          {"hugepages_total", s.hugepages_total},
          {"populated_dimms", m.populated_dimms},
          {"type", str_or_null(m.type)},
          {"speed_mts", positive_or_null(m.speed_mts)},
          {"unknown_reason", str_or_null(m.unknown_reason)}};
}

HostJson block_devices_json(const std::vector<sysinfo::BlockDevice>& devices) {
  HostJson out = HostJson::array();
  for (const auto& d : devices) {
    out.push_back({{"name", d.name},
                   {"model", str_or_null(d.model)},
                   {"vendor", str_or_null(d.vendor)},
                   {"driver", str_or_null(d.driver)},
                   {"size_bytes", d.size_bytes},
                   {"logical_sector_bytes", positive_or_null(d.logical_sector_bytes)},
                   {"physical_sector_bytes", positive_or_null(d.physical_sector_bytes)},
                   {"rotational", d.rotational},
                   {"removable", d.removable},
                   {"read_only", d.read_only},
                   {"scheduler", str_or_null(d.scheduler)},
                   {"virtual", d.is_virtual},
                   {"backing_file", str_or_null(d.backing_file)}});
  }
  return out;
}

HostJson filesystem_json(const sysinfo::FilesystemInfo& f) {
  return {{"path", f.path},
          {"resolved_path", f.resolved_path},
          {"fs_type", str_or_null(f.fs_type)},
          {"statfs_type", str_or_null(f.statfs_type)},
          {"mount_point", str_or_null(f.mount_point)},
          {"source", str_or_null(f.source)},
          {"block_device", str_or_null(f.block_device)},
          {"mount_options", str_or_null(f.mount_options)},
          {"super_options", str_or_null(f.super_options)},
          {"size_bytes", f.size_bytes},
          {"free_bytes", f.free_bytes},
          {"available_bytes", f.available_bytes},
          {"block_size_bytes", f.block_size_bytes}};
}

}  // namespace

nlohmann::json host_info_to_json(const sysinfo::HostInfo& h) {
  HostJson j;
  j["hostname"] = str_or_null(h.hostname);
  j["os"] = str_or_null(h.os);
  j["kernel"] = {{"release", str_or_null(h.kernel_release)},
                 {"version", str_or_null(h.kernel_version)}};
  j["arch"] = str_or_null(h.arch);
  j["virtualization"] = str_or_null(h.virtualization);
  j["cpu"] = cpu_json(h.cpu);
  j["board"] = board_json(h.board);
  j["caches"] = caches_json(h.caches);
  j["memory"] = memory_json(h.memory);
  j["block_devices"] = block_devices_json(h.block_devices.devices);
  j["unbacked_loop_devices"] = h.block_devices.unbacked_loop_devices;
  j["block_devices_error"] = str_or_null(h.block_devices.error);
  j["filesystem"] = h.filesystem ? filesystem_json(*h.filesystem) : HostJson(nullptr);
  return j;
}

}  // namespace hostmark
