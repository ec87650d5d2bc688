// io::related_devices() over fake sysfs trees: partitions, whole disks, holders (recursively).
#include "io/block_family.h"

#include <gtest/gtest.h>
#include <sys/sysmacros.h>

#include "fake_sysfs.h"

namespace hostmark::io {
namespace {

// loop3 (7:3) with partitions loop3p1 (259:0) and loop3p2 (259:1); dm-1 (253:1, "vg-data")
// holds loop3p1; md0 (9:0) holds dm-1; dm-2 (253:2) holds the whole loop3.
void build_stack(fakes::FakeSysfs& sys) {
  sys.add_disk("loop3", "7:3");
  sys.add_partition("loop3", "loop3p1", "259:0");
  sys.add_partition("loop3", "loop3p2", "259:1");
  sys.add_dm("dm-1", "253:1", "vg-data");
  sys.add_disk("md0", "9:0");
  sys.add_holder("loop3/loop3p1", "dm-1");
  sys.add_holder("dm-1", "md0");
}

TEST(BlockFamilyTest, WholeDiskListsPartitionsAndHoldersRecursively) {
  fakes::FakeSysfs sys;
  ASSERT_TRUE(sys.ok());
  build_stack(sys);
  const auto f = related_devices(makedev(7, 3), sys.sys_dev_block());
  ASSERT_EQ(f.size(), 5u);
  EXPECT_EQ(f[0].name, "loop3");
  EXPECT_EQ(f[0].relation, Relation::kSelf);
  EXPECT_EQ(f[0].dev, makedev(7, 3));
  EXPECT_EQ(f[1].name, "loop3p1");
  EXPECT_EQ(f[1].relation, Relation::kPartition);
  EXPECT_EQ(f[1].dev, makedev(259, 0));
  EXPECT_EQ(f[2].name, "loop3p2");
  EXPECT_EQ(f[2].relation, Relation::kPartition);
  EXPECT_EQ(f[3].name, "dm-1");
  EXPECT_EQ(f[3].relation, Relation::kHolder);
  EXPECT_EQ(f[3].held, "loop3p1");
  EXPECT_EQ(f[3].dm_name, "vg-data");
  EXPECT_EQ(f[3].dev, makedev(253, 1));
  EXPECT_EQ(f[4].name, "md0");
  EXPECT_EQ(f[4].relation, Relation::kHolder);
  EXPECT_EQ(f[4].held, "dm-1");
  EXPECT_EQ(f[4].dm_name, "");
}

TEST(BlockFamilyTest, PartitionListsItsWholeDiskButNotItsSiblings) {
  fakes::FakeSysfs sys;
  ASSERT_TRUE(sys.ok());
  build_stack(sys);
  const auto p2 = related_devices(makedev(259, 1), sys.sys_dev_block());
  ASSERT_EQ(p2.size(), 2u);
  EXPECT_EQ(p2[0].name, "loop3p2");
  EXPECT_EQ(p2[0].relation, Relation::kSelf);
  EXPECT_EQ(p2[1].name, "loop3");
  EXPECT_EQ(p2[1].relation, Relation::kWholeDisk);

  const auto p1 = related_devices(makedev(259, 0), sys.sys_dev_block());
  ASSERT_EQ(p1.size(), 4u);
  EXPECT_EQ(p1[1].name, "loop3");
  EXPECT_EQ(p1[2].name, "dm-1");
  EXPECT_EQ(p1[3].name, "md0");
}

TEST(BlockFamilyTest, HolderCyclesAreListedOnce) {
  fakes::FakeSysfs sys;
  ASSERT_TRUE(sys.ok());
  sys.add_disk("loop5", "7:5");
  sys.add_dm("dm-3", "253:3", "a");
  sys.add_holder("loop5", "dm-3");
  sys.add_holder("dm-3", "loop5");  // impossible in a real kernel; must not loop forever
  const auto f = related_devices(makedev(7, 5), sys.sys_dev_block());
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[1].name, "dm-3");
}

}  // namespace
}  // namespace hostmark::io
