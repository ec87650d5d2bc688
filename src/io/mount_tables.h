#pragma once
// The kernel's tables of what is in use: mounts (/proc/self/mountinfo) and swap areas
// (/proc/swaps). Parsing is pure (tests feed text); the readers only add the file read.
// Used by device_safety to refuse writes to devices that are mounted or swapped on.
#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace hostmark::io {

struct MountEntry {
  dev_t dev = 0;            // field 3 (major:minor of the mounted filesystem's st_dev)
  std::string mount_point;  // field 5, octal escapes (\040 for space ...) decoded
  std::string fstype;       // first field after " - "
  std::string source;       // second field after " - ", decoded ("/dev/loop3", "tmpfs", ...)
};

struct SwapEntry {
  std::string filename;  // decoded; a block device node or a regular (swap) file
  std::string type;      // "partition" or "file"
};

// "8:17" -> makedev(8, 17); nullopt unless the text is exactly <digits>:<digits>.
std::optional<dev_t> parse_device_number(std::string_view text);

// Every well-formed line of a mountinfo text, in order (sysinfo::parse_mountinfo_entries with
// the device number parsed); malformed lines are skipped.
std::vector<MountEntry> parse_mountinfo(std::string_view text);

// Every entry of a /proc/swaps text (the header line is skipped), in order.
std::vector<SwapEntry> parse_swaps(std::string_view text);

// Reads a whole /proc file. On failure: run_error(path, strerror).
Expected<std::string> read_proc_file(const std::string& path);

}  // namespace hostmark::io
