// `hostmark info`: the text and JSON formatters on a fixed HostInfo (golden), and the built binary
// driven as a user would.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "output/host_info_text.h"
#include "results/host_info_json.h"
#include "run_binary.h"

namespace hostmark {
namespace {

sysinfo::HostInfo sample_host() {
  sysinfo::HostInfo h;
  h.hostname = "db1";
  h.os = "Debian GNU/Linux 12 (bookworm)";
  h.kernel_release = "6.1.0-18-amd64";
  h.kernel_version = "#1 SMP";
  h.arch = "x86_64";
  h.virtualization = "kvm";
  h.cpu = {"Intel(R) Xeon(R) Gold 6338", "GenuineIntel", 2, 64, 128, 3200, 2000, 2000.5, "sysfs"};
  h.caches = {{1, "Data", 48 << 10, 64, 12, 2, "sysfs"},
              {3, "Unified", 48 << 20, 64, 12, 64, "sysfs"}};
  h.memory.sizes = {32ull << 30, 30ull << 30, 0, 0, 2 << 20, 0};
  h.memory.unknown_reason = "needs root";
  sysinfo::BlockDevice nvme;
  nvme.name = "nvme0n1";
  nvme.model = "Samsung SSD 980 PRO 1TB";
  nvme.driver = "nvme";
  nvme.size_bytes = 1ull << 40;
  nvme.logical_sector_bytes = 512;
  nvme.physical_sector_bytes = 512;
  nvme.scheduler = "none";
  sysinfo::BlockDevice loop;
  loop.name = "loop3";
  loop.size_bytes = 1ull << 30;
  loop.logical_sector_bytes = 512;
  loop.physical_sector_bytes = 512;
  loop.scheduler = "none";
  loop.is_virtual = true;
  loop.backing_file = "/var/tmp/d.img";
  h.block_devices.devices = {loop, nvme};
  h.block_devices.unbacked_loop_devices = {"loop0", "loop1", "loop2", "loop5"};
  sysinfo::FilesystemInfo fs;
  fs.path = fs.resolved_path = "/srv";
  fs.statfs_type = "xfs";
  fs.fs_type = "xfs";
  fs.mount_point = "/srv";
  fs.source = "/dev/nvme0n1p2";
  fs.block_device = "nvme0n1p2";
  fs.mount_options = "rw,noatime";
  fs.super_options = "rw,attr2";
  fs.size_bytes = 512ull << 30;
  fs.free_bytes = 256ull << 30;
  fs.available_bytes = 256ull << 30;
  fs.block_size_bytes = 4096;
  h.filesystem = fs;
  return h;
}

TEST(InfoText, GoldenLayout) {
  std::ostringstream out;
  write_host_info_text(sample_host(), out);
  EXPECT_EQ(out.str(),
            "Host\n"
            "  Hostname            db1\n"
            "  OS                  Debian GNU/Linux 12 (bookworm)\n"
            "  Kernel              6.1.0-18-amd64 #1 SMP\n"
            "  Architecture        x86_64\n"
            "  Virtualization      kvm\n"
            "\nCPU\n"
            "  Model               Intel(R) Xeon(R) Gold 6338 (GenuineIntel)\n"
            "  Topology            2 sockets, 64 cores, 128 threads (2 threads per core)\n"
            "  Frequency           max 3200 MHz, base 2000 MHz, current 2000 MHz\n"
            "  Temperature         not reported\n"
            "\nCaches\n"
            "  L1d                 48 KiB, 12-way, 64 B lines, shared by 2 CPUs\n"
            "  L3                  48 MiB, 12-way, 64 B lines, shared by 64 CPUs\n"
            "\nMemory\n"
            "  Total               32 GiB\n"
            "  Available           30 GiB\n"
            "  Swap                none\n"
            "  Huge page size      2 MiB (0 pages reserved)\n"
            "  Type and speed      unknown (needs root)\n"
            "\nBlock devices\n"
            "  NAME     KIND     MODEL                    DRIVER  SIZE   SECTOR L/P  ROTATIONAL"
            "  SCHEDULER  NOTES\n"
            "  loop3    virtual  -                        -       1 GiB  512/512 B   no        "
            "  none       backed by /var/tmp/d.img\n"
            "  nvme0n1  disk     Samsung SSD 980 PRO 1TB  nvme    1 TiB  512/512 B   no        "
            "  none\n"
            "  Not listed: 4 loop devices with no backing file (loop0-2, loop5)\n"
            "\nFilesystem of /srv\n"
            "  Mount point         /srv\n"
            "  Type                xfs\n"
            "  Source              /dev/nvme0n1p2\n"
            "  Mount options       rw,noatime\n"
            "  Superblock options  rw,attr2\n"
            "  Size                512 GiB\n"
            "  Free                256 GiB (256 GiB available without root)\n"
            "  Block size          4096 B\n");
}

TEST(InfoJson, UnknownsAreNullAndUnitsInKeys) {
  sysinfo::HostInfo h = sample_host();
  h.cpu.max_mhz = 0;
  h.filesystem.reset();
  const nlohmann::json j = host_info_to_json(h);
  EXPECT_TRUE(j["cpu"]["max_mhz"].is_null());
  EXPECT_EQ(j["cpu"]["base_mhz"], 2000.0);
  EXPECT_EQ(j["cpu"]["threads"], 128);
  EXPECT_TRUE(j["memory"]["type"].is_null());
  EXPECT_EQ(j["memory"]["unknown_reason"], "needs root");
  EXPECT_EQ(j["memory"]["total_bytes"], 32ull << 30);
  EXPECT_EQ(j["caches"][1]["size_bytes"], 48u << 20);
  EXPECT_EQ(j["block_devices"][0]["backing_file"], "/var/tmp/d.img");
  EXPECT_TRUE(j["block_devices"][1]["backing_file"].is_null());
  EXPECT_EQ(j["block_devices"][1]["virtual"], false);
  EXPECT_EQ(j["unbacked_loop_devices"].size(), 4u);
  EXPECT_TRUE(j["filesystem"].is_null());
  EXPECT_EQ(j["kernel"]["release"], "6.1.0-18-amd64");
}

TEST(InfoCommand, JsonForTmp) {
  const RunOutput r = run_hostmark({"info", "--output-format=json", "/tmp"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["schema"], "hostmark.info");
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_GT(j["context"]["cpu_count"].get<int>(), 0);
  const auto& host = j["host"];
  EXPECT_GT(host["cpu"]["threads"].get<int>(), 0);
  EXPECT_GT(host["memory"]["total_bytes"].get<std::uint64_t>(), 0u);
  EXPECT_TRUE(host["block_devices"].is_array());
  EXPECT_TRUE(host["caches"].is_array());
  ASSERT_TRUE(host["filesystem"].is_object());
  EXPECT_EQ(host["filesystem"]["path"], "/tmp");
  EXPECT_TRUE(host["filesystem"]["mount_point"].is_string());
  EXPECT_GT(host["filesystem"]["size_bytes"].get<std::uint64_t>(), 0u);
}

TEST(InfoCommand, TextByDefault) {
  const RunOutput r = run_hostmark({"info"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("\nCPU\n"), std::string::npos);
  EXPECT_NE(r.out.find("\nMemory\n"), std::string::npos);
  EXPECT_NE(r.out.find("iB"), std::string::npos);  // binary units, labelled
  EXPECT_EQ(r.out.find("Filesystem of"), std::string::npos);
}

void expect_one_usage_line(const RunOutput& r, const std::string& line) {
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  const auto lines = output_lines(r.err);
  ASSERT_EQ(lines.size(), 1u) << r.err;
  EXPECT_EQ(lines[0].rfind("hostmark: ", 0), 0u) << lines[0];
  if (!line.empty()) {
    EXPECT_EQ(lines[0], line);
  }
}

TEST(InfoCommand, NonexistentPathIsAUsageError) {
  expect_one_usage_line(run_hostmark({"info", "/nonexistent"}),
                        "hostmark: info: '/nonexistent': No such file or directory");
}

TEST(InfoCommand, CsvIsRejected) {
  const RunOutput r = run_hostmark({"info", "--output-format=csv"});
  expect_one_usage_line(r, "");
  EXPECT_NE(r.err.find("normal and json"), std::string::npos) << r.err;
}

TEST(InfoCommand, UnknownOptionIsAUsageError) {
  expect_one_usage_line(run_hostmark({"info", "--bogus"}), "");
}

TEST(InfoCommand, WritesTheOutputFile) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("hostmark_info_" + std::to_string(getpid()) + ".json"))
                               .string();
  const RunOutput r = run_hostmark({"info", "--output-format", "json", "--output=" + path, "/"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  std::ifstream in(path);
  const nlohmann::json j = nlohmann::json::parse(in);
  std::filesystem::remove(path);
  EXPECT_EQ(j["host"]["filesystem"]["mount_point"], "/");
}

TEST(InfoCommand, HelpExitsZero) {
  const RunOutput r = run_hostmark({"info", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("PATH"), std::string::npos);
}

}  // namespace
}  // namespace hostmark
