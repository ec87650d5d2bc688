#pragma once
// The board under the CPU, as single-board computers (Raspberry Pi 3/4/5) report it: its model,
// its temperatures, and whether the firmware has cut the clock (under-voltage, heat). Figures
// measured while throttled are not the board's figures, so `hostmark info` shows these. Read
// without root from an injectable /proc and /sys root (tests build a fake tree); never writes.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hostmark::sysinfo {

// One /sys/class/thermal/thermal_zoneN with a readable temperature.
struct ThermalZone {
  std::string zone;  // "thermal_zone0"
  std::string type;  // its type file: "cpu-thermal" (Pi), "x86_pkg_temp", "acpitz"; "" unknown
  double celsius = 0;
};

// The Raspberry Pi firmware's throttling word (vcgencmd get_throttled): bits 0-3 say what holds
// now, bits 16-19 what has happened since boot.
struct Throttling {
  std::uint32_t bits = 0;
  bool under_voltage_now = false;            // bit 0
  bool frequency_capped_now = false;         // bit 1: ARM clock capped
  bool throttled_now = false;                // bit 2
  bool soft_temp_limit_now = false;          // bit 3: soft temperature limit (60 C by default)
  bool under_voltage_since_boot = false;     // bit 16
  bool frequency_capped_since_boot = false;  // bit 17
  bool throttled_since_boot = false;         // bit 18
  bool soft_temp_limit_since_boot = false;   // bit 19
  std::string source;                        // "firmware sysfs" (get_throttled file) or "vcgencmd"
};

struct BoardInfo {
  std::string model;  // board_model(): "Raspberry Pi 4 Model B Rev 1.4"; "" when not said
  std::vector<ThermalZone> thermal_zones;  // in zone order; empty when none reports
  std::optional<Throttling> throttling;    // std::nullopt when neither source is there
};

// The throttling word from `vcgencmd get_throttled` output ("throttled=0x50005\n") or the
// firmware's sysfs file ("50005\n" or "0x50005"); std::nullopt when it is not a hex number.
// `source` is copied into the result.
std::optional<Throttling> parse_throttled(std::string_view text, std::string_view source);

// The conditions of `t` in words, now first, e.g. for 0x50005 {"under-voltage now",
// "throttled now", "under-voltage since boot", "throttled since boot"}; {} for 0.
std::vector<std::string> throttling_conditions(const Throttling& t);

// A thermal zone temp file in millidegrees Celsius ("45277\n") -> 45.277; std::nullopt when it is
// not a whole number (some zones fail their read with EINVAL until a sensor is up).
std::optional<double> parse_millicelsius(std::string_view text);

// Where the collector reads: "/proc" and "/sys" on a live host, a temp tree in tests.
struct SysRoots {
  std::string proc = "/proc";
  std::string sys = "/sys";
};

// Reads the board's model (/sys/firmware/devicetree/base/model, else cpuinfo's "Model"), its
// thermal zones, and its throttling word (<sys>/devices/platform/soc/soc:firmware/get_throttled;
// else `vcgencmd get_throttled` when `run_vcgencmd` and vcgencmd is on the PATH). Never fails:
// what is not there is left empty.
BoardInfo collect_board_info(const SysRoots& roots = {}, bool run_vcgencmd = true);

}  // namespace hostmark::sysinfo
