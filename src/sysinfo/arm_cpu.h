#pragma once
// Naming ARM cores from /proc/cpuinfo. An arm64 kernel writes no "model name" or "vendor_id",
// only the MIDR fields "CPU implementer" (0x41 = Arm Ltd) and "CPU part" (0xd08 = Cortex-A72),
// and on a Raspberry Pi a "Hardware" line (BCM2835, the same on every Pi) and a "Model" line
// (the board). Pure functions over the text, so tests feed a real Pi's cpuinfo.
#include <string>
#include <string_view>

namespace hostmark::sysinfo {

// The implementer's name for a MIDR implementer code: 0x41 -> "ARM", 0x42 -> "Broadcom",
// 0x51 -> "Qualcomm", 0x61 -> "Apple", 0xc0 -> "Ampere"; "" for codes not in the table.
std::string_view arm_implementer_name(unsigned implementer);

// The core's name for a MIDR implementer and part: (0x41, 0xd03) -> "Cortex-A53" (Pi 3, Zero 2),
// (0x41, 0xd08) -> "Cortex-A72" (Pi 4, 400), (0x41, 0xd0b) -> "Cortex-A76" (Pi 5),
// (0x41, 0xd0c) -> "Neoverse-N1"; "" for pairs not in the table.
std::string_view arm_part_name(unsigned implementer, unsigned part);

// The CPU model a person would name, from /proc/cpuinfo text: "model name" when there is one
// (x86, 32-bit ARM kernels); else the core named from "CPU implementer" and "CPU part"
// ("Cortex-A72"), or "<vendor> part 0xd99" for a part not in the table; else "Hardware",
// "cpu model" (MIPS) or "" when none of these is there.
std::string cpu_model_from_cpuinfo(std::string_view cpuinfo);

// The CPU vendor from /proc/cpuinfo text: "vendor_id" (x86: "GenuineIntel"), else the ARM
// implementer's name ("ARM", or "implementer 0x4d" when not in the table); "" when neither.
std::string cpu_vendor_from_cpuinfo(std::string_view cpuinfo);

// The board a person would name: the device tree's model (its text up to the first NUL, e.g.
// "Raspberry Pi 4 Model B Rev 1.4") when `devicetree_model` is not empty, else the "Model" line
// of the cpuinfo text (Raspberry Pi kernels write it); "" when neither says.
std::string board_model(std::string_view devicetree_model, std::string_view cpuinfo);

}  // namespace hostmark::sysinfo
