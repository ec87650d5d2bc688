// Pure parts of the device-safety checks: mount and swap tables, device numbers, signature
// wording, device node names.
#include "io/mount_tables.h"

#include <gtest/gtest.h>
#include <sys/sysmacros.h>

#include "io/block_family.h"
#include "io/signature_probe.h"
#include "sysinfo/text.h"

namespace hostmark::io {
namespace {

TEST(MountTablesTest, ParsesDeviceNumbers) {
  EXPECT_EQ(parse_device_number("8:17"), makedev(8, 17));
  EXPECT_EQ(parse_device_number("259:0"), makedev(259, 0));
  EXPECT_FALSE(parse_device_number("8"));
  EXPECT_FALSE(parse_device_number("8:"));
  EXPECT_FALSE(parse_device_number(":1"));
  EXPECT_FALSE(parse_device_number("8:1x"));
  EXPECT_FALSE(parse_device_number(""));
}

TEST(MountTablesTest, DecodesOctalEscapes) {
  EXPECT_EQ(sysinfo::decode_octal_escapes("/mnt/my\\040data"), "/mnt/my data");
  EXPECT_EQ(sysinfo::decode_octal_escapes("a\\011b\\012c\\134d"), "a\tb\nc\\d");
  EXPECT_EQ(sysinfo::decode_octal_escapes("plain"), "plain");
  EXPECT_EQ(sysinfo::decode_octal_escapes("trail\\04"), "trail\\04");  // too short: kept as is
  EXPECT_EQ(sysinfo::decode_octal_escapes("\\9x1"), "\\9x1");
}

TEST(MountTablesTest, ParsesMountinfoWithOptionalFieldsAndEscapes) {
  const std::string text =
      "21 26 0:20 / /proc rw,relatime - proc proc rw\n"
      "36 35 98:0 /mnt1 /mnt/parent rw,noatime master:1 shared:7 - ext3 /dev/root rw\n"
      "40 26 7:3 / /mnt/my\\040data rw - ext4 /dev/loop3 rw,errors=continue\n"
      "41 26 0:55 / /srv rw shared:9 - btrfs /dev/loop5 rw,subvol=/\n"
      "garbage line\n"
      "42 26 7:4 / /broken rw shared:1\n";  // no " - fstype source": skipped
  const auto m = parse_mountinfo(text);
  ASSERT_EQ(m.size(), 4u);
  EXPECT_EQ(m[0].dev, makedev(0, 20));
  EXPECT_EQ(m[0].mount_point, "/proc");
  EXPECT_EQ(m[0].fstype, "proc");
  EXPECT_EQ(m[1].dev, makedev(98, 0));
  EXPECT_EQ(m[1].mount_point, "/mnt/parent");
  EXPECT_EQ(m[1].fstype, "ext3");
  EXPECT_EQ(m[1].source, "/dev/root");
  EXPECT_EQ(m[2].dev, makedev(7, 3));
  EXPECT_EQ(m[2].mount_point, "/mnt/my data");
  EXPECT_EQ(m[2].source, "/dev/loop3");
  EXPECT_EQ(m[3].dev, makedev(0, 55));
  EXPECT_EQ(m[3].source, "/dev/loop5");
}

TEST(MountTablesTest, ParsesSwaps) {
  const std::string text =
      "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
      "/dev/dm-0                               partition\t8388604\t\t0\t\t-2\n"
      "/var/tmp/swap\\040file                   file\t\t65532\t\t0\t\t-3\n";
  const auto s = parse_swaps(text);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].filename, "/dev/dm-0");
  EXPECT_EQ(s[0].type, "partition");
  EXPECT_EQ(s[1].filename, "/var/tmp/swap file");
  EXPECT_EQ(s[1].type, "file");
  EXPECT_TRUE(parse_swaps("Filename Type Size Used Priority\n").empty());
  EXPECT_TRUE(parse_swaps("").empty());
}

TEST(MountTablesTest, ReadProcFileReportsMissingFile) {
  const auto missing = read_proc_file("/proc/hostmark-no-such-file");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().what, "/proc/hostmark-no-such-file");
  const auto mounts = read_proc_file("/proc/self/mountinfo");
  ASSERT_TRUE(mounts);
  EXPECT_FALSE(parse_mountinfo(mounts.value()).empty());  // "/" is always mounted
}

TEST(SignatureWordingTest, DescribesSignaturesWithTheRightArticle) {
  EXPECT_EQ(describe_signature({"ext4", "filesystem"}), "an ext4 filesystem signature");
  EXPECT_EQ(describe_signature({"xfs", "filesystem"}), "an xfs filesystem signature");
  EXPECT_EQ(describe_signature({"btrfs", "filesystem"}), "a btrfs filesystem signature");
  EXPECT_EQ(describe_signature({"swap", "other"}), "a swap signature");
  EXPECT_EQ(describe_signature({"LVM2_member", "raid"}), "an LVM2_member raid signature");
  EXPECT_EQ(describe_signature({"crypto_LUKS", "crypto"}), "a crypto_LUKS crypto signature");
  EXPECT_EQ(describe_signature({"dos", "partition table"}), "a dos partition table");
  EXPECT_EQ(describe_signature({"gpt", "partition table"}), "a gpt partition table");
  EXPECT_EQ(describe_signature({"", "several"}), "several conflicting signatures");
}

TEST(BlockFamilyTest, NamesDeviceNodes) {
  EXPECT_EQ(dev_node_name("loop3p1"), "/dev/loop3p1");
  EXPECT_EQ(dev_node_name("cciss!c0d0"), "/dev/cciss/c0d0");
}

TEST(BlockFamilyTest, UnknownDeviceIsItsOnlyMember) {
  const auto family = related_devices(makedev(4095, 4095), "/nonexistent/sys/dev/block");
  ASSERT_EQ(family.size(), 1u);
  EXPECT_EQ(family[0].relation, Relation::kSelf);
  EXPECT_EQ(family[0].dev, makedev(4095, 4095));
  EXPECT_EQ(family[0].name, "");
}

}  // namespace
}  // namespace hostmark::io
