#pragma once
// JSON form of `hostmark info`'s HostInfo. Sizes in bytes, frequencies in MHz, memory speed in
// MT/s; every key carries its unit. A fact that could not be read is null (not 0 or ""), so a
// consumer can tell "unknown" from "none". Layout (schema "hostmark.info", version 1):
//   {hostname, os, kernel: {release, version}, arch, virtualization,
//    cpu: {model, vendor, sockets, cores, threads, max_mhz, base_mhz, current_mhz,
//          topology_source},
//    board: {model, thermal_zones: [{zone, type, celsius}],
//            throttling: null | {bits, under_voltage_now, frequency_capped_now, throttled_now,
//                                soft_temp_limit_now, under_voltage_since_boot,
//                                frequency_capped_since_boot, throttled_since_boot,
//                                soft_temp_limit_since_boot, source}},
//    caches: [{level, type, size_bytes, line_bytes, ways, shared_by_cpus, source}],
//    memory: {total_bytes, available_bytes, swap_total_bytes, swap_free_bytes,
//             hugepage_size_bytes, hugepages_total, populated_dimms, type, speed_mts,
//             unknown_reason},
//    block_devices: [{name, model, vendor, driver, size_bytes, logical_sector_bytes,
//                     physical_sector_bytes, rotational, removable, read_only, scheduler,
//                     virtual, backing_file}],
//    unbacked_loop_devices: [name...], block_devices_error,
//    filesystem: null | {path, resolved_path, fs_type, statfs_type, mount_point, source,
//                        block_device, mount_options, super_options, size_bytes, free_bytes,
//                        available_bytes, block_size_bytes}}
#include <nlohmann/json.hpp>

#include "sysinfo/host_info.h"

namespace hostmark {

nlohmann::json host_info_to_json(const sysinfo::HostInfo& info);

}  // namespace hostmark
