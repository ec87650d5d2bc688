#pragma once
// What a storage result was measured on (device, filesystem, mount options) and the typed
// warnings that say when a number is not what it seems. Plain data, part of the Result model;
// storage/storage_context.h fills it in, output/ prints it.
#include <cstdint>
#include <string>
#include <vector>

namespace hostmark {

namespace storage {
// The read share of every mixed test of `hostmark disk` (--profile mix): the rest writes. Part
// of what a stored disk result means (results/figures_phases.cc reads its fio settings back).
inline constexpr std::uint32_t kMixReadPercent = 70;
}  // namespace storage

enum class StorageWarningKind {
  kTmpfs,                // the target is in RAM (tmpfs, ramfs, zram, brd): it measured memory
  kPageCacheNotDropped,  // the page cache could not be dropped before reading (not root...)
  kReadFromPageCache,    // a read ran faster than the device can: it came from the page cache
  kBufferedIo,           // no O_DIRECT: writes may sit in the page cache, reads may hit it
  kVirtualDisk,          // a virtual machine's disk: the host may cache it
  kLoopDevice,           // a loop device: its backing file's filesystem and cache are measured
  kFileSmallerThanRam,   // the data set fits in RAM: the page cache can hold all of it
  kWriteCacheOn,         // the device acknowledges writes from its volatile cache
  kNoDiscard,            // trim was asked but the device does not support it
  kNetworkFilesystem,    // NFS, CIFS, FUSE...: the network and the server are measured too
};

// "tmpfs", "page_cache_not_dropped", ... (the JSON spelling, stable).
const char* storage_warning_kind_name(StorageWarningKind kind);

struct StorageWarning {
  StorageWarningKind kind{};
  std::string text;  // one sentence saying what happened and what to do about it
};

// The storage stack under one measured path (file, directory or block device).
struct StorageTarget {
  std::string path;           // as the user gave it
  std::string resolved_path;  // absolute, symlinks resolved
  bool is_block_device = false;
  // The filesystem holding the path ("" for a raw block device).
  std::string fs_type;        // "ext4", "tmpfs", "xfs", "fuse.sshfs"
  std::string mount_point;    // "/", "/var/tmp"
  std::string mount_options;  // per-mount and superblock options merged: "rw,relatime,discard"
  std::uint64_t fs_size_bytes = 0;
  std::uint64_t fs_available_bytes = 0;
  // The block device underneath ("" fields for tmpfs, overlay on nothing, network filesystems).
  std::string device;  // kernel name of the device holding the data: "vda1", "loop3", "dm-0"
  std::string disk;    // the whole disk it lives on: "vda", "nvme0n1", "loop3"
  std::string model;   // the disk's model ("" when the driver exposes none)
  std::string vendor;  // "ATA", "0x1af4"
  std::string driver;  // "virtio_blk", "nvme", "sd"
  std::uint64_t disk_size_bytes = 0;
  std::uint32_t logical_sector_bytes = 0;
  std::uint32_t physical_sector_bytes = 0;
  bool rotational = false;
  std::string scheduler;          // "mq-deadline", "none"
  std::uint32_t queue_depth = 0;  // queue/nr_requests (0 when unreadable)
  std::string write_cache;        // queue/write_cache: "write back", "write through", "" unknown
  bool virtual_disk = false;      // virtio/xen/vmware/hyper-v disk, or any disk inside a VM
  std::string backing_file;       // loop devices: the file behind it
  std::vector<StorageWarning> warnings;
};

}  // namespace hostmark
