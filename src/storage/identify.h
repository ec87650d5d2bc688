#pragma once
// `hostmark disk --identify`: what `hdparm -I` and `fdisk -l` were used for in the seeds. The
// sysfs view (model, serial, size, sector sizes, rotational, queue, write cache, partitions) is
// always there; ATA IDENTIFY / NVMe identify controller are added where the device takes them
// (a real SATA or NVMe disk, as root). Read-only: the device is opened O_RDONLY.
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "core/error.h"
#include "results/storage.h"
#include "storage/ata_identify.h"
#include "storage/nvme_identify.h"

namespace hostmark::storage {

struct Partition {
  std::string name;                // "sda1", "nvme0n1p2", "loop0p1"
  std::uint64_t start_sector = 0;  // in 512-byte units, as sysfs gives it
  std::uint64_t size_bytes = 0;
};

struct DeviceIdentity {
  std::string node;      // the whole disk's node: "/dev/sda"
  StorageTarget target;  // sysfs description of the disk (describe_storage of the node)
  std::string serial;    // sysfs serial / device/serial ("" when not exposed)
  std::string firmware;  // sysfs device/firmware_rev or device/rev ("" when not exposed)
  std::vector<Partition> partitions;
  std::optional<AtaIdentity> ata;
  std::string ata_status;  // why there is no ATA page: "not available on this device (loop)"
  std::optional<NvmeIdentity> nvme;
  std::string nvme_status;  // why there is no NVMe page
};

// The partitions of `disk` under `sys_block_dir`/disk, sorted by start sector.
std::vector<Partition> read_partitions(const std::string& disk,
                                       const std::string& sys_block_dir = "/sys/block");

// Describes the whole disk under `path` (a device node, a partition, a file or a directory).
// Usage error naming the path when it does not exist or has no block device underneath (tmpfs,
// network filesystems).
Expected<DeviceIdentity> identify_device(const std::string& path);

// hdparm -I / fdisk -l style text, one "Label:  value" per line.
void write_identity_text(const DeviceIdentity& id, std::ostream& out);

}  // namespace hostmark::storage
