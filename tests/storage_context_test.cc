// storage/storage_context: what a storage result ran on, and the warnings that tell the truth.
#include "storage/storage_context.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>

#include "loop_device_fixture.h"
#include "output/storage_text.h"
#include "results/storage_json.h"
#include "scratch_dir.h"

namespace hostmark::storage {
namespace {

using K = StorageWarningKind;

std::vector<K> warning_kinds(const std::vector<StorageWarning>& w) {
  std::vector<K> k;
  for (const auto& x : w) k.push_back(x.kind);
  return k;
}

bool has(const std::vector<StorageWarning>& w, K kind) {
  const auto k = warning_kinds(w);
  return std::find(k.begin(), k.end(), kind) != k.end();
}

StorageTarget disk_target() {
  StorageTarget t;
  t.fs_type = "ext4";
  t.device = "sda1";
  t.disk = "sda";
  t.driver = "sd";
  t.model = "Samsung SSD 870";
  t.write_cache = "write through";
  return t;
}

constexpr std::uint64_t kRam = 8ull << 30;

TEST(StorageContext, DescribesADirectoryOnDisk) {
  ScratchDir dir;
  ASSERT_FALSE(dir.path().empty());
  const auto t = describe_storage(dir.path());
  ASSERT_TRUE(t) << t.error().what;
  EXPECT_EQ(t->path, dir.path());
  EXPECT_FALSE(t->is_block_device);
  EXPECT_FALSE(t->fs_type.empty());
  EXPECT_FALSE(t->mount_point.empty());
  EXPECT_NE(t->mount_options.find("rw"), std::string::npos) << t->mount_options;
  EXPECT_GT(t->fs_size_bytes, 0u);
  struct stat st {};
  ASSERT_EQ(stat(dir.path().c_str(), &st), 0);
  if (major(st.st_dev) != 0) {  // a real block device holds /var/tmp: it is named and read
    EXPECT_FALSE(t->device.empty());
    EXPECT_FALSE(t->disk.empty());
    EXPECT_GT(t->disk_size_bytes, 0u);
    EXPECT_GT(t->logical_sector_bytes, 0u);
  }
}

TEST(StorageContext, AFileNotYetCreatedIsDescribedByItsDirectory) {
  ScratchDir dir;
  const auto dir_t = describe_storage(dir.path());
  const auto file_t = describe_storage(dir.file("not-yet"));
  ASSERT_TRUE(dir_t);
  ASSERT_TRUE(file_t) << file_t.error().what;
  EXPECT_EQ(file_t->path, dir.file("not-yet"));
  EXPECT_EQ(file_t->fs_type, dir_t->fs_type);
  EXPECT_EQ(file_t->device, dir_t->device);
}

TEST(StorageContext, AMissingDirectoryIsOneUsageError) {
  const auto t = describe_storage("/nonexistent-hostmark/dir/file");
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().what, "'/nonexistent-hostmark/dir/file'");
  EXPECT_EQ(t.error().why, "No such file or directory");
  EXPECT_EQ(t.error().exit_code(), 2);
}

TEST(StorageContext, TmpfsSaysItMeasuredMemoryAndNothingElse) {
  const auto t = describe_storage("/dev/shm");
  if (!t || t->fs_type != "tmpfs") GTEST_SKIP() << "/dev/shm is not a tmpfs here";
  MeasureFacts f;
  f.reads = f.writes = true;
  f.data_bytes = 1 << 20;
  const auto w = storage_warnings(*t, f, kRam, true);
  ASSERT_EQ(w.size(), 1u);
  EXPECT_EQ(w[0].kind, K::kTmpfs);
  EXPECT_EQ(w[0].text, "tmpfs: this measured memory, not a disk; give a path on the disk to test");
  EXPECT_TRUE(t->device.empty());
}

TEST(StorageWarnings, DirectIoOnAPhysicalDiskIsClean) {
  MeasureFacts f;
  f.reads = f.writes = f.direct = true;
  f.data_bytes = 1 << 20;
  EXPECT_TRUE(storage_warnings(disk_target(), f, kRam, false).empty());
}

TEST(StorageWarnings, BufferedSmallFileWarnsOfTheCacheAndRam) {
  MeasureFacts f;
  f.reads = true;
  f.data_bytes = 1ull << 30;
  f.cache_dropped = false;
  const auto w = storage_warnings(disk_target(), f, kRam, false);
  EXPECT_EQ(warning_kinds(w), (std::vector<K>{K::kPageCacheNotDropped, K::kFileSmallerThanRam}));
  EXPECT_EQ(w[1].text,
            "file smaller than RAM (1 GiB < 8 GiB): the page cache can hold all of it; use "
            "direct I/O or a size above RAM");
}

TEST(StorageWarnings, BufferedLargeFileStillSaysBuffered) {
  MeasureFacts f;
  f.writes = true;
  f.data_bytes = 16ull << 30;
  EXPECT_EQ(warning_kinds(storage_warnings(disk_target(), f, kRam, false)),
            std::vector<K>{K::kBufferedIo});
}

TEST(StorageWarnings, ImpossiblyFastReadsCameFromTheCache) {
  MeasureFacts f;
  f.reads = f.direct = true;
  f.read_mb_per_s = 40000;
  EXPECT_TRUE(has(storage_warnings(disk_target(), f, kRam, false), K::kReadFromPageCache));
  f.read_mb_per_s = 3000;
  EXPECT_FALSE(has(storage_warnings(disk_target(), f, kRam, false), K::kReadFromPageCache));
}

TEST(StorageWarnings, WriteCacheMattersOnlyForWrites) {
  StorageTarget t = disk_target();
  t.write_cache = "write back";
  MeasureFacts f;
  f.direct = true;
  f.reads = true;
  EXPECT_FALSE(has(storage_warnings(t, f, kRam, false), K::kWriteCacheOn));
  f.writes = true;
  EXPECT_TRUE(has(storage_warnings(t, f, kRam, false), K::kWriteCacheOn));
}

TEST(StorageWarnings, VirtualDisksLoopDevicesAndNetworkFilesystems) {
  MeasureFacts f;
  f.direct = f.reads = true;
  StorageTarget v = disk_target();
  v.driver = "virtio_blk";
  EXPECT_EQ(warning_kinds(storage_warnings(v, f, kRam, false)), std::vector<K>{K::kVirtualDisk});
  EXPECT_EQ(warning_kinds(storage_warnings(disk_target(), f, kRam, true)),
            std::vector<K>{K::kVirtualDisk})
      << "any disk of a virtual machine is virtual";
  StorageTarget loop = disk_target();
  loop.disk = loop.device = "loop3";
  loop.backing_file = "/var/tmp/disk.img";
  EXPECT_EQ(warning_kinds(storage_warnings(loop, f, kRam, true)), std::vector<K>{K::kLoopDevice})
      << "a loop device is not called a virtual disk: its own warning says more";
  StorageTarget nfs;
  nfs.fs_type = "fuse.sshfs";
  EXPECT_EQ(warning_kinds(storage_warnings(nfs, f, kRam, false)),
            std::vector<K>{K::kNetworkFilesystem});
}

TEST(StorageWarnings, KindsHaveStableJsonNames) {
  StorageTarget t = disk_target();
  t.warnings.push_back({K::kFileSmallerThanRam, "x"});
  const auto j = storage_target_to_json(t);
  EXPECT_EQ(j["warnings"][0]["kind"], "file_smaller_than_ram");
  EXPECT_EQ(j["warnings"][0]["text"], "x");
  EXPECT_EQ(j["model"], "Samsung SSD 870");
  EXPECT_EQ(std::string(storage_warning_kind_name(K::kPageCacheNotDropped)),
            "page_cache_not_dropped");
}

TEST(StorageText, HeaderNamesDeviceAndFilesystem) {
  StorageTarget t = disk_target();
  t.mount_point = "/srv";
  t.mount_options = "rw,relatime";
  t.scheduler = "mq-deadline";
  t.disk_size_bytes = 512ull << 30;
  std::ostringstream out;
  write_storage_header(t, out);
  EXPECT_EQ(out.str(),
            "Device:      sda \"Samsung SSD 870\" (sd), 512 GiB, non-rotational, scheduler "
            "mq-deadline, write through cache\n"
            "Filesystem:  ext4 on /dev/sda1 at /srv (rw,relatime)\n");
}

TEST(StorageContext, DropFileCacheWorksOnAFileAndRefusesNoFile) {
  ScratchDir dir;
  { std::ofstream(dir.file("f")) << std::string(1 << 16, 'x'); }
  const int fd = ::open(dir.file("f").c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  EXPECT_TRUE(drop_file_cache(fd));
  ::close(fd);
  EXPECT_FALSE(drop_file_cache(-1));
}

class StorageLoopTest : public fakes::LoopDeviceTest {};

TEST_F(StorageLoopTest, ALoopDeviceNamesItsBackingFile) {
  const std::string why = attach(false, false);
  if (!why.empty()) GTEST_SKIP() << why;
  const auto t = describe_storage(dev_);
  ASSERT_TRUE(t) << t.error().what;
  EXPECT_TRUE(t->is_block_device);
  EXPECT_EQ("/dev/" + t->disk, dev_);
  EXPECT_EQ(t->backing_file, dir_ + "/disk.img");
  EXPECT_EQ(t->disk_size_bytes, kImageBytes);
  EXPECT_TRUE(t->fs_type.empty());
  MeasureFacts f;
  f.direct = f.reads = true;
  EXPECT_TRUE(has(storage_warnings(*t, f, kRam, false), K::kLoopDevice));
}

}  // namespace
}  // namespace hostmark::storage
