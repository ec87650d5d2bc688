#pragma once
// A fake sysfs block tree in a fresh mkdtemp directory under /var/tmp, removed on destruction:
//   dev/block/<M:m>  -> ../../devices/<disk>                   (and one per partition/holder)
//   devices/<disk>/{dev, holders/}, devices/<disk>/<part>/{dev, partition, holders/}
//   devices/<holder>/{dev, dm/name, holders/}
// Enough for io::related_devices(); tests build the shape they need.
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace hostmark::fakes {

class FakeSysfs {
 public:
  FakeSysfs() {
    char tmpl[] = "/var/tmp/hostmark-fakesys-XXXXXX";
    if (::mkdtemp(tmpl) != nullptr) root_ = tmpl;
    if (!root_.empty()) {
      std::filesystem::create_directories(root_ + "/dev/block");
      std::filesystem::create_directories(root_ + "/devices");
    }
  }
  ~FakeSysfs() {
    std::error_code ec;
    if (!root_.empty()) std::filesystem::remove_all(root_, ec);
  }
  FakeSysfs(const FakeSysfs&) = delete;
  FakeSysfs& operator=(const FakeSysfs&) = delete;

  bool ok() const { return !root_.empty(); }
  std::string sys_dev_block() const { return root_ + "/dev/block"; }

  // A whole disk devices/<name> with device number `dev` ("7:3").
  void add_disk(const std::string& name, const std::string& dev) {
    add_device("devices/" + name, dev);
  }
  // A partition devices/<disk>/<name>.
  void add_partition(const std::string& disk, const std::string& name, const std::string& dev) {
    add_device("devices/" + disk + "/" + name, dev);
    write(root_ + "/devices/" + disk + "/" + name + "/partition", "1\n");
  }
  // A device-mapper device devices/<name> with dm/name `dm_name`.
  void add_dm(const std::string& name, const std::string& dev, const std::string& dm_name) {
    add_device("devices/" + name, dev);
    std::filesystem::create_directories(root_ + "/devices/" + name + "/dm");
    write(root_ + "/devices/" + name + "/dm/name", dm_name + "\n");
  }
  // `holder` (a device directory under devices/) holds `held` (a path under devices/, e.g.
  // "loop3/loop3p1"): a relative link, as the kernel makes them.
  void add_holder(const std::string& held, const std::string& holder) {
    const std::filesystem::path dir = root_ + "/devices/" + held + "/holders";
    const auto target = std::filesystem::relative(root_ + "/devices/" + holder, dir);
    std::filesystem::create_directory_symlink(target, dir / holder);
  }

 private:
  void add_device(const std::string& rel, const std::string& dev) {
    const std::string dir = root_ + "/" + rel;
    std::filesystem::create_directories(dir + "/holders");
    write(dir + "/dev", dev + "\n");
    const std::filesystem::path link = root_ + "/dev/block/" + dev;
    std::filesystem::create_directory_symlink(std::filesystem::relative(dir, root_ + "/dev/block"),
                                              link);
  }
  static void write(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
  }

  std::string root_;
};

}  // namespace hostmark::fakes
