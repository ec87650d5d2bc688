#include "sysinfo/arm_cpu.h"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <optional>

#include "sysinfo/text.h"

namespace hostmark::sysinfo {
namespace {

struct Named {
  unsigned code;
  std::string_view name;
};

// Linux's arch/arm64/include/asm/cputype.h and util-linux lscpu-arm.c: the implementers and
// the cores of the single-board computers and servers people run hostmark on.
constexpr std::array<Named, 9> kImplementers = {{{0x41, "ARM"},
                                                 {0x42, "Broadcom"},
                                                 {0x43, "Cavium"},
                                                 {0x48, "HiSilicon"},
                                                 {0x4e, "NVIDIA"},
                                                 {0x50, "APM"},
                                                 {0x51, "Qualcomm"},
                                                 {0x61, "Apple"},
                                                 {0xc0, "Ampere"}}};

constexpr std::array<Named, 24> kArmParts = {
    {{0xd03, "Cortex-A53"},  {0xd04, "Cortex-A35"},   {0xd05, "Cortex-A55"},
     {0xd07, "Cortex-A57"},  {0xd08, "Cortex-A72"},   {0xd09, "Cortex-A73"},
     {0xd0a, "Cortex-A75"},  {0xd0b, "Cortex-A76"},   {0xd0c, "Neoverse-N1"},
     {0xd0d, "Cortex-A77"},  {0xd0e, "Cortex-A76AE"}, {0xd40, "Neoverse-V1"},
     {0xd41, "Cortex-A78"},  {0xd44, "Cortex-X1"},    {0xd46, "Cortex-A510"},
     {0xd47, "Cortex-A710"}, {0xd48, "Cortex-X2"},    {0xd49, "Neoverse-N2"},
     {0xd4b, "Cortex-A78C"}, {0xd4f, "Neoverse-V2"},  {0xd80, "Cortex-A520"},
     {0xd81, "Cortex-A720"}, {0xd82, "Cortex-X4"},    {0xd8e, "Neoverse-N3"}}};

template <std::size_t N>
std::string_view lookup(const std::array<Named, N>& table, unsigned code) {
  for (const auto& n : table) {
    if (n.code == code) return n.name;
  }
  return "";
}

// "0x41" -> 0x41; std::nullopt when the text is not a hex number with its 0x.
std::optional<unsigned> parse_hex(std::string_view text) {
  if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return std::nullopt;
  unsigned v = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data() + 2, end, v, 16);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return v;
}

}  // namespace

std::string_view arm_implementer_name(unsigned implementer) {
  return lookup(kImplementers, implementer);
}

std::string_view arm_part_name(unsigned implementer, unsigned part) {
  return implementer == 0x41 ? lookup(kArmParts, part) : "";
}

std::string cpu_model_from_cpuinfo(std::string_view cpuinfo) {
  if (std::string v = first_field(cpuinfo, "model name"); !v.empty()) return v;
  const auto implementer = parse_hex(first_field(cpuinfo, "CPU implementer"));
  const auto part = parse_hex(first_field(cpuinfo, "CPU part"));
  if (implementer && part) {
    const std::string_view core = arm_part_name(*implementer, *part);
    if (!core.empty()) return std::string(core);
    return fmt::format("{} part {:#x}", cpu_vendor_from_cpuinfo(cpuinfo), *part);
  }
  for (const char* key : {"Hardware", "cpu model"}) {
    if (std::string v = first_field(cpuinfo, key); !v.empty()) return v;
  }
  return "";
}

std::string cpu_vendor_from_cpuinfo(std::string_view cpuinfo) {
  if (std::string v = first_field(cpuinfo, "vendor_id"); !v.empty()) return v;
  const auto implementer = parse_hex(first_field(cpuinfo, "CPU implementer"));
  if (!implementer) return "";
  const std::string_view name = arm_implementer_name(*implementer);
  return name.empty() ? fmt::format("implementer {:#x}", *implementer) : std::string(name);
}

std::string board_model(std::string_view devicetree_model, std::string_view cpuinfo) {
  const std::string_view dt = trim(devicetree_model.substr(0, devicetree_model.find('\0')));
  if (!dt.empty()) return std::string(dt);
  return first_field(cpuinfo, "Model");
}

}  // namespace hostmark::sysinfo
