// Unit tests of the sysinfo parsers (fixed inputs) and checks of the real readers on this host.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "sysinfo/basic.h"
#include "sysinfo/block_devices.h"
#include "sysinfo/caches.h"
#include "sysinfo/cpu_topology.h"
#include "sysinfo/filesystem.h"
#include "sysinfo/host_info.h"
#include "sysinfo/memory_info.h"

namespace hostmark::sysinfo {
namespace {

TEST(SysinfoCpuList, ParsesRangesAndSingles) {
  EXPECT_EQ(parse_cpu_list("0-3,8"), (std::vector<int>{0, 1, 2, 3, 8}));
  EXPECT_EQ(parse_cpu_list("0\n"), (std::vector<int>{0}));
  EXPECT_EQ(parse_cpu_list(" 0-1, 4-5 "), (std::vector<int>{0, 1, 4, 5}));
  EXPECT_EQ(parse_cpu_list(""), (std::vector<int>{}));
  EXPECT_FALSE(parse_cpu_list("3-1"));
  EXPECT_FALSE(parse_cpu_list("a"));
  EXPECT_FALSE(parse_cpu_list("1,,2"));
}

constexpr const char* kTwoSocketCpuinfo =
    "processor\t: 0\nphysical id\t: 0\ncore id\t\t: 0\n\n"
    "processor\t: 1\nphysical id\t: 0\ncore id\t\t: 1\n\n"
    "processor\t: 2\nphysical id\t: 1\ncore id\t\t: 0\n\n"
    "processor\t: 3\nphysical id\t: 1\ncore id\t\t: 1\n\n"
    "processor\t: 4\nphysical id\t: 0\ncore id\t\t: 0\n\n"
    "processor\t: 5\nphysical id\t: 0\ncore id\t\t: 1\n\n"
    "processor\t: 6\nphysical id\t: 1\ncore id\t\t: 0\n\n"
    "processor\t: 7\nphysical id\t: 1\ncore id\t\t: 1\n";

TEST(SysinfoTopology, CountsSocketsCoresThreadsFromCpuinfo) {
  const auto places = parse_cpuinfo_places(kTwoSocketCpuinfo);
  ASSERT_EQ(places.size(), 8u);
  EXPECT_EQ(places[2].package_id, 1);
  EXPECT_EQ(places[3].core_id, 1);
  const TopologyCounts c = count_topology(places);
  EXPECT_EQ(c.sockets, 2);
  EXPECT_EQ(c.cores, 4);
  EXPECT_EQ(c.threads, 8);
}

TEST(SysinfoTopology, HiddenTopologyCountsEachCpuAsACore) {
  const auto places = parse_cpuinfo_places("processor : 0\nBogoMIPS : 50\n\nprocessor : 1\n");
  const TopologyCounts c = count_topology(places);
  EXPECT_EQ(c.sockets, 1);
  EXPECT_EQ(c.cores, 2);
  EXPECT_EQ(c.threads, 2);
}

TEST(SysinfoTopology, DiesSeparateCoresWithTheSameId) {
  const TopologyCounts c = count_topology({{0, 0, 0, 0}, {1, 0, 1, 0}, {2, 0, 0, 0}});
  EXPECT_EQ(c.cores, 2);
  EXPECT_EQ(c.threads, 3);
}

TEST(SysinfoTopology, KhzToMhz) {
  EXPECT_DOUBLE_EQ(parse_khz_as_mhz("3500000\n"), 3500.0);
  EXPECT_DOUBLE_EQ(parse_khz_as_mhz(""), 0.0);
  EXPECT_DOUBLE_EQ(parse_khz_as_mhz("x"), 0.0);
}

TEST(SysinfoTopology, RealHostHasOnlineCpus) {
  const CpuTopology t = cpu_topology();
  EXPECT_GT(t.threads, 0);
  EXPECT_EQ(t.threads, online_cpus());
  EXPECT_GE(t.sockets, 1);
  EXPECT_LE(t.cores, t.threads);
  EXPECT_GE(t.cores, t.sockets);
}

TEST(SysinfoBlock, ParsesTheBracketedScheduler) {
  EXPECT_EQ(parse_scheduler("mq-deadline [none]"), "none");
  EXPECT_EQ(parse_scheduler("[mq-deadline] kyber bfq none\n"), "mq-deadline");
  EXPECT_EQ(parse_scheduler("none\n"), "none");
  EXPECT_EQ(parse_scheduler(""), "");
  EXPECT_EQ(parse_scheduler("noop deadline"), "");
}

TEST(SysinfoBlock, VirtualNames) {
  for (const char* n : {"loop0", "loop12", "zram0", "ram3"}) {
    EXPECT_TRUE(is_virtual_block_device_name(n)) << n;
  }
  for (const char* n : {"vda", "sda", "nvme0n1", "loop", "ramdisk", "dm-0"}) {
    EXPECT_FALSE(is_virtual_block_device_name(n)) << n;
  }
}

void write_sys_file(const std::filesystem::path& p, const std::string& text) {
  std::filesystem::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

TEST(SysinfoBlock, ScansAFakeSysBlockTree) {
  const auto root =
      std::filesystem::temp_directory_path() / ("hostmark_sysblock_" + std::to_string(getpid()));
  std::filesystem::remove_all(root);
  write_sys_file(root / "sdb/device/model", "Samsung SSD 870 \n");
  write_sys_file(root / "sdb/device/vendor", "ATA     \n");
  write_sys_file(root / "sdb/size", "1953525168\n");
  write_sys_file(root / "sdb/removable", "0\n");
  write_sys_file(root / "sdb/ro", "0\n");
  write_sys_file(root / "sdb/queue/logical_block_size", "512\n");
  write_sys_file(root / "sdb/queue/physical_block_size", "4096\n");
  write_sys_file(root / "sdb/queue/rotational", "0\n");
  write_sys_file(root / "sdb/queue/scheduler", "mq-deadline kyber [bfq] none\n");
  write_sys_file(root / "loop10/size", "0\n");
  write_sys_file(root / "loop2/size", "0\n");
  write_sys_file(root / "loop3/size", "2048\n");
  write_sys_file(root / "loop3/loop/backing_file", "/var/tmp/disk.img\n");
  write_sys_file(root / "zram0/size", "0\n");

  const BlockDeviceScan scan = scan_block_devices(root.string());
  std::filesystem::remove_all(root);
  EXPECT_EQ(scan.error, "");
  ASSERT_EQ(scan.devices.size(), 3u);
  EXPECT_EQ(scan.devices[0].name, "loop3");
  EXPECT_EQ(scan.devices[1].name, "sdb");
  EXPECT_EQ(scan.devices[2].name, "zram0");
  const BlockDevice& loop = scan.devices[0];
  EXPECT_TRUE(loop.is_virtual);
  EXPECT_EQ(loop.backing_file, "/var/tmp/disk.img");
  EXPECT_EQ(loop.size_bytes, 2048u * 512);
  const BlockDevice& sdb = scan.devices[1];
  EXPECT_EQ(sdb.model, "Samsung SSD 870");
  EXPECT_EQ(sdb.vendor, "ATA");
  EXPECT_EQ(sdb.size_bytes, 1953525168ull * 512);
  EXPECT_EQ(sdb.logical_sector_bytes, 512u);
  EXPECT_EQ(sdb.physical_sector_bytes, 4096u);
  EXPECT_FALSE(sdb.rotational);
  EXPECT_FALSE(sdb.is_virtual);
  EXPECT_EQ(sdb.scheduler, "bfq");
  EXPECT_EQ(scan.devices[2].scheduler, "");
  EXPECT_TRUE(scan.devices[2].is_virtual);
  EXPECT_EQ(scan.unbacked_loop_devices, (std::vector<std::string>{"loop2", "loop10"}));
}

TEST(SysinfoBlock, MissingDirectoryIsReportedNotHidden) {
  const BlockDeviceScan scan = scan_block_devices("/nonexistent/sys/block");
  EXPECT_TRUE(scan.devices.empty());
  EXPECT_NE(scan.error, "");
}

TEST(SysinfoBlock, RealSysBlockIsReadable) { EXPECT_EQ(scan_block_devices().error, ""); }

constexpr const char* kMountinfo =
    "22 1 254:1 / / rw,relatime shared:1 - ext4 /dev/vda1 rw,errors=remount-ro\n"
    "30 22 0:27 / /tmp rw,nosuid,nodev shared:5 - tmpfs tmpfs rw,size=1024k\n"
    "31 22 0:28 / /mnt/a rw - tmpfs first rw\n"
    "32 31 0:29 / /mnt/a rw master:3 - xfs /dev/sdb1 rw,noquota\n"
    "33 22 0:30 /sub /mnt/my\\040disk ro,noatime - ext4 /dev/sdc rw\n"
    "garbage line\n";

TEST(SysinfoMountinfo, ParsesEntriesAndEscapes) {
  const auto entries = parse_mountinfo_entries(kMountinfo);
  ASSERT_EQ(entries.size(), 5u);
  EXPECT_EQ(entries[0].major_minor, "254:1");
  EXPECT_EQ(entries[0].super_options, "rw,errors=remount-ro");
  EXPECT_EQ(entries[3].fs_type, "xfs");
  EXPECT_EQ(entries[3].source, "/dev/sdb1");
  EXPECT_EQ(entries[4].mount_point, "/mnt/my disk");
  EXPECT_EQ(entries[4].root, "/sub");
  EXPECT_EQ(entries[4].mount_options, "ro,noatime");
}

TEST(SysinfoMountinfo, ChoosesTheLongestMatchingMountPoint) {
  EXPECT_EQ(parse_mountinfo(kMountinfo, "/")->mount_point, "/");
  EXPECT_EQ(parse_mountinfo(kMountinfo, "/tmp/x/y")->fs_type, "tmpfs");
  EXPECT_EQ(parse_mountinfo(kMountinfo, "/tmpfoo")->mount_point, "/");      // not "/tmp"
  EXPECT_EQ(parse_mountinfo(kMountinfo, "/mnt/a/b")->source, "/dev/sdb1");  // the top mount
  EXPECT_EQ(parse_mountinfo(kMountinfo, "/mnt/ab")->mount_point, "/");
  EXPECT_EQ(parse_mountinfo(kMountinfo, "/mnt/my disk/f")->source, "/dev/sdc");
  EXPECT_FALSE(parse_mountinfo("", "/"));
}

TEST(SysinfoFilesystem, StatfsNames) {
  EXPECT_EQ(statfs_type_name(0xEF53), "ext2/ext3/ext4");
  EXPECT_EQ(statfs_type_name(0x01021994), "tmpfs");
  EXPECT_EQ(statfs_type_name(0x12345), "unknown (0x12345)");
}

TEST(SysinfoFilesystem, RootResolvesToAMount) {
  const auto fs = filesystem_info("/");
  ASSERT_TRUE(fs) << fs.error().message();
  EXPECT_EQ(fs.value().mount_point, "/");
  EXPECT_NE(fs.value().fs_type, "");
  EXPECT_GT(fs.value().size_bytes, 0u);
  EXPECT_LE(fs.value().available_bytes, fs.value().free_bytes);
}

TEST(SysinfoFilesystem, TmpHasAMountAndSize) {
  const auto fs = filesystem_info("/tmp");
  ASSERT_TRUE(fs) << fs.error().message();
  EXPECT_EQ(fs.value().resolved_path.rfind(fs.value().mount_point, 0), 0u);
  EXPECT_NE(fs.value().mount_options, "");
}

TEST(SysinfoFilesystem, MissingPathIsAUsageError) {
  const auto fs = filesystem_info("/nonexistent/x");
  ASSERT_FALSE(fs);
  EXPECT_EQ(fs.error().kind, ErrorKind::kUsage);
  EXPECT_EQ(fs.error().message(), "'/nonexistent/x': No such file or directory");
}

TEST(SysinfoMemory, ParsesMeminfo) {
  const MeminfoSizes m = parse_meminfo(
      "MemTotal:       24683548 kB\nMemFree: 1 kB\nMemAvailable:   24338868 kB\n"
      "SwapTotal:       2097148 kB\nSwapFree:        1048576 kB\n"
      "HugePages_Total:       4\nHugepagesize:       2048 kB\n");
  EXPECT_EQ(m.total_bytes, 24683548ull * 1024);
  EXPECT_EQ(m.available_bytes, 24338868ull * 1024);
  EXPECT_EQ(m.swap_total_bytes, 2097148ull * 1024);
  EXPECT_EQ(m.swap_free_bytes, 1048576ull * 1024);
  EXPECT_EQ(m.hugepages_total, 4u);
  EXPECT_EQ(m.hugepage_size_bytes, 2u << 20);
}

// A type 17 structure of SMBIOS 3.3 (0x5C bytes) with the given fields.
std::vector<std::uint8_t> dimm(std::uint16_t size, std::uint8_t type, std::uint16_t speed,
                               std::uint16_t configured, std::uint32_t ext_size = 0,
                               std::uint32_t ext_speed = 0) {
  std::vector<std::uint8_t> r(0x5C, 0);
  r[0] = 17;
  r[1] = 0x5C;
  const auto put16 = [&r](std::size_t off, std::uint16_t v) {
    r[off] = static_cast<std::uint8_t>(v & 0xFF);
    r[off + 1] = static_cast<std::uint8_t>(v >> 8);
  };
  const auto put32 = [&](std::size_t off, std::uint32_t v) {
    put16(off, static_cast<std::uint16_t>(v & 0xFFFF));
    put16(off + 2, static_cast<std::uint16_t>(v >> 16));
  };
  put16(0x0C, size);
  r[0x12] = type;
  put16(0x15, speed);
  put32(0x1C, ext_size);
  put16(0x20, configured);
  put32(0x54, ext_speed);
  r.push_back(0);  // empty string set
  r.push_back(0);
  return r;
}

TEST(SysinfoMemory, DecodesSmbiosMemoryDevices) {
  const auto ddr4 = parse_smbios_memory_device(dimm(16384, 0x1A, 3200, 2933));
  ASSERT_TRUE(ddr4);
  EXPECT_EQ(ddr4->size_bytes, 16ull << 30);
  EXPECT_EQ(ddr4->type, "DDR4");
  EXPECT_EQ(ddr4->speed_mts, 3200u);
  EXPECT_EQ(ddr4->configured_speed_mts, 2933u);

  const auto ddr5 = parse_smbios_memory_device(dimm(0x7FFF, 0x22, 0xFFFF, 0, 65536, 8000));
  ASSERT_TRUE(ddr5);
  EXPECT_EQ(ddr5->size_bytes, 64ull << 30);
  EXPECT_EQ(ddr5->type, "DDR5");
  EXPECT_EQ(ddr5->speed_mts, 8000u);

  EXPECT_EQ(parse_smbios_memory_device(dimm(0x8000 | 512, 0x18, 0, 0))->size_bytes, 512u << 10);
  EXPECT_EQ(parse_smbios_memory_device(dimm(0, 0x02, 0, 0))->size_bytes, 0u);  // empty slot
  EXPECT_EQ(parse_smbios_memory_device(dimm(0, 0x02, 0, 0))->type, "");
  std::vector<std::uint8_t> not_17 = dimm(1024, 0x1A, 0, 0);
  not_17[0] = 16;
  EXPECT_FALSE(parse_smbios_memory_device(not_17));
  EXPECT_FALSE(parse_smbios_memory_device(std::vector<std::uint8_t>{17, 4, 0, 0}));
}

TEST(SysinfoMemory, RealHostHasMemory) {
  const MemoryInfo m = memory_info();
  EXPECT_GT(m.sizes.total_bytes, 0u);
  EXPECT_EQ(m.sizes.total_bytes, memory_total_bytes());
  EXPECT_TRUE(!m.type.empty() || !m.unknown_reason.empty());
}

TEST(SysinfoCaches, DecodesCpuidLeaf4) {
  // L1d: 48 KiB = 64 sets * 12 ways * 64 B lines, shared by 2 logical CPUs.
  const auto l1d = decode_cpuid_cache_leaf(1u | (1u << 5) | (1u << 14), 63u | (11u << 22), 63u);
  ASSERT_TRUE(l1d);
  EXPECT_EQ(l1d->level, 1);
  EXPECT_EQ(l1d->type, "Data");
  EXPECT_EQ(l1d->size_bytes, 48u << 10);
  EXPECT_EQ(l1d->ways, 12);
  EXPECT_EQ(l1d->line_bytes, 64u);
  EXPECT_EQ(l1d->shared_by_cpus, 2);
  EXPECT_EQ(l1d->source, "cpuid");
  EXPECT_FALSE(decode_cpuid_cache_leaf(0, 0, 0));
}

TEST(SysinfoCaches, DecodesAmdLegacyLeaves) {
  // As an AMD EPYC under Firecracker reports them (0x80000005 ECX/EDX, 0x80000006 ECX/EDX).
  const auto c = decode_amd_legacy_caches(0x300c0140, 0x20080140, 0x04006140, 0x0fe09140);
  ASSERT_EQ(c.size(), 4u);
  EXPECT_EQ(c[0].size_bytes, 48u << 10);
  EXPECT_EQ(c[0].ways, 12);
  EXPECT_EQ(c[1].type, "Instruction");
  EXPECT_EQ(c[1].size_bytes, 32u << 10);
  EXPECT_EQ(c[2].size_bytes, 1u << 20);
  EXPECT_EQ(c[2].ways, 8);
  EXPECT_EQ(c[3].level, 3);
  EXPECT_EQ(c[3].size_bytes, 1016ull * 512 * 1024);
  EXPECT_EQ(c[3].ways, 0);  // encoding 9: "see 0x8000001D"
  EXPECT_EQ(c[3].line_bytes, 64u);
}

TEST(SysinfoCaches, RealHostDescribesCaches) {
#if defined(__x86_64__) || defined(__i386__)
  const auto caches = cpu_caches();
  ASSERT_FALSE(caches.empty());
  EXPECT_EQ(caches.front().level, 1);
  for (const auto& c : caches) EXPECT_GT(c.size_bytes, 0u);
  EXPECT_GT(last_level_cache_bytes(0), 0u);
#else
  GTEST_SKIP() << "CPUID fallback exists only on x86";
#endif
}

TEST(SysinfoHost, OsReleaseName) {
  EXPECT_EQ(parse_os_release_name("NAME=\"Debian GNU/Linux\"\nPRETTY_NAME=\"Debian 12\"\n"),
            "Debian 12");
  EXPECT_EQ(parse_os_release_name("NAME=Alpine\n"), "Alpine");
  EXPECT_EQ(parse_os_release_name(""), "");
}

TEST(SysinfoHost, CollectsWithoutAndWithPath) {
  const HostInfo h = collect_host_info("");
  EXPECT_FALSE(h.filesystem);
  EXPECT_GT(h.cpu.threads, 0);
  EXPECT_NE(h.kernel_release, "");
  EXPECT_TRUE(collect_host_info("/tmp").filesystem);
}

TEST(SysinfoHost, MissingPathThrowsAUsageError) {
  try {
    (void)collect_host_info("/nonexistent");
    FAIL() << "expected a Failure";
  } catch (const Failure& f) {
    EXPECT_EQ(f.error().exit_code(), 2);
    EXPECT_EQ(f.error().message(), "info: '/nonexistent': No such file or directory");
  }
}

}  // namespace
}  // namespace hostmark::sysinfo
