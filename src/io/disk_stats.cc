#include "io/disk_stats.h"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include "monitor/disk_sample.h"
#include "sysinfo/basic.h"
#include "sysinfo/block_devices.h"
#include "sysinfo/text.h"

namespace hostmark::io {

std::vector<DiskCounters> parse_diskstats(std::string_view text) {
  std::vector<DiskCounters> out;
  for (const auto& line : sysinfo::split_lines(text)) {
    // One parser for /proc/diskstats (monitor/); fio's table needs the 11-field counters.
    const auto s = monitor::parse_diskstats_line(line);
    if (!s || s->fields < 11) continue;
    DiskCounters c;
    c.name = s->name;
    c.major = s->major;
    c.minor = s->minor;
    c.reads = s->rd_ios;
    c.read_merges = s->rd_merges;
    c.read_ticks_ms = s->rd_ticks_ms;
    c.writes = s->wr_ios;
    c.write_merges = s->wr_merges;
    c.write_ticks_ms = s->wr_ticks_ms;
    c.io_ticks_ms = s->io_ticks_ms;
    c.time_in_queue_ms = s->time_in_queue_ms;
    out.push_back(std::move(c));
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
