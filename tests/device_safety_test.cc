// io::check_target() against real loop devices made by the tests (root only; skipped otherwise)
// and against regular files. Only devices these tests attach are ever written.
#include "io/device_safety.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "fake_sysfs.h"
#include "loop_device_fixture.h"

namespace hostmark::io {
namespace {

constexpr SafetyOverrides kNone{};
constexpr SafetyOverrides kDestructive{false, true, false};
constexpr SafetyOverrides kMountedWrite{true, false, false};
constexpr SafetyOverrides kBoth{true, true, false};
constexpr SafetyOverrides kReadonly{false, false, true};

TargetUse writes(const std::string& path) { return TargetUse{path, true, false}; }
TargetUse trims(const std::string& path) { return TargetUse{path, false, true}; }
TargetUse read_use(const std::string& path) { return TargetUse{path, false, false}; }

// The refusal line, or "allowed".
std::string verdict(const Status& s) { return s ? "allowed" : s.error().message(); }

using DeviceSafetyTest = fakes::LoopDeviceTest;

#define ATTACH_OR_SKIP(mbr, partscan)              \
  do {                                             \
    const std::string why = attach(mbr, partscan); \
    if (!why.empty()) GTEST_SKIP() << why;         \
  } while (0)

TEST_F(DeviceSafetyTest, BlankDeviceIsAllowed) {
  ATTACH_OR_SKIP(false, false);
  EXPECT_EQ(verdict(check_target(writes(dev_), kNone)), "allowed");
  EXPECT_EQ(verdict(check_target(trims(dev_), kNone)), "allowed");
  EXPECT_EQ(verdict(check_target(writes(dev_), kReadonly)), dev_ + ": --readonly forbids writing");
}

TEST_F(DeviceSafetyTest, FilesystemSignatureNeedsDestructive) {
  ATTACH_OR_SKIP(false, false);
  ASSERT_EQ(run("mkfs.ext4 -q " + dev_), 0);
  const Status s = check_target(writes(dev_), kNone);
  EXPECT_EQ(verdict(s),
            dev_ + ": carries an ext4 filesystem signature (--destructive writes over it)");
  if (!s) {
    EXPECT_EQ(s.error().exit_code(), 2);
  }
  EXPECT_EQ(verdict(check_target(trims(dev_), kNone)),
            dev_ + ": carries an ext4 filesystem signature (--destructive trims over it)");
  EXPECT_FALSE(check_target(writes(dev_), kMountedWrite));  // not mounted: the wrong override
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive)), "allowed");
  EXPECT_EQ(verdict(check_target(read_use(dev_), kNone)), "allowed");
}

TEST_F(DeviceSafetyTest, MountedDeviceNeedsAllowMountedWrite) {
  ATTACH_OR_SKIP(false, false);
  ASSERT_EQ(run("mkfs.ext4 -q " + dev_), 0);
  const std::string mnt = mount(dev_);
  if (mnt.empty()) GTEST_SKIP() << "mount of " << dev_ << " failed here";
  const std::string refusal =
      dev_ + ": is mounted at " + mnt + " (allow_mounted_write=1 writes anyway)";
  EXPECT_EQ(verdict(check_target(writes(dev_), kNone)), refusal);
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive)), refusal);
  EXPECT_EQ(verdict(check_target(writes(dev_), kMountedWrite)), "allowed");
  EXPECT_EQ(verdict(check_target(writes(dev_), kBoth)), "allowed");
  EXPECT_EQ(verdict(check_target(read_use(dev_), kNone)), "allowed");
  // A file on that filesystem is what a file job normally writes: allowed.
  const std::string file = mnt + "/testfile";
  std::ofstream(file) << "x";
  EXPECT_EQ(verdict(check_target(writes(file), kNone)), "allowed");
  EXPECT_EQ(verdict(check_target(writes(mnt + "/not-yet-created"), kNone)), "allowed");
}

TEST_F(DeviceSafetyTest, SymlinkIsResolvedBeforeChecking) {
  ATTACH_OR_SKIP(false, false);
  ASSERT_EQ(run("mkfs.ext4 -q " + dev_), 0);
  const std::string link = dir_ + "/disk-link";
  ASSERT_EQ(::symlink(dev_.c_str(), link.c_str()), 0);
  EXPECT_EQ(verdict(check_target(writes(link), kNone)),
            link + " (" + dev_ +
                "): carries an ext4 filesystem signature"
                " (--destructive writes over it)");
  const std::string mnt = mount(dev_);
  if (mnt.empty()) GTEST_SKIP() << "mount of " << dev_ << " failed here";
  EXPECT_EQ(
      verdict(check_target(writes(link), kDestructive)),
      link + " (" + dev_ + "): is mounted at " + mnt + " (allow_mounted_write=1 writes anyway)");
}

TEST_F(DeviceSafetyTest, PartitionTableNeedsDestructive) {
  ATTACH_OR_SKIP(true, false);
  EXPECT_EQ(verdict(check_target(writes(dev_), kNone)),
            dev_ + ": carries a dos partition table (--destructive writes over it)");
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive)), "allowed");
}

