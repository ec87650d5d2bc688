#include <ctime>

#include "monitor/proc_file.h"
#include "monitor/stat_report.h"

namespace hostmark::monitor {

StatSample collect_stat_sample(const std::string& root, bool partitions) {
  StatSample s;
  // Uptime first, then the counters, as iostat reads them.
  DiskSnapshot disks = collect_disks(root, partitions);
  s.uptime_ms = disks.uptime_ms;
  s.disks = std::move(disks.disks);
  s.cpu = parse_proc_stat(read_proc_file(root + "/proc/stat")).all;
  s.wall_time_s = static_cast<std::int64_t>(std::time(nullptr));
  return s;
}

}  // namespace hostmark::monitor
