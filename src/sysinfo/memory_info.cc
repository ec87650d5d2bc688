#include "sysinfo/memory_info.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <set>
#include <system_error>
#include <vector>

#include "sysinfo/basic.h"
#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

// "24683548 kB" -> bytes; "0" -> 0 (counts have no unit and are returned as is).
std::uint64_t meminfo_value(std::string_view v) {
  v = trim(v);
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc()) return 0;
  const std::string_view unit = trim(v.substr(static_cast<std::size_t>(end - v.data())));
  return unit == "kB" ? n * 1024 : n;
}

std::uint16_t word_at(std::span<const std::uint8_t> r, std::size_t off) {
  return static_cast<std::uint16_t>(r[off] | (r[off + 1] << 8));
}

std::uint32_t dword_at(std::span<const std::uint8_t> r, std::size_t off) {
  return static_cast<std::uint32_t>(r[off]) | (static_cast<std::uint32_t>(r[off + 1]) << 8) |
         (static_cast<std::uint32_t>(r[off + 2]) << 16) |
         (static_cast<std::uint32_t>(r[off + 3]) << 24);
}

// A speed word at `off`, or the dword at `ext_off` when the word says "see extended" (0xFFFF).
std::uint32_t speed_at(std::span<const std::uint8_t> r, std::size_t off, std::size_t ext_off) {
  if (off + 2 > r.size()) return 0;
  const std::uint16_t w = word_at(r, off);
  if (w != 0xFFFF) return w;
  return ext_off + 4 <= r.size() ? dword_at(r, ext_off) & 0x7FFFFFFFu : 0;
}

enum class ReadStatus { kOk, kDenied, kMissing };

ReadStatus read_binary(const std::string& path, std::vector<std::uint8_t>& out) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  const auto status_of = [](int err) {
    return err == EACCES || err == EPERM ? ReadStatus::kDenied : ReadStatus::kMissing;
  };
  if (f == nullptr) return status_of(errno);
  std::array<std::uint8_t, 4096> buf{};
  std::size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), f)) > 0) {
    out.insert(out.end(), buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(n));
  }
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  return failed ? status_of(err) : ReadStatus::kOk;
}

}  // namespace

MeminfoSizes parse_meminfo(std::string_view text) {
  MeminfoSizes m;
  for (const std::string_view line : split_lines(text)) {
    std::string_view key, value;
    if (!split_key_value(line, ':', key, value)) continue;
    const std::uint64_t v = meminfo_value(value);
    if (key == "MemTotal") m.total_bytes = v;
    else if (key == "MemAvailable") m.available_bytes = v;
    else if (key == "SwapTotal") m.swap_total_bytes = v;
    else if (key == "SwapFree") m.swap_free_bytes = v;
    else if (key == "Hugepagesize") m.hugepage_size_bytes = v;
    else if (key == "HugePages_Total") m.hugepages_total = v;
  }
  return m;
}

std::string smbios_memory_type_name(std::uint8_t code) {
  switch (code) {
    case 0x03: return "DRAM";
    case 0x07: return "RAM";
    case 0x0F: return "SDRAM";
    case 0x11: return "RDRAM";
    case 0x12: return "DDR";
    case 0x13: return "DDR2";
    case 0x14: return "DDR2 FB-DIMM";
    case 0x18: return "DDR3";
    case 0x19: return "FBD2";
    case 0x1A: return "DDR4";
    case 0x1B: return "LPDDR";
    case 0x1C: return "LPDDR2";
    case 0x1D: return "LPDDR3";
    case 0x1E: return "LPDDR4";
    case 0x1F: return "Logical non-volatile device";
    case 0x20: return "HBM";
    case 0x21: return "HBM2";
    case 0x22: return "DDR5";
    case 0x23: return "LPDDR5";
    case 0x24: return "HBM3";
    default: return "";  // 0x01 Other, 0x02 Unknown, reserved values
  }
}

std::optional<DimmInfo> parse_smbios_memory_device(std::span<const std::uint8_t> raw) {
  // Offsets from the SMBIOS specification (DSP0134), section "Memory Device (Type 17)".
  if (raw.size() < 0x13 || raw[0] != 17) return std::nullopt;
  const auto r = raw.first(std::min<std::size_t>(raw.size(), raw[1]));  // the formatted area
  if (r.size() < 0x13) return std::nullopt;
  DimmInfo d;
  const std::uint16_t size = word_at(r, 0x0C);
  if (size == 0x7FFF && r.size() >= 0x20) {
    d.size_bytes = static_cast<std::uint64_t>(dword_at(r, 0x1C) & 0x7FFFFFFFu) << 20;
  } else if (size != 0xFFFF && size != 0x7FFF) {
    const std::uint64_t units = size & 0x7FFFu;
    d.size_bytes = (size & 0x8000u) ? units << 10 : units << 20;  // KiB or MiB
  }
  d.type = smbios_memory_type_name(r[0x12]);
  d.speed_mts = speed_at(r, 0x15, 0x54);
  d.configured_speed_mts = speed_at(r, 0x20, 0x58);
  return d;
}

MemoryInfo memory_info() {
  MemoryInfo info;
  info.sizes = parse_meminfo(read_text_file("/proc/meminfo"));

  std::error_code ec;
  std::filesystem::directory_iterator it("/sys/firmware/dmi/entries", ec);
  bool denied = false;
  std::set<std::string> types;
  if (!ec) {
    for (const auto& entry : it) {
      if (entry.path().filename().string().rfind("17-", 0) != 0) continue;
      std::vector<std::uint8_t> raw;
      const ReadStatus status = read_binary(entry.path().string() + "/raw", raw);
      if (status == ReadStatus::kDenied) denied = true;
      if (status != ReadStatus::kOk) continue;
      const auto dimm = parse_smbios_memory_device(raw);
      if (!dimm || dimm->size_bytes == 0) continue;  // empty slot
      ++info.populated_dimms;
      if (!dimm->type.empty()) types.insert(dimm->type);
      const std::uint32_t speed =
          dimm->configured_speed_mts != 0 ? dimm->configured_speed_mts : dimm->speed_mts;
      if (speed != 0 && (info.speed_mts == 0 || speed < info.speed_mts)) info.speed_mts = speed;
    }
  }
  for (const auto& t : types) info.type += (info.type.empty() ? "" : "/") + t;
  if (info.type.empty() && info.speed_mts == 0) {
    if (denied) info.unknown_reason = "needs root";
    else if (info.populated_dimms > 0) info.unknown_reason = "not reported by the firmware";
    else info.unknown_reason = "no DMI memory device tables";
  }
  return info;
}

}  // namespace hostmark::sysinfo
