#pragma once
// Human text of the storage a result ran on: the lines every storage report puts on top
//   Device:      vda "QEMU HARDDISK" (virtio_blk), 256.0 GiB, SSD, scheduler none, write back
//   Filesystem:  ext4 on /dev/vda at / (rw,relatime)
// and its warnings ("warning: tmpfs: ..."), one per line.
#include <ostream>

#include "results/storage.h"

namespace hostmark {

void write_storage_header(const StorageTarget& target, std::ostream& out);
void write_storage_warnings(const StorageTarget& target, std::ostream& out);

}  // namespace hostmark
