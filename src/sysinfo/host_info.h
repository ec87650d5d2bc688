#pragma once
// Everything `hostmark info` describes, as one plain struct: collect() here, render in output/
// (host_info_text, host_info_json). Read without root; never writes anything.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sysinfo/block_devices.h"
#include "sysinfo/board.h"
#include "sysinfo/caches.h"
#include "sysinfo/cpu_topology.h"
#include "sysinfo/filesystem.h"
#include "sysinfo/memory_info.h"

namespace hostmark::sysinfo {

struct HostInfo {
  std::string hostname;
  std::string os;              // PRETTY_NAME of /etc/os-release ("" when absent)
  std::string kernel_release;  // uname release, e.g. "6.1.0-18-amd64"
  std::string kernel_version;  // uname version, e.g. "#1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1"
  std::string arch;            // uname machine, e.g. "x86_64"
  std::string virtualization;  // sysinfo::virtualization(): "kvm", "container", "none", ""
  CpuTopology cpu;
  BoardInfo board;                 // board model, temperatures, Raspberry Pi throttling
  std::vector<CacheLevel> caches;  // sysinfo::cpu_caches()
  MemoryInfo memory;
  BlockDeviceScan block_devices;
  std::optional<FilesystemInfo> filesystem;  // only when a path was given
};

// PRETTY_NAME (else NAME) of os-release text, unquoted; "" when neither is there.
std::string parse_os_release_name(std::string_view text);

// Collects the host description. `path` is the file or directory whose filesystem to describe;
// "" for none. Throws Failure with a usage error when `path` cannot be resolved, e.g.
// "info: '/nonexistent': No such file or directory". Nothing else fails: unreadable facts are
// left empty or 0.
HostInfo collect_host_info(const std::string& path);

}  // namespace hostmark::sysinfo
