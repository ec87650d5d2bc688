#pragma once
// Main memory: sizes from /proc/meminfo, and the DIMM type and speed from the SMBIOS type 17
// tables (/sys/firmware/dmi/entries/17-*/raw) when they are readable, which usually needs root.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace hostmark::sysinfo {

struct MeminfoSizes {
  std::uint64_t total_bytes = 0;          // MemTotal
  std::uint64_t available_bytes = 0;      // MemAvailable (0 on kernels older than 3.14)
  std::uint64_t swap_total_bytes = 0;     // SwapTotal
  std::uint64_t swap_free_bytes = 0;      // SwapFree
  std::uint64_t hugepage_size_bytes = 0;  // Hugepagesize (the default huge page size)
  std::uint64_t hugepages_total = 0;      // HugePages_Total (a count of pages, not bytes)
};

// Parses /proc/meminfo text ("MemTotal:       24683548 kB"); fields not present stay 0.
MeminfoSizes parse_meminfo(std::string_view text);

// One SMBIOS type 17 (Memory Device) structure.
struct DimmInfo {
  std::uint64_t size_bytes = 0;            // 0 when the slot is empty or the size is unknown
  std::string type;                        // "DDR4", "DDR5", "LPDDR5", ...; "" when unknown
  std::uint32_t speed_mts = 0;             // rated speed in MT/s; 0 when unknown
  std::uint32_t configured_speed_mts = 0;  // speed the module runs at, MT/s; 0 when unknown
};

// Decodes a raw type 17 structure (formatted area and strings as in the DMI raw file).
// std::nullopt when it is not a type 17 structure or too short to hold the memory type.
std::optional<DimmInfo> parse_smbios_memory_device(std::span<const std::uint8_t> raw);

// SMBIOS "Memory Type" byte -> name: 0x1A -> "DDR4", 0x22 -> "DDR5"; "" for unknown values.
std::string smbios_memory_type_name(std::uint8_t code);

struct MemoryInfo {
  MeminfoSizes sizes;
  int populated_dimms = 0;      // type 17 entries with a non-zero size
  std::string type;             // "DDR4", or several joined by "/"; "" when unknown
  std::uint32_t speed_mts = 0;  // slowest configured (else rated) speed of populated DIMMs, MT/s
  // Why type and speed are unknown: "needs root", "no DMI memory device tables" or "" (known).
  std::string unknown_reason;
};

// Reads /proc/meminfo and, when readable, the DMI type 17 entries. Never fails.
MemoryInfo memory_info();

}  // namespace hostmark::sysinfo
