#pragma once
// Block devices as /sys/block describes them: model, size, sector sizes, rotational, I/O
// scheduler. Read-only: nothing here opens a device node, so it works without root and never
// writes to a disk.
#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostmark::sysinfo {

struct BlockDevice {
  std::string name;    // kernel name, e.g. "nvme0n1", "vda", "loop3"
  std::string model;   // device/model, trimmed; "" when the driver does not expose one
  std::string vendor;  // device/vendor, trimmed ("ATA", "0x1af4" for virtio); "" when absent
  std::string driver;  // driver of the parent device ("virtio_blk", "nvme", "sd"); "" unknown
  std::uint64_t size_bytes = 0;             // size file (always 512-byte units) * 512
  std::uint32_t logical_sector_bytes = 0;   // queue/logical_block_size; 0 when unreadable
  std::uint32_t physical_sector_bytes = 0;  // queue/physical_block_size; 0 when unreadable
  bool rotational = false;   // queue/rotational == 1 (spinning disk, as the kernel believes)
  bool removable = false;    // removable == 1
  bool read_only = false;    // ro == 1
  std::string scheduler;     // the active ([bracketed]) scheduler, e.g. "mq-deadline", "none";
                             // "" when the device has no queue/scheduler file (zram, some dm)
  bool is_virtual = false;   // loop, zram or ram (brd): not a physical disk
  std::string backing_file;  // loop devices only: loop/backing_file
};

struct BlockDeviceScan {
  std::vector<BlockDevice> devices;  // sorted by name
  // Loop devices with no backing file: not listed in `devices`, but named here so a report
  // can say what it left out.
  std::vector<std::string> unbacked_loop_devices;
  std::string error;  // why the directory could not be listed ("" when it could)
};

// The active scheduler of a queue/scheduler line: "mq-deadline [none] kyber" -> "none".
// A single word with no brackets ("none") is returned as is; otherwise "" when none is marked.
std::string parse_scheduler(std::string_view text);

// True for names of devices that are not physical disks: loopN, zramN, ramN.
bool is_virtual_block_device_name(std::string_view name);

// Reads every entry of `sys_block_dir` (normally /sys/block; tests pass a fake tree). A file
// that cannot be read leaves its field at the default; a device is never dropped for that.
// Loop devices without loop/backing_file go to unbacked_loop_devices instead of devices.
BlockDeviceScan scan_block_devices(const std::string& sys_block_dir = "/sys/block");

// One device by kernel name ("vda", "loop3"), read from `sys_block_dir`/name as
// scan_block_devices does; nullopt when there is no such directory.
std::optional<BlockDevice> read_block_device(const std::string& name,
                                             const std::string& sys_block_dir = "/sys/block");

// Kernel name of the block device numbered `dev` ("vda1"), from /sys/dev/block; "" when sysfs
// has none (anonymous devices: tmpfs, overlay, btrfs subvolumes).
std::string block_device_name(dev_t dev);

// The whole disk a device lives on: a partition's parent ("vda1" -> "vda"), else itself.
std::string whole_disk_name(const std::string& name);

}  // namespace hostmark::sysinfo
