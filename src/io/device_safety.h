#pragma once
// May a job write to or trim this target? Asked once per file/device before a job starts.
//
// Reads are always allowed. --readonly forbids every write and trim, to any target. A target
// that is not a block device (a regular file, also on a mounted filesystem; a file still to be
// created; a directory; a character device) is otherwise allowed. A block device -- named
// directly, through a symlink or a /dev/disk/by-* name (the path is resolved first) -- is
// matched by its device number, never by name, and refused when:
//   in use:  it, one of its partitions (or its whole disk), or a device stacked on any of them
//            is mounted (/proc/self/mountinfo, by major:minor and by the mount source's device
//            number), is an active swap area or holds an active swap file (/proc/swaps), is
//            held by device-mapper/md (sysfs holders, recursively), or is open exclusively by
//            someone else (O_EXCL gives EBUSY; also for a partition mounted in another mount
//            namespace, which /proc/self/mountinfo does not show).
//            Override: allow_mounted_write=1, which also accepts the signature a device in
//            use carries (a mounted filesystem has one).
//   signed:  (only when not in use) libblkid finds a filesystem, RAID/LVM, crypto, swap
//            signature or a partition table on it. Override: --destructive.
// A refusal is usage_error(target, reason): one line naming the device, the reason and the
// override, e.g. "/dev/loop3: partition /dev/loop3p1 is mounted at /mnt/data
// (allow_mounted_write=1 writes anyway)". When the path is a symlink, the target reads
// "link (/dev/loop3)".
#include <string>

#include "core/error.h"

namespace hostmark::io {

struct TargetUse {
  std::string path;     // as the user named it: "/dev/disk/by-id/...", "testfile"
  bool writes = false;  // the job writes (rw=write, randrw, verify writes, ...)
  bool trims = false;   // the job trims (rw=trim, trimwrite)
};

struct SafetyOverrides {
  bool allow_mounted_write = false;  // fio's allow_mounted_write=1
  bool destructive = false;          // --destructive
  bool readonly = false;             // --readonly
};

// Where the kernel's tables are; tests point these at fake trees.
struct SystemPaths {
  std::string sys_dev_block = "/sys/dev/block";
  std::string mountinfo = "/proc/self/mountinfo";
  std::string swaps = "/proc/swaps";
};

// Ok when the job may go ahead; otherwise the refusal described above. A target whose path
// cannot be resolved for a reason other than "does not exist", or whose mount/swap tables
// cannot be read, gives run_error(target, why).
Status check_target(const TargetUse& use, const SafetyOverrides& overrides,
                    const SystemPaths& paths = {});

}  // namespace hostmark::io
