#include "storage/identify.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "cli/units.h"
#include "storage/dd_format.h"
#include "storage/storage_context.h"
#include "sysinfo/basic.h"

namespace hostmark::storage {
namespace {

namespace fs = std::filesystem;

std::uint64_t to_u64(const std::string& s) { return std::strtoull(s.c_str(), nullptr, 10); }

// The printable ASCII of a sysfs text (binary VPD pages carry a 4-byte header and padding).
std::string printable(const std::string& raw) {
  std::string out;
  for (char c : raw) {
    if (c >= 0x20 && c < 0x7f) out.push_back(c);
  }
  const auto b = out.find_first_not_of(' ');
  const auto e = out.find_last_not_of(' ');
  return b == std::string::npos ? "" : out.substr(b, e - b + 1);
}

std::string first_of(const std::vector<std::string>& paths) {
  for (const auto& p : paths) {
    std::string raw = sysinfo::read_text_file(p);
    // vpd_pg80 is the raw Unit Serial Number page: 00 80 00 <len>, then the serial.
    if (p.size() >= 9 && p.compare(p.size() - 9, 9, "/vpd_pg80") == 0)
      raw = raw.size() > 4 ? raw.substr(4) : "";
    std::string v = printable(raw);
    if (!v.empty()) return v;
  }
  return "";
}

std::string driver_label(const StorageTarget& t) {
  if (!t.driver.empty()) return t.driver;
  if (t.disk.rfind("loop", 0) == 0) return "loop";
  return "unknown driver";
}

// Drivers that never pass ATA or NVMe admin commands through.
bool no_passthrough(const std::string& driver) {
  for (const char* d : {"loop", "virtio_blk", "xen_blkfront", "vbd", "zram", "brd", "nbd", "rbd",
                        "device-mapper", "md"}) {
    if (driver == d) return true;
  }
  return false;
}

void query_pages(DeviceIdentity& id) {
  if (no_passthrough(driver_label(id.target))) {
    id.ata_status = id.nvme_status =
        "not available on this device (" + driver_label(id.target) + ")";
    return;
  }
  const int fd = ::open(id.node.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    const std::string why =
        fmt::format("cannot open {}: {}", id.node, std::generic_category().message(errno));
    id.ata_status = id.nvme_status = why;
    return;
  }
  const std::string na = "not available on this device (" + driver_label(id.target) + ")";
  const bool nvme = id.target.driver == "nvme" || id.target.disk.rfind("nvme", 0) == 0;
  if (nvme) {
    id.ata_status = na;
    auto page = query_nvme_identify(fd);
    if (page) id.nvme = parse_nvme_identify(page.value());
    if (!id.nvme) id.nvme_status = page ? "unreadable identify page" : page.error().why;
  } else {
    id.nvme_status = na;
    auto page = query_ata_identify(fd);
    if (page) id.ata = parse_ata_identify(page.value());
    if (!id.ata) id.ata_status = page ? "not an ATA device (" + driver_label(id.target) + ")" : na;
  }
  ::close(fd);
}

std::string yes_no(bool b) { return b ? "yes" : "no"; }

std::string identify_size_text(std::uint64_t bytes) {
  return fmt::format("{} bytes ({}, {})", bytes, dd_human_size(bytes, true),
                     dd_human_size(bytes, false));
}

void line(std::ostream& out, const std::string& label, const std::string& value) {
  out << fmt::format(" {:<20}{}\n", label + ":", value.empty() ? "-" : value);
}

}  // namespace

std::vector<Partition> read_partitions(const std::string& disk, const std::string& sys_block_dir) {
  std::vector<Partition> parts;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(sys_block_dir + "/" + disk, ec)) {
    const std::string dir = e.path().string();
    if (!fs::exists(dir + "/partition", ec)) continue;
    Partition p;
    p.name = e.path().filename().string();
    p.start_sector = to_u64(sysinfo::read_trimmed_file(dir + "/start"));
    p.size_bytes = to_u64(sysinfo::read_trimmed_file(dir + "/size")) * 512;
    parts.push_back(p);
  }
  std::sort(parts.begin(), parts.end(),
            [](const Partition& a, const Partition& b) { return a.start_sector < b.start_sector; });
  return parts;
}

