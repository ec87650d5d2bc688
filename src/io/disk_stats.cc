#include "io/disk_stats.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <sstream>

#include "sysinfo/basic.h"
#include "sysinfo/block_devices.h"
#include "sysinfo/text.h"

namespace hostmark::io {

std::vector<DiskCounters> parse_diskstats(std::string_view text) {
  std::vector<DiskCounters> out;
  for (const auto& line : sysinfo::split_lines(text)) {
    std::istringstream in{std::string(line)};
    DiskCounters c;
    std::uint64_t sectors_r = 0, sectors_w = 0, in_flight = 0;
    if (!(in >> c.major >> c.minor >> c.name >> c.reads >> c.read_merges >> sectors_r >>
          c.read_ticks_ms >> c.writes >> c.write_merges >> sectors_w >> c.write_ticks_ms >>
          in_flight >> c.io_ticks_ms >> c.time_in_queue_ms)) {
      continue;
    }
    out.push_back(c);
  }
  return out;
}

std::string whole_disk_of(dev_t device) {
  const std::string name = sysinfo::block_device_name(device);
  if (name.empty()) return "";
  return sysinfo::read_trimmed_file("/sys/class/block/" + sysinfo::whole_disk_name(name) + "/dev");
}

std::vector<fio::DiskUtil> disk_util(const std::vector<DiskCounters>& before,
                                     const std::vector<DiskCounters>& after,
                                     const std::vector<std::string>& disks, double elapsed_ms) {
  std::vector<fio::DiskUtil> out;
  for (const auto& id : disks) {
    auto match = [&](const DiskCounters& c) {
      return fmt::format("{}:{}", c.major, c.minor) == id;
    };
    auto b = std::find_if(before.begin(), before.end(), match);
    auto a = std::find_if(after.begin(), after.end(), match);
    if (b == before.end() || a == after.end()) continue;
    fio::DiskUtil u;
    u.name = a->name;
    u.read_ios = a->reads - b->reads;
    u.write_ios = a->writes - b->writes;
    u.read_merges = a->read_merges - b->read_merges;
    u.write_merges = a->write_merges - b->write_merges;
    u.read_ticks_ms = a->read_ticks_ms - b->read_ticks_ms;
    u.write_ticks_ms = a->write_ticks_ms - b->write_ticks_ms;
    u.in_queue_ms = a->time_in_queue_ms - b->time_in_queue_ms;
    const double busy = static_cast<double>(a->io_ticks_ms - b->io_ticks_ms);
    u.util_percent = elapsed_ms > 0 ? std::min(100.0, 100.0 * busy / elapsed_ms) : 0.0;
    out.push_back(u);
  }
  return out;
}

}  // namespace hostmark::io
