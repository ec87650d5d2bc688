#pragma once
// NVMe IDENTIFY CONTROLLER (admin opcode 0x06, CNS 1): the 4096-byte page an NVMe controller
// describes itself with. The parser is pure; the query is one read-only admin ioctl.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "core/error.h"

namespace hostmark::storage {

inline constexpr std::size_t kNvmeIdentifyBytes = 4096;

struct NvmeIdentity {
  std::uint16_t pci_vendor = 0;          // bytes 0-1 (VID)
  std::string serial;                    // bytes 4-23 (SN), trimmed
  std::string model;                     // bytes 24-63 (MN), trimmed
  std::string firmware;                  // bytes 64-71 (FR), trimmed
  std::uint32_t namespaces = 0;          // bytes 516-519 (NN)
  bool volatile_write_cache = false;     // byte 525 (VWC) bit 0
  bool dataset_management = false;       // bytes 520-521 (ONCS) bit 2: deallocate (TRIM)
  bool write_zeroes = false;             // ONCS bit 3
  unsigned max_transfer_pages_log2 = 0;  // byte 77 (MDTS), 0 = no limit
};

// nullopt when the page is all zeros or has neither a model nor a serial.
std::optional<NvmeIdentity> parse_nvme_identify(std::span<const std::uint8_t> page);

// Sends IDENTIFY CONTROLLER through NVME_IOCTL_ADMIN_CMD to an open NVMe block or character
// device. run_error("NVMe identify", why) when the device is not NVMe or refuses (no root).
Expected<std::array<std::uint8_t, kNvmeIdentifyBytes>> query_nvme_identify(int fd);

}  // namespace hostmark::storage