Expected<DeviceIdentity> identify_device(const std::string& path) {
  auto under = describe_storage(path);
  if (!under) return under.error();
  if (under->disk.empty()) {
    return usage_error(path, fmt::format("no block device underneath ({}): nothing to identify",
                                         under->fs_type.empty() ? "unknown" : under->fs_type));
  }
  DeviceIdentity id;
  id.node = "/dev/" + under->disk;
  auto disk = describe_storage(id.node);
  id.target = disk ? disk.value() : under.value();
  id.target.path = id.node;
  const std::string sys = "/sys/block/" + under->disk;
  id.serial = first_of({sys + "/serial", sys + "/device/serial", sys + "/device/vpd_pg80"});
  id.firmware = first_of({sys + "/device/firmware_rev", sys + "/device/rev"});
  id.partitions = read_partitions(under->disk);
  query_pages(id);
  return id;
}

void write_identity_text(const DeviceIdentity& id, std::ostream& out) {
  const StorageTarget& t = id.target;
  out << "\n" << id.node << ":\n";
  line(out, "Model", t.model);
  line(out, "Vendor", t.vendor);
  line(out, "Serial", id.serial);
  line(out, "Firmware", id.firmware);
  line(out, "Driver", driver_label(t) + (t.virtual_disk ? " (virtual disk)" : ""));
  if (!t.backing_file.empty()) line(out, "Backing file", t.backing_file);
  line(out, "Size", identify_size_text(t.disk_size_bytes));
  line(out, "Sector size",
       fmt::format("{} bytes logical, {} bytes physical", t.logical_sector_bytes,
                   t.physical_sector_bytes));
  line(out, "Rotational",
       !t.rotational ? "no (solid state)"
       : t.virtual_disk || !t.backing_file.empty()
           ? "yes, as the kernel reports it (a virtual device: unknown media)"
           : "yes (spinning disk)");
  line(out, "Queue",
       fmt::format("nr_requests {}, scheduler {}", t.queue_depth,
                   t.scheduler.empty() ? "-" : t.scheduler));
  line(out, "Write cache", t.write_cache);
  if (id.partitions.empty()) line(out, "Partitions", "none");
  for (const auto& p : id.partitions) {
    line(out, "Partition " + p.name,
         fmt::format("start sector {}, {}", p.start_sector, format_bytes_binary(p.size_bytes)));
  }
  if (id.ata) {
    const AtaIdentity& a = *id.ata;
    line(out, "ATA model", a.model);
    line(out, "ATA serial", a.serial);
    line(out, "ATA firmware", a.firmware);
    line(out, "ATA capacity",
         fmt::format("{} sectors of {} bytes ({} physical)", a.sectors, a.logical_sector_bytes,
                     a.physical_sector_bytes));
    line(out, "ATA write cache",
         a.write_cache_supported
             ? (a.write_cache_enabled ? "supported, enabled" : "supported, disabled")
             : "not supported");
    line(out, "ATA TRIM", yes_no(a.trim_supported));
    line(out, "ATA NCQ", a.ncq_supported ? fmt::format("yes, depth {}", a.ncq_depth) : "no");
    line(out, "ATA rotation",
         a.rotation_rpm == 1   ? "non-rotating (SSD)"
         : a.rotation_rpm == 0 ? "not reported"
                               : fmt::format("{} rpm", a.rotation_rpm));
  } else {
    line(out, "ATA IDENTIFY", id.ata_status);
  }
  if (id.nvme) {
    const NvmeIdentity& n = *id.nvme;
    line(out, "NVMe model", n.model);
    line(out, "NVMe serial", n.serial);
    line(out, "NVMe firmware", n.firmware);
    line(out, "NVMe namespaces", std::to_string(n.namespaces));
    line(out, "NVMe write cache", n.volatile_write_cache ? "volatile write cache present" : "none");
    line(out, "NVMe TRIM", yes_no(n.dataset_management));
  } else {
    line(out, "NVMe identify", id.nvme_status);
  }
}

}  // namespace hostmark::storage
