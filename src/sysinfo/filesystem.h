#pragma once
// The filesystem that holds a path: its type (statfs), mount point, source device and mount
// options (/proc/self/mountinfo), and its size. Read-only; needs no root.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace hostmark::sysinfo {

// One line of /proc/self/mountinfo (see proc(5)), with octal escapes ("\040") decoded.
struct MountEntry {
  int mount_id = 0;
  int parent_id = 0;
  std::string major_minor;    // "254:0"
  std::string root;           // root of the mount within its filesystem ("/" unless a bind)
  std::string mount_point;    // "/", "/tmp"
  std::string mount_options;  // per-mount options: "rw,relatime"
  std::string fs_type;        // "ext4", "tmpfs", "fuse.sshfs"
  std::string source;         // "/dev/vda1", "tmpfs", "overlay"
  std::string super_options;  // per-superblock options: "rw,discard"
};

// Every well-formed line of mountinfo text, in file order (malformed lines are skipped).
std::vector<MountEntry> parse_mountinfo_entries(std::string_view text);

// The mount that holds the absolute, symlink-free `path`: the entry with the longest mount
// point that equals `path` or is a directory prefix of it ("/mnt/a" holds "/mnt/a/b", not
// "/mnt/ab"). Of mounts stacked on the same point the last listed (the visible one) wins.
// std::nullopt when nothing matches (e.g. an empty text).
std::optional<MountEntry> parse_mountinfo(std::string_view text, std::string_view path);

// Name of a statfs f_type magic number: 0xEF53 -> "ext2/ext3/ext4", 0x01021994 -> "tmpfs";
// "unknown (0x...)" for numbers not in the table.
std::string statfs_type_name(std::uint64_t magic);

struct FilesystemInfo {
  std::string path;              // as given
  std::string resolved_path;     // absolute, symlinks resolved (realpath)
  std::string statfs_type;       // statfs_type_name(f_type)
  std::string fs_type;           // type from mountinfo ("ext4"); falls back to statfs_type
  std::string mount_point;       // "" when mountinfo had no matching entry
  std::string source;            // mount source, e.g. "/dev/vda"
  std::string block_device;      // kernel name of the device behind major:minor ("vda1"), or ""
  std::string mount_options;     // per-mount options ("rw,relatime")
  std::string super_options;     // filesystem (superblock) options ("rw,discard")
  std::uint64_t size_bytes = 0;  // f_blocks * f_frsize
  std::uint64_t free_bytes = 0;  // f_bfree * f_frsize (including root-reserved blocks)
  std::uint64_t available_bytes = 0;   // f_bavail * f_frsize (what an unprivileged user gets)
  std::uint64_t block_size_bytes = 0;  // f_bsize: preferred I/O size
};

// Describes the filesystem holding `path`. On failure (path missing, not accessible): a usage
// error whose `what` is the quoted path and whose `why` is strerror, e.g.
// {"'/nonexistent'", "No such file or directory"}.
Expected<FilesystemInfo> filesystem_info(const std::string& path);

}  // namespace hostmark::sysinfo