TEST_F(DeviceSafetyTest, MountedPartitionRefusesTheWholeDisk) {
  ATTACH_OR_SKIP(true, true);
  const std::string part = partition_node();
  if (part.empty()) GTEST_SKIP() << "no partition for " << dev_ << " (losetup -P, partx -a)";
  ASSERT_EQ(run("mkfs.ext4 -q " + part), 0);
  const std::string mnt = mount(part);
  if (mnt.empty()) GTEST_SKIP() << "mount of " << part << " failed here";
  const std::string kernel_part = dev_ + "p1";  // named by the kernel, whatever node we used
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive)),
            dev_ + ": partition " + kernel_part + " is mounted at " + mnt +
                " (allow_mounted_write=1 writes anyway)");
  EXPECT_FALSE(check_target(trims(dev_), kNone));
  EXPECT_EQ(verdict(check_target(writes(dev_), kMountedWrite)), "allowed");
  // The partition itself, by the node we used.
  EXPECT_EQ(verdict(check_target(writes(part), kDestructive)),
            part + ": is mounted at " + mnt + " (allow_mounted_write=1 writes anyway)");
}

TEST_F(DeviceSafetyTest, SwapSignatureAndActiveSwap) {
  ATTACH_OR_SKIP(false, false);
  ASSERT_EQ(run("mkswap " + dev_), 0);
  EXPECT_EQ(verdict(check_target(writes(dev_), kNone)),
            dev_ + ": carries a swap signature (--destructive writes over it)");
  if (!swapon(dev_)) GTEST_SKIP() << "swapon " << dev_ << " is not allowed here";
  const std::string refusal = dev_ + ": is in use as swap (allow_mounted_write=1 writes anyway)";
  EXPECT_EQ(verdict(check_target(writes(dev_), kNone)), refusal);
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive)), refusal);
  EXPECT_EQ(verdict(check_target(read_use(dev_), kNone)), "allowed");
}

TEST_F(DeviceSafetyTest, SwapFileOnTheDeviceCountsAsUse) {
  ATTACH_OR_SKIP(false, false);
  ASSERT_EQ(run("mkfs.ext4 -q " + dev_), 0);
  const std::string mnt = mount(dev_);
  if (mnt.empty()) GTEST_SKIP() << "mount of " << dev_ << " failed here";
  const std::string swapfile = mnt + "/swapfile";
  ASSERT_EQ(run("dd if=/dev/zero of=" + swapfile + " bs=1M count=8 && chmod 600 " + swapfile +
                " && mkswap " + swapfile),
            0);
  if (!swapon(swapfile)) GTEST_SKIP() << "swapon " << swapfile << " is not allowed here";
  // Through the mount, as seen in /proc/self/mountinfo.
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive)),
            dev_ + ": is mounted at " + mnt + " (allow_mounted_write=1 writes anyway)");
  // Where the mount is not visible (another mount namespace): through /proc/swaps itself.
  const std::string no_mounts = dir_ + "/empty-mountinfo";
  std::ofstream(no_mounts) << "";
  SystemPaths paths;
  paths.mountinfo = no_mounts;
  EXPECT_EQ(
      verdict(check_target(writes(dev_), kDestructive, paths)),
      dev_ + ": holds active swap file " + swapfile + " (allow_mounted_write=1 writes anyway)");
}

TEST_F(DeviceSafetyTest, MountMatchedByDeviceNumberNotByName) {
  ATTACH_OR_SKIP(false, false);
  struct stat st {};
  ASSERT_EQ(::stat(dev_.c_str(), &st), 0);
  // A mountinfo line whose source names another device but whose field 3 is ours ...
  const std::string fake = dir_ + "/mountinfo";
  std::ofstream(fake) << "99 1 " << major(st.st_rdev) << ":" << minor(st.st_rdev)
                      << " / /srv/by\\040number rw - ext4 /dev/somethingelse rw\n";
  SystemPaths paths;
  paths.mountinfo = fake;
  EXPECT_EQ(verdict(check_target(writes(dev_), kNone, paths)),
            dev_ + ": is mounted at /srv/by number (allow_mounted_write=1 writes anyway)");
  // ... and one with an anonymous number (btrfs) whose source is our node.
  std::ofstream(fake) << "99 1 0:4095 / /srv/btrfs rw - btrfs " << dev_ << " rw\n";
  EXPECT_EQ(verdict(check_target(writes(dev_), kNone, paths)),
            dev_ + ": is mounted at /srv/btrfs (allow_mounted_write=1 writes anyway)");
}

