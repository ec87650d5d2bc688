#pragma once
// What a block device is, as far as reading its numbers goes: virtual (sar -b leaves those
// out) and whether it serves requests in parallel (then %util, the share of time with at
// least one request in flight, says little about how busy it is).
#include <string>

namespace hostmark::monitor {

struct DeviceTraits {
  bool virtual_device = false;  // no root/sys/block/NAME/device: loop, ram, zram, dm, md...
  // Why %util misleads for it ("NVMe", "virtio disk", "RAID (md)", "device mapper over 2
  // devices", "4 hardware queues"); "" when it does not (one queue, one disk behind it).
  std::string parallel_reason;
};

// Reads root/sys/block/NAME/{device,mq,slaves}; a partition gets its disk's traits when
// `disk` names it (else pass NAME again). Never fails: what cannot be read counts as absent.
DeviceTraits device_traits(const std::string& root, const std::string& disk);

// The whole disk a partition's name belongs to: "vda1" -> "vda", "nvme0n1p2" -> "nvme0n1",
// "mmcblk0p1" -> "mmcblk0". Only meaningful for partition names; a name without trailing
// digits is returned unchanged.
std::string disk_of_partition(const std::string& partition);

}  // namespace hostmark::monitor
