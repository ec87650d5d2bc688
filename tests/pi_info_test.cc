// Raspberry Pi (arm64) facts of `hostmark info`: naming the core from a real Pi 4's /proc/cpuinfo,
// the board model, thermal zones and the firmware's throttling bits, from fake /proc and /sys
// trees in a temp directory; and how the text and JSON show them.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "output/host_info_text.h"
#include "results/host_info_json.h"
#include "scratch_dir.h"
#include "sysinfo/arm_cpu.h"
#include "sysinfo/board.h"
#include "sysinfo/cpu_topology.h"

namespace hostmark::sysinfo {
namespace {

// /proc/cpuinfo of a Raspberry Pi 4 Model B (4 GB, Raspberry Pi OS 64-bit, kernel 6.1); only the
// serial number is changed.
constexpr std::string_view kPi4Cpuinfo =
    "processor\t: 0\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\n"
    "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd08\n"
    "CPU revision\t: 3\n\n"
    "processor\t: 1\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\n"
    "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd08\n"
    "CPU revision\t: 3\n\n"
    "processor\t: 2\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\n"
    "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd08\n"
    "CPU revision\t: 3\n\n"
    "processor\t: 3\nBogoMIPS\t: 108.00\nFeatures\t: fp asimd evtstrm crc32 cpuid\n"
    "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd08\n"
    "CPU revision\t: 3\n\n"
    "Hardware\t: BCM2835\nRevision\t: c03114\nSerial\t\t: 10000000deadbeef\n"
    "Model\t\t: Raspberry Pi 4 Model B Rev 1.4\n";

// A /proc and /sys tree in a scratch directory, removed on destruction.
class FakeRoot {
 public:
  bool ok() const { return !dir_.path().empty(); }
  SysRoots roots() const { return {dir_.file("proc"), dir_.file("sys")}; }
  // Writes `text` to <root>/<rel>, making the folders on the way.
  void write(const std::string& rel, std::string_view text) const {
    const std::filesystem::path path = dir_.file(rel);
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
  }

