// libFuzzer target: the parsers of /proc and /sys text (monitor/, sysinfo/, io/mount_tables) and
// of the binary device identity pages (storage/), each given the whole input as its file, then
// the pure functions that compute rates from what they parsed (a counter that goes backwards,
// a zero interval). Failure (a malformed /proc/stat) is an answer; a crash or UB is not.
#include <algorithm>
#include <array>
#include <span>

#include "core/error.h"
#include "fuzz_input.h"
#include "io/mount_tables.h"
#include "monitor/cpu_times.h"
#include "monitor/disk_sample.h"
#include "monitor/memory_load.h"
#include "monitor/process_io.h"
#include "monitor/user_names.h"
#include "storage/ata_identify.h"
#include "storage/nvme_identify.h"
#include "sysinfo/block_devices.h"
#include "sysinfo/cpu_topology.h"
#include "sysinfo/filesystem.h"
#include "sysinfo/host_info.h"
#include "sysinfo/memory_info.h"

namespace {

using namespace hostmark;

void cpu(std::string_view text) {
  try {
    const monitor::CpuSnapshot s = monitor::parse_proc_stat(text);
    (void)monitor::cpu_percent({}, s.all);
    (void)monitor::cpu_percent(s.all, {});
    for (const auto& c : s.per_cpu) (void)monitor::cpu_percent(s.all, c);
  } catch (const Failure&) {
  }
}

void disks(std::string_view text) {
  if (const auto one = monitor::parse_diskstats_line(text)) {
    (void)monitor::disk_rates({}, *one, 1.0);
    (void)monitor::disk_rates(*one, {}, 1.0);
    (void)monitor::disk_rates(*one, *one, 0.0);
  }
  if (const auto one = monitor::parse_sys_block_stat("vda", text))
    (void)monitor::disk_rates({}, *one, 0.5);
  try {
    const auto all = monitor::parse_proc_diskstats(text);
    for (std::size_t i = 1; i < all.size(); ++i) (void)monitor::disk_rates(all[i - 1], all[i], 1);
  } catch (const Failure&) {
  }
}

void processes(std::string_view text) {
  (void)monitor::parse_proc_pid_io(text);
  (void)monitor::parse_proc_pid_stat(text);
  (void)monitor::parse_status_uid(text);
  (void)monitor::parse_cmdline(text);
  (void)monitor::UserNames::parse(text).name(0);
  (void)monitor::parse_memory_usage(text);
  (void)monitor::parse_load(text, text);
}

void system_facts(std::string_view text) {
  (void)sysinfo::parse_cpu_list(text);
  (void)sysinfo::parse_cpuinfo_places(text);
  (void)sysinfo::parse_khz_as_mhz(text);
  (void)sysinfo::parse_mountinfo_entries(text);
  (void)sysinfo::parse_mountinfo(text, "/");
  (void)sysinfo::parse_mountinfo(text, "/tmp/x");
  (void)sysinfo::parse_os_release_name(text);
  (void)sysinfo::parse_meminfo(text);
  (void)sysinfo::parse_scheduler(text);
  (void)io::parse_device_number(text);
  (void)io::parse_mountinfo(text);
  (void)io::parse_swaps(text);
}

void device_pages(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> raw(data, size);
  (void)sysinfo::parse_smbios_memory_device(raw);
  (void)storage::parse_nvme_identify(raw);
  std::array<std::uint8_t, 512> page{};
  std::copy_n(data, std::min(size, page.size()), page.begin());
  (void)storage::parse_ata_identify(page);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  cpu(text);
  disks(text);
  processes(text);
  system_facts(text);
  device_pages(data, size);
  return 0;
}