TEST_F(DeviceSafetyTest, HoldersRefuseTheDevice) {
  ATTACH_OR_SKIP(false, false);
  struct stat st {};
  ASSERT_EQ(::stat(dev_.c_str(), &st), 0);
  const std::string name = dev_.substr(5);
  const std::string numbers =
      std::to_string(major(st.st_rdev)) + ":" + std::to_string(minor(st.st_rdev));
  // This machine has no device-mapper: the stacking is described by a fake sysfs tree.
  fakes::FakeSysfs sys;
  ASSERT_TRUE(sys.ok());
  sys.add_disk(name, numbers);
  sys.add_dm("dm-9", "253:4090", "hm-fake");
  sys.add_holder(name, "dm-9");
  SystemPaths paths;
  paths.sys_dev_block = sys.sys_dev_block();
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive, paths)),
            dev_ +
                ": is held by dm-9 (hm-fake) (device-mapper/md member)"
                " (allow_mounted_write=1 writes anyway)");
  EXPECT_EQ(verdict(check_target(writes(dev_), kMountedWrite, paths)), "allowed");

  // A holder of a partition refuses the whole disk too.
  fakes::FakeSysfs sys2;
  ASSERT_TRUE(sys2.ok());
  sys2.add_disk(name, numbers);
  sys2.add_partition(name, name + "p1", "259:4090");
  sys2.add_disk("md9", "9:4090");
  sys2.add_holder(name + "/" + name + "p1", "md9");
  paths.sys_dev_block = sys2.sys_dev_block();
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive, paths)),
            dev_ + ": partition " + dev_ +
                "p1 is held by md9 (device-mapper/md member)"
                " (allow_mounted_write=1 writes anyway)");
  // A mount of the holder is named as such.
  const std::string fake = dir_ + "/mountinfo";
  std::ofstream(fake) << "99 1 9:4090 / /data rw - xfs /dev/md9 rw\n";
  paths.mountinfo = fake;
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive, paths)),
            dev_ + ": md9, stacked on " + name +
                "p1, is mounted at /data"
                " (allow_mounted_write=1 writes anyway)");
}

TEST_F(DeviceSafetyTest, ExclusiveOpenBySomeoneElseRefuses) {
  ATTACH_OR_SKIP(false, false);
  const int fd = ::open(dev_.c_str(), O_RDONLY | O_EXCL | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive)),
            dev_ +
                ": is busy: it or a partition is open exclusively elsewhere"
                " (allow_mounted_write=1 writes anyway)");
  ::close(fd);
  EXPECT_EQ(verdict(check_target(writes(dev_), kNone)), "allowed");
}

// What a mount in another mount namespace looks like from here: nothing in our mountinfo, but
// the partition is claimed exclusively, which makes the whole disk busy.
TEST_F(DeviceSafetyTest, ExclusiveClaimOfAPartitionMakesTheDiskBusy) {
  ATTACH_OR_SKIP(true, true);
  const std::string part = partition_node();
  if (part.empty()) GTEST_SKIP() << "no partition for " << dev_ << " (losetup -P, partx -a)";
  const int fd = ::open(part.c_str(), O_RDONLY | O_EXCL | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive)),
            dev_ +
                ": is busy: it or a partition is open exclusively elsewhere"
                " (allow_mounted_write=1 writes anyway)");
  ::close(fd);
  EXPECT_EQ(verdict(check_target(writes(dev_), kDestructive)), "allowed");
}

// Regular files need no root and no loop device.
class RegularFileSafetyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/var/tmp/hostmark-safety-XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    old_cwd_ = std::filesystem::current_path();
    std::filesystem::current_path(dir_);
    std::ofstream("testfile") << "data";
  }
  void TearDown() override {
    std::filesystem::current_path(old_cwd_);
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::string dir_;
  std::filesystem::path old_cwd_;
};

TEST_F(RegularFileSafetyTest, ReadonlyRefusesWritesAndTrimsButNotReads) {
  EXPECT_EQ(verdict(check_target(writes("testfile"), kReadonly)),
            "testfile: --readonly forbids writing");
  EXPECT_EQ(verdict(check_target(trims("testfile"), kReadonly)),
            "testfile: --readonly forbids trimming");
  const Status s = check_target(writes("testfile"), kReadonly);
  if (!s) {
    EXPECT_EQ(s.error().exit_code(), 2);
  }
  EXPECT_EQ(verdict(check_target(read_use("testfile"), kReadonly)), "allowed");
}

TEST_F(RegularFileSafetyTest, FilesAndNonBlockDevicesAreAllowed) {
  EXPECT_EQ(verdict(check_target(writes("testfile"), kNone)), "allowed");
  EXPECT_EQ(verdict(check_target(writes("to-be-created"), kNone)), "allowed");
  EXPECT_EQ(verdict(check_target(writes(dir_), kNone)), "allowed");
  EXPECT_EQ(verdict(check_target(writes("/dev/null"), kNone)), "allowed");
  // Reads of anything, even with every override off.
  EXPECT_EQ(verdict(check_target(read_use("/dev/null"), kReadonly)), "allowed");
}

TEST_F(RegularFileSafetyTest, UnresolvablePathIsAnError) {
  std::ofstream("plain") << "x";
  const Status s = check_target(writes("plain/below"), kNone);  // ENOTDIR
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().exit_code(), 1);
  EXPECT_EQ(s.error().what, "plain/below");
}

}  // namespace
}  // namespace hostmark::io