 private:
  ScratchDir dir_;
};

TEST(ArmCpu, Pi4CpuinfoNamesTheCortexA72) {
  EXPECT_EQ(cpu_model_from_cpuinfo(kPi4Cpuinfo), "Cortex-A72");  // not "BCM2835"
  EXPECT_EQ(cpu_vendor_from_cpuinfo(kPi4Cpuinfo), "ARM");
  const TopologyCounts counts = count_topology(parse_cpuinfo_places(kPi4Cpuinfo));
  EXPECT_EQ(counts.threads, 4);
  EXPECT_EQ(counts.cores, 4);
}

TEST(ArmCpu, PartsOfOtherPisAndUnknownParts) {
  EXPECT_EQ(arm_part_name(0x41, 0xd03), "Cortex-A53");  // Pi 3, Zero 2 W
  EXPECT_EQ(arm_part_name(0x41, 0xd0b), "Cortex-A76");  // Pi 5
  EXPECT_EQ(arm_part_name(0x41, 0xd0c), "Neoverse-N1");
  EXPECT_EQ(arm_part_name(0x51, 0xd08), "");  // part numbers belong to their implementer
  EXPECT_EQ(arm_implementer_name(0x61), "Apple");
  EXPECT_EQ(arm_implementer_name(0x99), "");
  EXPECT_EQ(cpu_model_from_cpuinfo("CPU implementer\t: 0x51\nCPU part\t: 0x800\n"),
            "Qualcomm part 0x800");
  EXPECT_EQ(cpu_model_from_cpuinfo("CPU implementer\t: 0x4d\nCPU part\t: 0x1\n"),
            "implementer 0x4d part 0x1");
  EXPECT_EQ(cpu_vendor_from_cpuinfo("CPU implementer\t: 0x4d\n"), "implementer 0x4d");
}

TEST(ArmCpu, X86AndOtherCpuinfoKeepTheirNames) {
  EXPECT_EQ(cpu_model_from_cpuinfo("vendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R)\n"),
            "Intel(R) Xeon(R)");
  EXPECT_EQ(cpu_vendor_from_cpuinfo("vendor_id\t: GenuineIntel\n"), "GenuineIntel");
  EXPECT_EQ(cpu_model_from_cpuinfo("Hardware\t: BCM2835\nCPU part\t: bogus\n"), "BCM2835");
  EXPECT_EQ(cpu_model_from_cpuinfo(""), "");
  EXPECT_EQ(cpu_vendor_from_cpuinfo(""), "");
}

TEST(Board, DevicetreeModelFirstThenCpuinfoModel) {
  using namespace std::string_literals;
  EXPECT_EQ(board_model("Raspberry Pi 5 Model B Rev 1.0\0"s, kPi4Cpuinfo),
            "Raspberry Pi 5 Model B Rev 1.0");
  EXPECT_EQ(board_model("", kPi4Cpuinfo), "Raspberry Pi 4 Model B Rev 1.4");
  EXPECT_EQ(board_model("", "model name\t: Intel(R) Xeon(R)\n"), "");  // not the "model name"
}

TEST(Throttling, DecodesEveryBitOf0x50005) {
  const auto t = parse_throttled("throttled=0x50005\n", "vcgencmd");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->bits, 0x50005u);
  EXPECT_TRUE(t->under_voltage_now);
  EXPECT_FALSE(t->frequency_capped_now);
  EXPECT_TRUE(t->throttled_now);
  EXPECT_FALSE(t->soft_temp_limit_now);
  EXPECT_TRUE(t->under_voltage_since_boot);
  EXPECT_FALSE(t->frequency_capped_since_boot);
  EXPECT_TRUE(t->throttled_since_boot);
  EXPECT_FALSE(t->soft_temp_limit_since_boot);
  EXPECT_EQ(t->source, "vcgencmd");
  EXPECT_EQ(throttling_conditions(*t),
            (std::vector<std::string>{"under-voltage now", "throttled now",
                                      "under-voltage since boot", "throttled since boot"}));
}

TEST(Throttling, OtherBitsFormsAndGarbage) {
  const auto heat = parse_throttled("0xa000a", "firmware sysfs");
  ASSERT_TRUE(heat);
  EXPECT_EQ(throttling_conditions(*heat),
            (std::vector<std::string>{"frequency capped now", "soft temperature limit now",
                                      "frequency capped since boot",
                                      "soft temperature limit since boot"}));
  const auto sysfs = parse_throttled("50000\n", "firmware sysfs");  // the sysfs file: no 0x
  ASSERT_TRUE(sysfs);
  EXPECT_EQ(sysfs->bits, 0x50000u);
  EXPECT_FALSE(sysfs->under_voltage_now);
  EXPECT_TRUE(sysfs->under_voltage_since_boot);
  const auto none = parse_throttled("throttled=0x0", "vcgencmd");
  ASSERT_TRUE(none);
  EXPECT_TRUE(throttling_conditions(*none).empty());
  EXPECT_FALSE(parse_throttled("", "vcgencmd"));
  EXPECT_FALSE(parse_throttled("error=1 error_msg=\"Command not registered\"", "vcgencmd"));
  EXPECT_FALSE(parse_throttled("throttled=0xzz", "vcgencmd"));
}

TEST(Thermal, MillicelsiusText) {
  EXPECT_EQ(parse_millicelsius("45277\n"), 45.277);
  EXPECT_EQ(parse_millicelsius("-5000"), -5.0);
  EXPECT_FALSE(parse_millicelsius(""));
  EXPECT_FALSE(parse_millicelsius("45.2"));
}

TEST(BoardCollect, FakePi4Tree) {
  FakeRoot root;
  ASSERT_TRUE(root.ok());
  root.write("proc/cpuinfo", kPi4Cpuinfo);
  using namespace std::string_literals;
  root.write("sys/firmware/devicetree/base/model", "Raspberry Pi 4 Model B Rev 1.4\0"s);
  root.write("sys/class/thermal/thermal_zone0/type", "cpu-thermal\n");
  root.write("sys/class/thermal/thermal_zone0/temp", "45277\n");
  root.write("sys/class/thermal/thermal_zone10/type", "pmic\n");
  root.write("sys/class/thermal/thermal_zone10/temp", "51000\n");
  root.write("sys/class/thermal/thermal_zone2/type", "broken\n");
  root.write("sys/class/thermal/thermal_zone2/temp", "");         // the read failed: not a zone
  root.write("sys/class/thermal/thermal_zone1/temp", "39000\n");  // no type file
  root.write("sys/class/thermal/cooling_device0/type", "gpio-fan\n");
  root.write("sys/devices/platform/soc/soc:firmware/get_throttled", "50005\n");

  const BoardInfo b = collect_board_info(root.roots(), false);
  EXPECT_EQ(b.model, "Raspberry Pi 4 Model B Rev 1.4");
  ASSERT_EQ(b.thermal_zones.size(), 3u);
  EXPECT_EQ(b.thermal_zones[0].zone, "thermal_zone0");
  EXPECT_EQ(b.thermal_zones[0].type, "cpu-thermal");
  EXPECT_EQ(b.thermal_zones[0].celsius, 45.277);
  EXPECT_EQ(b.thermal_zones[1].zone, "thermal_zone1");
  EXPECT_EQ(b.thermal_zones[1].type, "");
  EXPECT_EQ(b.thermal_zones[2].zone, "thermal_zone10");  // by number, not by name
  ASSERT_TRUE(b.throttling);
  EXPECT_EQ(b.throttling->bits, 0x50005u);
  EXPECT_EQ(b.throttling->source, "firmware sysfs");
}

TEST(BoardCollect, CpuinfoModelWithoutDevicetree) {
  FakeRoot root;
  ASSERT_TRUE(root.ok());
  root.write("proc/cpuinfo", kPi4Cpuinfo);
  const BoardInfo b = collect_board_info(root.roots(), false);
  EXPECT_EQ(b.model, "Raspberry Pi 4 Model B Rev 1.4");
}

TEST(BoardCollect, EmptyTreeReportsNothing) {
  FakeRoot root;
  ASSERT_TRUE(root.ok());
  const BoardInfo b = collect_board_info(root.roots(), false);
  EXPECT_EQ(b.model, "");
  EXPECT_TRUE(b.thermal_zones.empty());
  EXPECT_FALSE(b.throttling);
}

TEST(BoardCollect, LiveHostNeverFails) {
  // Whatever this host has (an x86 VM often has no thermal zone): only sane values.
  const BoardInfo b = collect_board_info();
  for (const auto& z : b.thermal_zones) {
    EXPECT_GT(z.celsius, -100.0) << z.zone;
    EXPECT_LT(z.celsius, 200.0) << z.zone;
  }
}

BoardInfo pi_board() {
  BoardInfo b;
  b.model = "Raspberry Pi 4 Model B Rev 1.4";
  b.thermal_zones = {{"thermal_zone0", "cpu-thermal", 45.277}};
  b.throttling = parse_throttled("throttled=0x50005", "vcgencmd");
  return b;
}

TEST(BoardOutput, TextShowsModelTemperatureAndThrottling) {
  HostInfo h;
  h.cpu.model = "Cortex-A72";
  h.cpu.vendor = "ARM";
  h.cpu.threads = 4;
  h.board = pi_board();
  std::ostringstream out;
  write_host_info_text(h, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("  Model               Cortex-A72 (ARM)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  Board               Raspberry Pi 4 Model B Rev 1.4\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("  Temperature         cpu-thermal 45.3 C\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  Throttling          under-voltage now, throttled now, under-voltage "
                      "since boot, throttled since boot (0x50005, vcgencmd)\n"),
            std::string::npos)
      << text;
}

TEST(BoardOutput, TextWithoutBoardFactsFakesNothing) {
  HostInfo h;
  std::ostringstream out;
  write_host_info_text(h, out);
  const std::string text = out.str();
  EXPECT_EQ(text.find("Board"), std::string::npos);
  EXPECT_NE(text.find("  Temperature         not reported\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("Throttling"), std::string::npos);
}

TEST(BoardOutput, Json) {
  HostInfo h;
  h.board = pi_board();
  const nlohmann::json j = host_info_to_json(h)["board"];
  EXPECT_EQ(j["model"], "Raspberry Pi 4 Model B Rev 1.4");
  EXPECT_EQ(j["thermal_zones"][0]["type"], "cpu-thermal");
  EXPECT_EQ(j["thermal_zones"][0]["celsius"], 45.277);
  EXPECT_EQ(j["throttling"]["bits"], 0x50005);
  EXPECT_EQ(j["throttling"]["under_voltage_now"], true);
  EXPECT_EQ(j["throttling"]["soft_temp_limit_since_boot"], false);
  EXPECT_EQ(j["throttling"]["source"], "vcgencmd");
  const nlohmann::json none = host_info_to_json(HostInfo{})["board"];
  EXPECT_TRUE(none["model"].is_null());
  EXPECT_TRUE(none["thermal_zones"].empty());
  EXPECT_TRUE(none["throttling"].is_null());
}

}  // namespace
}  // namespace hostmark::sysinfo
