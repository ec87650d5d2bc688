#pragma once
// A test fixture that owns real loop devices, mounts and swap areas, and undoes them all in
// TearDown by name of what it made (never by pattern): swapoff, umount, losetup -d, then the
// mkdtemp directory under /var/tmp. Needs root; SetUp skips the test otherwise.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "sysinfo/basic.h"

namespace hostmark::fakes {

class LoopDeviceTest : public ::testing::Test {
 protected:
  static constexpr std::uint64_t kImageBytes = 64ull << 20;

  void SetUp() override {
    if (::geteuid() != 0) GTEST_SKIP() << "needs root to create loop devices, mount and swapon";
    char tmpl[] = "/var/tmp/hostmark-safety-XXXXXX";
    ASSERT_NE(::mkdtemp(tmpl), nullptr) << "mkdtemp in /var/tmp failed";
    dir_ = tmpl;
  }

  void TearDown() override {
    bool clean = true;
    for (auto it = swaps_.rbegin(); it != swaps_.rend(); ++it) clean &= run("swapoff " + *it) == 0;
    for (auto it = mounts_.rbegin(); it != mounts_.rend(); ++it) clean &= run("umount " + *it) == 0;
    if (!dev_.empty()) clean &= run("losetup -d " + dev_) == 0;
    std::error_code ec;
    if (clean && !dir_.empty()) std::filesystem::remove_all(dir_, ec);
    if (!clean) ADD_FAILURE() << "cleanup failed; left " << dir_ << " and " << dev_;
  }

  // Runs a shell command with its output discarded; the exit status.
  static int run(const std::string& cmd) {
    const int rc = std::system(("(" + cmd + ") >/dev/null 2>&1").c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  }
  // Runs a shell command; its standard output without the trailing newline ("" on failure).
  static std::string output_of(const std::string& cmd) {
    FILE* p = ::popen((cmd + " 2>/dev/null").c_str(), "r");
    if (p == nullptr) return "";
    std::string out;
    char buf[256];
    while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
    if (::pclose(p) != 0) return "";
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
  }

  // Creates a 64 MiB image in the temp dir and attaches it to a free loop device (dev_).
  // `mbr`: the image starts with a DOS partition table holding one Linux partition from
  // sector 2048 to the end. `partscan`: losetup -P, so the kernel shows loopNp1.
  // "" on success, else why (for GTEST_SKIP).
  std::string attach(bool mbr, bool partscan) {
    const std::string image = dir_ + "/disk.img";
    const int fd = ::open(image.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) return "cannot create " + image;
    bool ok = ::ftruncate(fd, static_cast<off_t>(kImageBytes)) == 0;
    if (ok && mbr) {
      unsigned char sector[512] = {};
      unsigned char* e = sector + 446;  // first partition entry
      // Not bootable; CHS start "use LBA"; type 0x83 (Linux); CHS end "use LBA".
      const unsigned char head[8] = {0x00, 0xfe, 0xff, 0xff, 0x83, 0xfe, 0xff, 0xff};
      std::copy(head, head + 8, e);
      put_le32(e + 8, 2048);
      put_le32(e + 12, static_cast<std::uint32_t>(kImageBytes / 512 - 2048));
      sector[510] = 0x55;
      sector[511] = 0xaa;
      ok = ::pwrite(fd, sector, sizeof sector, 0) == static_cast<ssize_t>(sizeof sector);
    }
    ::close(fd);
    if (!ok) return "cannot size or write " + image;
    dev_ = output_of(std::string("losetup --find --show ") + (partscan ? "-P " : "") + image);
    if (dev_.rfind("/dev/loop", 0) != 0) {
      dev_.clear();
      return "losetup --find --show failed (no free loop device, or not allowed here)";
    }
    return "";
  }

  // The node of partition 1 of dev_ (after attach(true, true)): /dev/loopNp1, or one made
  // with mknod in the temp dir when devtmpfs has none. "" when the kernel shows no partition,
  // neither after the scan at attach time nor after `partx -a`.
  std::string partition_node() {
    const std::string name = dev_.substr(5) + "p1";
    const std::string sys = "/sys/block/" + dev_.substr(5) + "/" + name + "/dev";
    std::string numbers;
    for (int i = 0; i < 200 && numbers.empty(); ++i) {
      numbers = sysinfo::read_trimmed_file(sys);
      if (numbers.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      // Kernels built without partition parsers (CONFIG_MSDOS_PARTITION off) find nothing
      // at attach time: add the partitions from user space (BLKPG), as partx does.
      if (numbers.empty() && i == 10) run("partx -a " + dev_);
    }
    unsigned maj = 0, min = 0;
    if (std::sscanf(numbers.c_str(), "%u:%u", &maj, &min) != 2) return "";
    struct stat st {};
    const std::string node = "/dev/" + name;
    for (int i = 0; i < 50; ++i) {
      if (::stat(node.c_str(), &st) == 0 && S_ISBLK(st.st_mode) &&
          st.st_rdev == makedev(maj, min)) {
        return node;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    const std::string own = dir_ + "/" + name;
    return ::mknod(own.c_str(), S_IFBLK | 0600, makedev(maj, min)) == 0 ? own : "";
  }

  // Mounts `device` on a fresh mkdtemp directory in the temp dir; the mount point, or "".
  std::string mount(const std::string& device) {
    std::string tmpl = dir_ + "/mnt-XXXXXX";
    if (::mkdtemp(tmpl.data()) == nullptr) return "";
    if (run("mount " + device + " " + tmpl) != 0) return "";
    mounts_.push_back(tmpl);
    return tmpl;
  }

  // swapon `path` (already mkswap'ed); remembered for swapoff. False when refused.
  bool swapon(const std::string& path) {
    if (run("swapon " + path) != 0) return false;
    swaps_.push_back(path);
    return true;
  }

  std::string dir_;  // the mkdtemp directory
  std::string dev_;  // the loop device attached by attach(), "/dev/loopN"

 private:
  static void put_le32(unsigned char* p, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<unsigned char>(v >> (8 * i));
  }

  std::vector<std::string> mounts_;
  std::vector<std::string> swaps_;
};

}  // namespace hostmark::fakes
