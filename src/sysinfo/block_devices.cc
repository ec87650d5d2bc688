#include "sysinfo/block_devices.h"

#include <sys/sysmacros.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <system_error>

#include "sysinfo/basic.h"
#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

std::uint64_t read_u64(const std::string& path) {
  const std::string s = read_trimmed_file(path);
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size() ? v : 0;
}

bool starts_with_then_digits(std::string_view name, std::string_view prefix) {
  if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) return false;
  return std::all_of(name.begin() + static_cast<std::ptrdiff_t>(prefix.size()), name.end(),
                     [](char c) { return c >= '0' && c <= '9'; });
}

// Natural order of device names: "loop2" < "loop10" < "nvme0n1" < "sda".
bool natural_less(std::string_view a, std::string_view b) {
  const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (is_digit(a[i]) && is_digit(b[j])) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && is_digit(a[ie])) ++ie;
      while (je < b.size() && is_digit(b[je])) ++je;
      const auto na = a.substr(i, ie - i), nb = b.substr(j, je - j);
      if (na.size() != nb.size()) return na.size() < nb.size();
      if (na != nb) return na < nb;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// Name of the driver bound to the device behind dir/device ("" when there is none).
std::string driver_of(const std::filesystem::path& dir) {
  std::error_code ec;
  const auto target = std::filesystem::read_symlink(dir / "device" / "driver", ec);
  if (!ec) return target.filename().string();
  // NVMe namespaces: device -> the controller, whose driver link sits one level up.
  const auto up = std::filesystem::read_symlink(dir / "device" / "device" / "driver", ec);
  return ec ? "" : up.filename().string();
}

BlockDevice read_device(const std::filesystem::path& dir, const std::string& name) {
  const std::string d = dir.string() + "/";
  BlockDevice b;
  b.name = name;
  b.model = read_trimmed_file(d + "device/model");
  b.vendor = read_trimmed_file(d + "device/vendor");
  b.driver = driver_of(dir);
  b.size_bytes = read_u64(d + "size") * 512;
  b.logical_sector_bytes = static_cast<std::uint32_t>(read_u64(d + "queue/logical_block_size"));
  b.physical_sector_bytes = static_cast<std::uint32_t>(read_u64(d + "queue/physical_block_size"));
  b.rotational = read_u64(d + "queue/rotational") == 1;
  b.removable = read_u64(d + "removable") == 1;
  b.read_only = read_u64(d + "ro") == 1;
  b.scheduler = parse_scheduler(read_text_file(d + "queue/scheduler"));
  b.is_virtual = is_virtual_block_device_name(name);
  b.backing_file = read_trimmed_file(d + "loop/backing_file");
  return b;
}

}  // namespace

std::string parse_scheduler(std::string_view text) {
  const auto open = text.find('[');
  if (open != std::string_view::npos) {
    const auto close = text.find(']', open);
    if (close == std::string_view::npos) return "";
    return std::string(trim(text.substr(open + 1, close - open - 1)));
  }
  const std::string_view word = trim(text);
  return word.find_first_of(kSpace) == std::string_view::npos ? std::string(word) : "";
}

bool is_virtual_block_device_name(std::string_view name) {
  return starts_with_then_digits(name, "loop") || starts_with_then_digits(name, "zram") ||
         starts_with_then_digits(name, "ram");
}

std::optional<BlockDevice> read_block_device(const std::string& name,
                                             const std::string& sys_block_dir) {
  const std::filesystem::path dir = std::filesystem::path(sys_block_dir) / name;
  std::error_code ec;
  if (name.empty() || name.find('/') != std::string::npos ||
      !std::filesystem::is_directory(dir, ec))
    return std::nullopt;
  return read_device(dir, name);
}

BlockDeviceScan scan_block_devices(const std::string& sys_block_dir) {
  BlockDeviceScan scan;
  std::error_code ec;
  std::filesystem::directory_iterator it(sys_block_dir, ec);
  if (ec) {
    scan.error = sys_block_dir + ": " + ec.message();
    return scan;
  }
  for (const auto& entry : it) {
    const std::string name = entry.path().filename().string();
    BlockDevice dev = read_device(entry.path(), name);
    if (starts_with_then_digits(name, "loop") && dev.backing_file.empty()) {
      scan.unbacked_loop_devices.push_back(name);
    } else {
      scan.devices.push_back(std::move(dev));
    }
  }
  std::sort(
      scan.devices.begin(), scan.devices.end(),
      [](const BlockDevice& a, const BlockDevice& b) { return natural_less(a.name, b.name); });
  std::sort(scan.unbacked_loop_devices.begin(), scan.unbacked_loop_devices.end(), natural_less);
  return scan;
}

std::string block_device_name(dev_t dev) {
  if (major(dev) == 0) return "";
  std::error_code ec;
  const auto target = std::filesystem::read_symlink(
      "/sys/dev/block/" + std::to_string(major(dev)) + ":" + std::to_string(minor(dev)), ec);
  return ec ? "" : target.filename().string();
}

std::string whole_disk_name(const std::string& name) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path dir = fs::path("/sys/class/block") / name;
  if (!fs::exists(dir / "partition", ec)) return name;
  const auto real = fs::canonical(dir, ec);
  return ec ? name : real.parent_path().filename().string();
}

}  // namespace hostmark::sysinfo
