#pragma once
// ATA IDENTIFY DEVICE (command 0xEC): the 512-byte page a SATA/PATA disk describes itself with,
// what `hdparm -I` prints. The parser is pure; the query is one read-only SG_IO ioctl.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "core/error.h"

namespace hostmark::storage {

struct AtaIdentity {
  std::string model;          // words 27-46, trimmed
  std::string serial;         // words 10-19, trimmed
  std::string firmware;       // words 23-26, trimmed
  std::uint64_t sectors = 0;  // addressable logical sectors (LBA48 words 100-103, else 60-61)
  std::uint32_t logical_sector_bytes = 512;   // words 117-118 when word 106 says so
  std::uint32_t physical_sector_bytes = 512;  // logical << word 106 bits 3:0
  bool write_cache_supported = false;         // word 82 bit 5
  bool write_cache_enabled = false;           // word 85 bit 5
  bool trim_supported = false;                // word 169 bit 0 (DATA SET MANAGEMENT TRIM)
  bool ncq_supported = false;                 // word 76 bit 8
  unsigned ncq_depth = 0;                     // word 75 bits 4:0, plus one (when NCQ is supported)
  unsigned rotation_rpm = 0;  // word 217: 0 not reported, 1 non-rotating (SSD), else rpm
};

// Parses an IDENTIFY DEVICE page as the device returned it (little-endian 16-bit words; strings
// with the two bytes of each word swapped). nullopt when it is not an ATA page: word 0 bit 15
// set (ATAPI), all zeros, or word 255 carries the 0xA5 signature and the checksum (sum of all
// 512 bytes) is not 0 mod 256.
std::optional<AtaIdentity> parse_ata_identify(std::span<const std::uint8_t, 512> page);

// Sends IDENTIFY DEVICE through SG_IO ATA PASS-THROUGH (16) (PIO data-in, read-only) to an open
// block device. run_error("ATA IDENTIFY", why) when the device or driver does not take it
// (loop, virtio_blk, NVMe, no root).
Expected<std::array<std::uint8_t, 512>> query_ata_identify(int fd);

}  // namespace hostmark::storage
