#include "storage/storage_context.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <system_error>

#include "cli/units.h"
#include "sysinfo/basic.h"
#include "sysinfo/block_devices.h"
#include "sysinfo/filesystem.h"

namespace hostmark {

const char* storage_warning_kind_name(StorageWarningKind kind) {
  switch (kind) {
    case StorageWarningKind::kTmpfs: return "tmpfs";
    case StorageWarningKind::kPageCacheNotDropped: return "page_cache_not_dropped";
    case StorageWarningKind::kReadFromPageCache: return "read_from_page_cache";
    case StorageWarningKind::kBufferedIo: return "buffered_io";
    case StorageWarningKind::kVirtualDisk: return "virtual_disk";
    case StorageWarningKind::kLoopDevice: return "loop_device";
    case StorageWarningKind::kFileSmallerThanRam: return "file_smaller_than_ram";
    case StorageWarningKind::kWriteCacheOn: return "write_cache_on";
    case StorageWarningKind::kNoDiscard: return "no_discard";
    case StorageWarningKind::kNetworkFilesystem: return "network_filesystem";
  }
  return "unknown";
}

namespace storage {
namespace {

namespace fs = std::filesystem;

bool in_memory_fs(std::string_view type) {
  return type == "tmpfs" || type == "ramfs" || type == "devtmpfs" || type == "hugetlbfs";
}

bool network_fs(std::string_view type) {
  for (std::string_view t :
       {"nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "ceph", "glusterfs", "sshfs", "virtiofs"}) {
    if (type == t) return true;
  }
  return type.rfind("fuse", 0) == 0;
}

bool virtual_driver(const StorageTarget& t) {
  for (std::string_view d :
       {"virtio_blk", "virtio_scsi", "xen-blkfront", "vmw_pvscsi", "hv_storvsc", "nvme_vmware"}) {
    if (t.driver == d) return true;
  }
  for (std::string_view m : {"QEMU", "VMware", "Virtual", "VBOX", "Msft"}) {
    if (t.model.find(m) != std::string::npos || t.vendor.find(m) != std::string::npos) return true;
  }
  return t.vendor == "0x1af4";  // virtio's PCI vendor id
}

void fill_device(StorageTarget& t, const std::string& name) {
  t.device = name;
  t.disk = sysinfo::whole_disk_name(name);
  const auto d = sysinfo::read_block_device(t.disk);
  if (!d) return;
  t.model = d->model;
  t.vendor = d->vendor;
  t.driver = d->driver;
  t.disk_size_bytes = d->size_bytes;
  t.logical_sector_bytes = d->logical_sector_bytes;
  t.physical_sector_bytes = d->physical_sector_bytes;
  t.rotational = d->rotational;
  t.scheduler = d->scheduler;
  t.backing_file = d->backing_file;
  const std::string q = "/sys/block/" + t.disk + "/queue/";
  t.write_cache = sysinfo::read_trimmed_file(q + "write_cache");
  const std::string nr = sysinfo::read_trimmed_file(q + "nr_requests");
  t.queue_depth =
      nr.empty() ? 0 : static_cast<std::uint32_t>(std::strtoul(nr.c_str(), nullptr, 10));
  t.virtual_disk = virtual_driver(t);
}

std::string merge_options(const std::string& mount, const std::string& super) {
  std::string out = mount;
  std::string_view rest = super;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string_view opt = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    // Appends, not operator+ on temporaries: gcc 12 -O3 warns falsely (-Wrestrict) on those.
    std::string needle(1, ',');
    needle.append(opt).push_back(',');
    std::string listed(1, ',');
    listed.append(out).push_back(',');
    if (opt.empty() || listed.find(needle) != std::string::npos) continue;
    if (!out.empty()) out.push_back(',');
    out.append(opt);
  }
  return out;
}

}  // namespace

Expected<StorageTarget> describe_storage(const std::string& path) {
  StorageTarget t;
  t.path = path;
  struct stat st {};
  std::string probe = path;
  if (stat(path.c_str(), &st) != 0) {
    const int err = errno;
    probe = fs::path(path).parent_path().string();
    if (probe.empty()) probe.assign(1, '.');  // not = ".": gcc 12 -O3 warns falsely (-Wrestrict)
    if (err != ENOENT || stat(probe.c_str(), &st) != 0)
      return usage_error("'" + path + "'", std::generic_category().message(err));
  }
  std::error_code ec;
  const auto resolved = fs::weakly_canonical(fs::absolute(path, ec), ec);
  t.resolved_path = ec ? path : resolved.string();
  if (S_ISBLK(st.st_mode)) {
    t.is_block_device = true;
    fill_device(t, sysinfo::block_device_name(st.st_rdev));
    return t;
  }
  auto info = sysinfo::filesystem_info(probe);
  if (!info) return info.error();
  t.fs_type = info->fs_type;
  t.mount_point = info->mount_point;
  t.mount_options = merge_options(info->mount_options, info->super_options);
  t.fs_size_bytes = info->size_bytes;
  t.fs_available_bytes = info->available_bytes;
  const std::string dev = sysinfo::block_device_name(st.st_dev);
  if (!dev.empty()) fill_device(t, dev);
  return t;
}

std::vector<StorageWarning> storage_warnings(const StorageTarget& t, const MeasureFacts& f,
                                             std::uint64_t ram_bytes, bool in_vm) {
  std::vector<StorageWarning> w;
  const auto add = [&w](StorageWarningKind k, std::string text) {
    w.push_back({k, std::move(text)});
  };
  const bool ram_disk =
      t.disk.rfind("zram", 0) == 0 || (t.disk.rfind("ram", 0) == 0 && t.disk.size() > 3);
  if (in_memory_fs(t.fs_type) || ram_disk) {
    add(StorageWarningKind::kTmpfs,
        fmt::format("{}: this measured memory, not a disk; give a path on the disk to test",
                    ram_disk ? t.disk : t.fs_type));
    return w;  // nothing else about caches or devices means anything in RAM
  }
  if (network_fs(t.fs_type)) {
    add(StorageWarningKind::kNetworkFilesystem,
        fmt::format("{}: a network or FUSE filesystem; the link and the server are measured too",
                    t.fs_type));
  }
  if (!t.backing_file.empty()) {
    add(StorageWarningKind::kLoopDevice,
        fmt::format("loop device {}: backed by {}, so that file's filesystem and page cache are "
                    "measured too",
                    t.disk, t.backing_file));
  }
  if (t.virtual_disk || virtual_driver(t) || (in_vm && !t.disk.empty() && t.backing_file.empty())) {
    add(StorageWarningKind::kVirtualDisk,
        "virtual disk: expect host caching; results may not reflect the physical device");
  }
  if (f.reads && !f.direct && !f.cache_dropped) {
    add(StorageWarningKind::kPageCacheNotDropped,
        fmt::format("page cache not dropped ({}): reads may be cached; drop it or use direct I/O",
                    f.cache_kept_why));
  }
  if (!f.direct && f.data_bytes != 0 && ram_bytes != 0 && f.data_bytes < ram_bytes) {
    add(StorageWarningKind::kFileSmallerThanRam,
        fmt::format("file smaller than RAM ({} < {}): the page cache can hold all of it; use "
                    "direct I/O or a size above RAM",
                    format_bytes_binary(f.data_bytes), format_bytes_binary(ram_bytes)));
  } else if (!f.direct && (f.reads || f.writes)) {
    add(StorageWarningKind::kBufferedIo,
        "buffered I/O: the page cache sits between the test and the disk; use direct I/O to "
        "measure the device");
  }
  // No consumer disk reads above ~15 GB/s; anything faster came from RAM.
  if (f.read_mb_per_s > 15000) {
    add(StorageWarningKind::kReadFromPageCache,
        fmt::format("reads at {:.0f} MB/s came from the page cache, not the device; drop caches "
                    "first or use direct I/O",
                    f.read_mb_per_s));
  }
  if (f.writes && t.write_cache == "write back") {
    add(StorageWarningKind::kWriteCacheOn,
        "write cache on: the device acknowledges writes from its volatile cache; sync-heavy "
        "results may not survive a power loss");
  }
  return w;
}

bool drop_file_cache(int fd) {
  if (fd < 0) return false;
  (void)fdatasync(fd);  // dirty pages are not dropped; a read-only fd may refuse: harmless
  return posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0;
}

bool drop_all_caches() {
  if (geteuid() != 0) return false;
  sync();
  std::ofstream out("/proc/sys/vm/drop_caches");
  if (!out) return false;
  out << "3\n";
  out.flush();
  return static_cast<bool>(out);
}

bool drop_cache_before_reading(int fd) { return drop_file_cache(fd) || drop_all_caches(); }

}  // namespace storage
}  // namespace hostmark
