#include "monitor/device_traits.h"

#include <fmt/format.h>

#include <cctype>
#include <filesystem>

namespace hostmark::monitor {
namespace {

int entries_in(const std::filesystem::path& dir) {
  std::error_code ec;
  int n = 0;
  for (auto it = std::filesystem::directory_iterator(dir, ec);
       !ec && it != std::filesystem::directory_iterator(); it.increment(ec))
    ++n;
  return n;
}

bool starts_with(const std::string& s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

}  // namespace

DeviceTraits device_traits(const std::string& root, const std::string& disk) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(root) / "sys/block" / disk;
  std::error_code ec;
  DeviceTraits t;
  t.virtual_device = !fs::exists(dir / "device", ec);
  const int queues = entries_in(dir / "mq");
  const int slaves = entries_in(dir / "slaves");
  if (starts_with(disk, "nvme")) {
    t.parallel_reason = "NVMe";
  } else if (starts_with(disk, "vd")) {
    t.parallel_reason = "virtio disk";
  } else if (starts_with(disk, "md")) {
    t.parallel_reason = "RAID (md)";
  } else if (starts_with(disk, "dm-") && slaves > 1) {
    t.parallel_reason = fmt::format("device mapper over {} devices", slaves);
  } else if (queues > 1) {
    t.parallel_reason = fmt::format("{} hardware queues", queues);
  }
  return t;
}

std::string disk_of_partition(const std::string& partition) {
  std::size_t end = partition.size();
  while (end > 0 && std::isdigit(static_cast<unsigned char>(partition[end - 1]))) --end;
  if (end == partition.size() || end == 0) return partition;
  // "nvme0n1p2", "mmcblk0p1", "loop0p1": a 'p' between two digits separates the partition.
  if (partition[end - 1] == 'p' && end >= 2 &&
      std::isdigit(static_cast<unsigned char>(partition[end - 2])))
    return partition.substr(0, end - 1);
  if (std::isdigit(static_cast<unsigned char>(partition[end - 1]))) return partition;
  return partition.substr(0, end);
}

}  // namespace hostmark::monitor
