#include "storage/nvme_identify.h"

#include <fmt/format.h>
#include <linux/nvme_ioctl.h>
#include <sys/ioctl.h>

#include <cerrno>
#include <cstdint>
#include <system_error>

namespace hostmark::storage {
namespace {

std::string ascii_field(std::span<const std::uint8_t> p, std::size_t first, std::size_t len) {
  std::string s;
  for (std::size_t i = first; i < first + len; ++i) {
    const auto c = p[i];
    s += (c < 0x20 || c > 0x7e) ? ' ' : static_cast<char>(c);
  }
  const auto b = s.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(' ') - b + 1);
}

}  // namespace

std::optional<NvmeIdentity> parse_nvme_identify(std::span<const std::uint8_t> p) {
  if (p.size() < kNvmeIdentifyBytes) return std::nullopt;
  NvmeIdentity id;
  id.pci_vendor = static_cast<std::uint16_t>(p[0] | (p[1] << 8));
  id.serial = ascii_field(p, 4, 20);
  id.model = ascii_field(p, 24, 40);
  id.firmware = ascii_field(p, 64, 8);
  if (id.serial.empty() && id.model.empty()) return std::nullopt;
  id.max_transfer_pages_log2 = p[77];
  id.namespaces = static_cast<std::uint32_t>(p[516] | (p[517] << 8) | (p[518] << 16) |
                                             (static_cast<std::uint32_t>(p[519]) << 24));
  const unsigned oncs = p[520] | (p[521] << 8);
  id.dataset_management = (oncs & (1u << 2)) != 0;
  id.write_zeroes = (oncs & (1u << 3)) != 0;
  id.volatile_write_cache = (p[525] & 1u) != 0;
  return id;
}

Expected<std::array<std::uint8_t, kNvmeIdentifyBytes>> query_nvme_identify(int fd) {
  std::array<std::uint8_t, kNvmeIdentifyBytes> page{};
  nvme_admin_cmd cmd{};
  cmd.opcode = 0x06;  // IDENTIFY
  cmd.nsid = 0;
  cmd.addr = reinterpret_cast<std::uintptr_t>(page.data());
  cmd.data_len = static_cast<std::uint32_t>(page.size());
  cmd.cdw10 = 1;  // CNS 1: the controller
  cmd.timeout_ms = 15000;
  const int rc = ::ioctl(fd, NVME_IOCTL_ADMIN_CMD, &cmd);
  if (rc < 0) {
    return run_error("NVMe identify", fmt::format("NVME_IOCTL_ADMIN_CMD: {}",
                                                  std::generic_category().message(errno)));
  }
  if (rc > 0) return run_error("NVMe identify", fmt::format("NVMe status {:#x}", rc));
  return page;
}

}  // namespace hostmark::storage
