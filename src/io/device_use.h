#pragma once
// Is any device of a block-device family (io/block_family.h) in use? Checks, in this order:
// active swap areas, mounts, active swap files, holders, and an O_EXCL open of the device.
#include <string>
#include <vector>

#include "core/error.h"
#include "io/block_family.h"
#include "io/device_safety.h"

namespace hostmark::io {

// The first use found, as a phrase that follows "<device>: ", without an override hint:
// "is mounted at /mnt/data", "partition /dev/loop3p1 is in use as swap",
// "is held by dm-1 (device-mapper/md member)"; "" when nothing uses the family.
// `device_path` (resolved) is opened read-only with O_EXCL for the last check and closed again.
// Unreadable mount or swap tables: run_error(table path, why).
Expected<std::string> find_device_use(const std::string& device_path,
                                      const std::vector<RelatedDevice>& family,
                                      const SystemPaths& paths);

}  // namespace hostmark::io
