#include "io/block_family.h"

#include <sys/sysmacros.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <system_error>

#include "io/mount_tables.h"
#include "sysinfo/basic.h"

namespace hostmark::io {
namespace {

namespace fs = std::filesystem;

struct Walker {
  std::vector<RelatedDevice> found;
  std::set<fs::path> seen;  // canonical sysfs directories already listed

  // Adds the device at canonical sysfs directory `dir`; false when it was listed already or
  // has no readable dev file (then it is not a block device we can match).
  bool add(const fs::path& dir, Relation relation, const std::string& held) {
    if (!seen.insert(dir).second) return false;
    const auto dev = parse_device_number(sysinfo::read_trimmed_file((dir / "dev").string()));
    if (!dev) return false;
    RelatedDevice d;
    d.dev = *dev;
    d.name = dir.filename().string();
    d.dm_name = sysinfo::read_trimmed_file((dir / "dm" / "name").string());
    d.relation = relation;
    d.held = held;
    found.push_back(std::move(d));
    return true;
  }

  // Adds every holder of the device at `dir`, and theirs, depth-first.
  void add_holders(const fs::path& dir) {
    std::error_code ec;
    std::vector<fs::path> holders;
    for (const auto& e : fs::directory_iterator(dir / "holders", ec)) {
      const fs::path target = fs::canonical(e.path(), ec);
      if (!ec) holders.push_back(target);
    }
    std::sort(holders.begin(), holders.end());
    const std::string held = dir.filename().string();
    for (const auto& h : holders) {
      if (add(h, Relation::kHolder, held)) add_holders(h);
    }
  }
};

bool is_partition_dir(const fs::path& dir) {
  std::error_code ec;
  return fs::exists(dir / "partition", ec);
}

// Partition directories of the whole disk at `dir`, sorted by name.
std::vector<fs::path> partitions_of(const fs::path& dir) {
  std::vector<fs::path> parts;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.is_directory(ec) && !e.is_symlink(ec) && is_partition_dir(e.path())) {
      parts.push_back(e.path());
    }
  }
  std::sort(parts.begin(), parts.end());
  return parts;
}

}  // namespace

std::string dev_node_name(const std::string& kernel_name) {
  std::string node = "/dev/" + kernel_name;
  std::replace(node.begin(), node.end(), '!', '/');
  return node;
}

std::vector<RelatedDevice> related_devices(dev_t dev, const std::string& sys_dev_block) {
  const std::string entry =
      sys_dev_block + "/" + std::to_string(major(dev)) + ":" + std::to_string(minor(dev));
  std::error_code ec;
  const fs::path self = fs::canonical(entry, ec);
  Walker w;
  if (ec || !w.add(self, Relation::kSelf, "")) {
    w.found.assign(1, RelatedDevice{dev, "", "", Relation::kSelf, ""});
    return w.found;
  }
  w.found.front().dev = dev;  // the number we were asked about, whatever sysfs says
  std::vector<fs::path> roots{self};
  if (is_partition_dir(self)) {
    const fs::path disk = self.parent_path();
    if (w.add(disk, Relation::kWholeDisk, "")) roots.push_back(disk);
  } else {
    for (const auto& p : partitions_of(self)) {
      if (w.add(p, Relation::kPartition, "")) roots.push_back(p);
    }
  }
  for (const auto& r : roots) w.add_holders(r);
  return w.found;
}

}  // namespace hostmark::io
