#pragma once
// Does a device (or image file) carry data someone may want: a filesystem, RAID/LVM member,
// crypto container, swap area or partition table? Asked of libblkid, the way wipefs and mkfs
// ask it. The device is opened read-only and nothing is written.
#include <optional>
#include <string>

#include "core/error.h"

namespace hostmark::io {

struct Signature {
  std::string type;   // blkid's TYPE or PTTYPE: "ext4", "swap", "LVM2_member", "dos", "gpt";
                      // "" when several signatures contradict each other (blkid: ambivalent)
  std::string usage;  // "filesystem", "raid", "crypto", "other" (swap ...), "partition table"
};

// The signature found at `path`, or nullopt when blkid finds none. When both a superblock and a
// partition table are present, the superblock is returned. On failure (cannot open, I/O error):
// run_error(path, why).
Expected<std::optional<Signature>> probe_signature(const std::string& path);

// One line for a refusal: "an ext4 filesystem signature", "a dos partition table",
// "a swap signature", "several conflicting signatures".
std::string describe_signature(const Signature& s);

}  // namespace hostmark::io
