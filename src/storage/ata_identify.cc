#include "storage/ata_identify.h"

#include <fmt/format.h>
#include <scsi/sg.h>
#include <sys/ioctl.h>

#include <cerrno>
#include <system_error>

namespace hostmark::storage {
namespace {

std::uint16_t word(std::span<const std::uint8_t, 512> p, int w) {
  return static_cast<std::uint16_t>(p[2 * w] | (p[2 * w + 1] << 8));
}

// ATA strings hold two characters per word, the first in the high byte.
std::string ata_string(std::span<const std::uint8_t, 512> p, int first_word, int words) {
  std::string s;
  for (int w = first_word; w < first_word + words; ++w) {
    s += static_cast<char>(p[2 * w + 1]);
    s += static_cast<char>(p[2 * w]);
  }
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = ' ';
  const auto b = s.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(' ') - b + 1);
}

}  // namespace

std::optional<AtaIdentity> parse_ata_identify(std::span<const std::uint8_t, 512> p) {
  bool any = false;
  for (auto b : p) any = any || b != 0;
  if (!any || (word(p, 0) & 0x8000) != 0) return std::nullopt;
  if ((word(p, 255) & 0xff) == 0xa5) {
    unsigned sum = 0;
    for (auto b : p) sum += b;
    if ((sum & 0xff) != 0) return std::nullopt;
  }
  AtaIdentity id;
  id.serial = ata_string(p, 10, 10);
  id.firmware = ata_string(p, 23, 4);
  id.model = ata_string(p, 27, 20);
  const bool lba48 = (word(p, 83) & (1u << 10)) != 0;
  if (lba48) {
    for (int i = 3; i >= 0; --i) id.sectors = (id.sectors << 16) | word(p, 100 + i);
  }
  if (id.sectors == 0) id.sectors = (std::uint64_t{word(p, 61)} << 16) | word(p, 60);
  const std::uint16_t w106 = word(p, 106);
  if ((w106 & 0xc000) == 0x4000) {  // word 106 is valid
    if ((w106 & (1u << 12)) != 0) {
      const std::uint32_t words = (std::uint32_t{word(p, 118)} << 16) | word(p, 117);
      if (words != 0) id.logical_sector_bytes = 2 * words;
    }
    id.physical_sector_bytes = id.logical_sector_bytes;
    if ((w106 & (1u << 13)) != 0) id.physical_sector_bytes <<= (w106 & 0xf);
  }
  id.write_cache_supported = (word(p, 82) & (1u << 5)) != 0;
  id.write_cache_enabled = (word(p, 85) & (1u << 5)) != 0;
  id.trim_supported = (word(p, 169) & 1u) != 0;
  id.ncq_supported = (word(p, 76) & (1u << 8)) != 0;
  if (id.ncq_supported) id.ncq_depth = (word(p, 75) & 0x1f) + 1u;
  id.rotation_rpm = word(p, 217) == 0xffff ? 0 : word(p, 217);
  return id;
}

Expected<std::array<std::uint8_t, 512>> query_ata_identify(int fd) {
  std::array<std::uint8_t, 512> page{};
  unsigned char cdb[16] = {};
  cdb[0] = 0x85;    // ATA PASS-THROUGH (16)
  cdb[1] = 4 << 1;  // protocol 4: PIO data-in
  cdb[2] = 0x0e;    // T_DIR from device, BYT_BLOK blocks, T_LENGTH in the sector count field
  cdb[6] = 1;       // one 512-byte sector
  cdb[13] = 0x40;   // device: LBA
  cdb[14] = 0xec;   // IDENTIFY DEVICE
  unsigned char sense[32] = {};
  sg_io_hdr_t io{};
  io.interface_id = 'S';
  io.dxfer_direction = SG_DXFER_FROM_DEV;
  io.cmd_len = sizeof cdb;
  io.cmdp = cdb;
  io.mx_sb_len = sizeof sense;
  io.sbp = sense;
  io.dxfer_len = page.size();
  io.dxferp = page.data();
  io.timeout = 15000;  // ms
  if (::ioctl(fd, SG_IO, &io) != 0) {
    return run_error("ATA IDENTIFY",
                     fmt::format("SG_IO: {}", std::generic_category().message(errno)));
  }
  if (io.status != 0 || io.host_status != 0 || (io.driver_status & 0x0f) != 0) {
    return run_error("ATA IDENTIFY",
                     fmt::format("the device refused it (status {:#x}, host {:#x}, driver {:#x})",
                                 io.status, io.host_status, io.driver_status));
  }
  return page;
}

}  // namespace hostmark::storage
