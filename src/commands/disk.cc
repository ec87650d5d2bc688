// `hostmark disk`: picks the mode (commands/disk_modes.h) from its flags.
#include <algorithm>
#include <string_view>

#include "commands/disk_modes.h"

namespace hostmark {
namespace {

bool has_flag(const std::vector<std::string>& args, std::string_view flag) {
  return std::any_of(args.begin(), args.end(), [flag](const std::string& a) {
    return a == flag || (a.size() > flag.size() && a.compare(0, flag.size(), flag) == 0 &&
                         a[flag.size()] == '=');
  });
}

}  // namespace

int run_disk_command(const std::vector<std::string>& args, const CommandIo& io) {
  if (io.describe != nullptr) {  // every mode, each with its own parser
    for (CommandFn mode : {run_disk_profile, run_disk_timing, run_disk_identify, run_disk_dd})
      mode({}, io);
    return 0;
  }
  if (has_flag(args, "--timing")) return run_disk_timing(args, io);
  if (has_flag(args, "--identify")) return run_disk_identify(args, io);
  if (has_flag(args, "--seq-write") || has_flag(args, "--seq-read")) return run_disk_dd(args, io);
  if (has_flag(args, "--help") || has_flag(args, "-h")) {
    io.out << "hostmark disk has four modes (each --help lists its own options):\n"
              "  hostmark disk [PATH] [--profile=...]          CrystalDiskMark/KDiskMark presets\n"
              "  hostmark disk --timing [DEVICE|FILE]          hdparm -tT style read timings\n"
              "  hostmark disk --identify [DEVICE|PATH]        hdparm -I / fdisk -l style facts\n"
              "  hostmark disk --seq-write|--seq-read [PATH]   dd style sequential tests\n\n";
  }
  return run_disk_profile(args, io);
}

}  // namespace hostmark
