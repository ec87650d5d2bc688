#include "io/device_use.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <optional>

#include "io/mount_tables.h"

namespace hostmark::io {
namespace {

const RelatedDevice* member_with_dev(const std::vector<RelatedDevice>& family, dev_t dev) {
  for (const auto& d : family) {
    if (d.dev == dev) return &d;
  }
  return nullptr;
}

const RelatedDevice* member_named(const std::vector<RelatedDevice>& family,
                                  const std::string& name) {
  for (const auto& d : family) {
    if (d.name == name) return &d;
  }
  return nullptr;
}

std::string holder_label(const RelatedDevice& d) {
  return d.dm_name.empty() ? d.name : d.name + " (" + d.dm_name + ")";
}

// Who is in use, as the start of a phrase: "" for the device itself, "partition /dev/sda1",
// "its whole disk /dev/sda", "dm-1 (vg-data), stacked on sda1,".
std::string subject(const RelatedDevice& d) {
  switch (d.relation) {
    case Relation::kSelf: return "";
    case Relation::kPartition: return "partition " + dev_node_name(d.name);
    case Relation::kWholeDisk: return "its whole disk " + dev_node_name(d.name);
    case Relation::kHolder: return holder_label(d) + ", stacked on " + d.held + ",";
  }
  return "";
}

std::string sentence(const RelatedDevice& d, const std::string& predicate) {
  const std::string s = subject(d);
  return s.empty() ? predicate : s + " " + predicate;
}

// The device number of a block device node, or of the filesystem holding a file.
std::optional<dev_t> stat_dev(const std::string& path, bool want_block_node) {
  struct stat st {};
  if (path.empty() || path[0] != '/' || ::stat(path.c_str(), &st) != 0) return std::nullopt;
  if (want_block_node) {
    if (!S_ISBLK(st.st_mode)) return std::nullopt;
    return st.st_rdev;
  }
  return S_ISBLK(st.st_mode) ? std::nullopt : std::optional<dev_t>(st.st_dev);
}

std::string swap_device_use(const std::vector<SwapEntry>& swaps,
                            const std::vector<RelatedDevice>& family) {
  for (const auto& s : swaps) {
    const auto dev = stat_dev(s.filename, /*want_block_node=*/true);
    if (!dev) continue;
    if (const auto* m = member_with_dev(family, *dev)) return sentence(*m, "is in use as swap");
  }
  return "";
}

std::string swap_file_use(const std::vector<SwapEntry>& swaps,
                          const std::vector<RelatedDevice>& family) {
  for (const auto& s : swaps) {
    const auto dev = stat_dev(s.filename, /*want_block_node=*/false);
    if (!dev) continue;
    if (const auto* m = member_with_dev(family, *dev)) {
      return sentence(*m, "holds active swap file " + s.filename);
    }
  }
  return "";
}

std::string mount_use(const std::vector<MountEntry>& mounts,
                      const std::vector<RelatedDevice>& family) {
  for (const auto& mnt : mounts) {
    const RelatedDevice* m = member_with_dev(family, mnt.dev);
    // btrfs and others report an anonymous device number in mountinfo: match the source too.
    if (m == nullptr) {
      if (const auto src = stat_dev(mnt.source, /*want_block_node=*/true)) {
        m = member_with_dev(family, *src);
      }
    }
    if (m != nullptr) return sentence(*m, "is mounted at " + mnt.mount_point);
  }
  return "";
}

std::string holder_use(const std::vector<RelatedDevice>& family) {
  for (const auto& d : family) {
    if (d.relation != Relation::kHolder) continue;
    const RelatedDevice* held = member_named(family, d.held);
    const std::string predicate = "is held by " + holder_label(d) + " (device-mapper/md member)";
    return held != nullptr ? sentence(*held, predicate) : predicate;
  }
  return "";
}

std::string exclusive_use(const std::string& device_path) {
  const int fd = ::open(device_path.c_str(), O_RDONLY | O_EXCL | O_CLOEXEC | O_NONBLOCK);
  if (fd >= 0) {
    ::close(fd);
    return "";
  }
  // EBUSY also when only a partition is claimed (mounted in another mount namespace ...).
  return errno == EBUSY ? "is busy: it or a partition is open exclusively elsewhere" : "";
}

}  // namespace

Expected<std::string> find_device_use(const std::string& device_path,
                                      const std::vector<RelatedDevice>& family,
                                      const SystemPaths& paths) {
  const auto swaps_text = read_proc_file(paths.swaps);
  if (!swaps_text) return swaps_text.error();
  const auto mounts_text = read_proc_file(paths.mountinfo);
  if (!mounts_text) return mounts_text.error();
  const auto swaps = parse_swaps(swaps_text.value());
  const auto mounts = parse_mountinfo(mounts_text.value());

  if (auto use = swap_device_use(swaps, family); !use.empty()) return use;
  if (auto use = mount_use(mounts, family); !use.empty()) return use;
  if (auto use = swap_file_use(swaps, family); !use.empty()) return use;
  if (auto use = holder_use(family); !use.empty()) return use;
  return exclusive_use(device_path);
}

}  // namespace hostmark::io
