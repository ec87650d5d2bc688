#pragma once
// The modes of `hostmark disk`, one file each; commands/disk.cc picks one from the arguments:
//   hostmark disk [PATH] [--profile=...]        CrystalDiskMark/KDiskMark presets (disk_profile.cc)
//   hostmark disk --timing [DEVICE|FILE]        hdparm -tT style timings (disk_timing.cc)
//   hostmark disk --identify [DEVICE|PATH]      hdparm -I / fdisk -l style description
//   (disk_timing.cc) hostmark disk --seq-write|--seq-read [PATH] dd style sequential tests
//   (disk_dd.cc)
// Each receives every argument after "disk" and parses them itself (CLI11).
#include <string>
#include <vector>

#include "commands/command.h"

namespace hostmark {

int run_disk_profile(const std::vector<std::string>& args, const CommandIo& io);
int run_disk_timing(const std::vector<std::string>& args, const CommandIo& io);
int run_disk_identify(const std::vector<std::string>& args, const CommandIo& io);
int run_disk_dd(const std::vector<std::string>& args, const CommandIo& io);

}  // namespace hostmark
