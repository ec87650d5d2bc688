#pragma once
// A fake /proc and /sys tree for the monitor/ collectors, under a ScratchDir passed as `root`:
// proc/{stat,diskstats,uptime,meminfo,loadavg} and sys/block/NAME/{stat,dev,device,mq/N}.
#include <filesystem>
#include <fstream>
#include <string>

#include "scratch_dir.h"

namespace hostmark::fakes {

class ProcSysFixture {
 public:
  const std::string& root() const { return dir_.path(); }
  bool ok() const { return !dir_.path().empty(); }

  void write(const std::string& relative, const std::string& text) const {
    const std::filesystem::path p = std::filesystem::path(dir_.path()) / relative;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }
  // A whole disk: sys/block/NAME/stat and dev; `physical` adds the device link's stand-in
  // (a directory), `queues` hardware queue directories under mq/.
  void add_disk(const std::string& name, const std::string& dev, const std::string& stat,
                bool physical = true, int queues = 1) const {
    write("sys/block/" + name + "/stat", stat);
    write("sys/block/" + name + "/dev", dev + "\n");
    if (physical)
      std::filesystem::create_directories(dir_.path() + "/sys/block/" + name + "/device");
    for (int q = 0; q < queues; ++q)
      std::filesystem::create_directories(dir_.path() + "/sys/block/" + name + "/mq/" +
                                          std::to_string(q));
  }
  void remove(const std::string& relative) const {
    std::error_code ec;
    std::filesystem::remove_all(std::filesystem::path(dir_.path()) / relative, ec);
  }

 private:
  ScratchDir dir_;
};

}  // namespace hostmark::fakes
