#pragma once
// The block devices whose use makes writing one device unsafe, found in sysfs by device number
// (never by name): the device itself; when it is a whole disk, all its partitions; when it is a
// partition, its whole disk; and everything stacked on any of those (holders: device-mapper,
// md, bcache ...), recursively. Reads sysfs only; opens no device node.
#include <sys/types.h>

#include <string>
#include <vector>

namespace hostmark::io {

enum class Relation {
  kSelf,       // the device asked about
  kPartition,  // a partition of it (it is a whole disk)
  kWholeDisk,  // the disk it is a partition of
  kHolder,     // a device stacked on it, or on one of the above (dm-1, md0 ...)
};

struct RelatedDevice {
  dev_t dev = 0;
  std::string name;     // kernel name: "loop3", "loop3p1", "dm-1"
  std::string dm_name;  // holders that are device-mapper devices: dm/name ("vg0-data"); else ""
  Relation relation = Relation::kSelf;
  std::string held;  // kHolder: kernel name of the device it holds ("loop3p1"); else ""
};

// The node name of a kernel block device name: "loop3p1" -> "/dev/loop3p1",
// "cciss!c0d0" -> "/dev/cciss/c0d0".
std::string dev_node_name(const std::string& kernel_name);

// The family of device `dev` as `sys_dev_block` (normally /sys/dev/block, whose entries
// "M:m" link to the device directories) describes it. The first element is always the device
// itself (kSelf); its name is "" when sysfs has no entry for it, and then it is the only one.
// Partitions follow in sysfs order, then holders depth-first. A device is listed once.
std::vector<RelatedDevice> related_devices(dev_t dev,
                                           const std::string& sys_dev_block = "/sys/dev/block");

}  // namespace hostmark::io
