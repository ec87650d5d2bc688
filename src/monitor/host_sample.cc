#include "monitor/host_sample.h"

#include "core/error.h"
#include "monitor/device_traits.h"
#include "sysinfo/basic.h"

namespace hostmark::monitor {

HostSample collect_host_sample(const std::string& root, std::int64_t time_ns) {
  const std::string base = root == "/" ? "" : root;
  HostSample s;
  s.time_ns = time_ns;
  s.boot_id = sysinfo::read_trimmed_file(base + "/proc/sys/kernel/random/boot_id");
  const std::string stat = sysinfo::read_text_file(base + "/proc/stat");
  if (stat.empty()) throw Failure(run_error(base + "/proc/stat", "cannot be read"));
  s.cpu = parse_proc_stat(stat).all;
  s.disks = collect_disks(root, false);
  for (const DiskSample& d : s.disks.disks)
    if (device_traits(root, d.name).virtual_device) s.virtual_disks.push_back(d.name);
  s.mem = collect_memory_load(base);
  return s;
}

}  // namespace hostmark::monitor
