#pragma once
// The measurement behind `hostmark disk [PATH]` (CrystalDiskMark/KDiskMark presets), shared by
// the command and by `hostmark suite`'s storage step: every loop of every test is one
// `hostmark fio` job run through the fio layer (storage/disk_profile.h builds its command line).
#include <cstdint>
#include <string>

#include "commands/command.h"
#include "results/result.h"
#include "storage/disk_profile.h"
#include "storage/disk_profile_target.h"

namespace hostmark {

struct DiskProfileOptions {
  std::string path = ".";
  std::string profile = "standard";
  std::uint32_t loops = 5;
  std::string duration = "5";
  std::string size;  // "" = 1 GiB (or the file or device's size)
  std::string interval = "0";
  std::string aggregate;  // "" = the profile's
  bool read_only = false;
  bool write_only = false;
  bool destructive = false;
  bool monitor = false;  // --monitor: PhaseActivity per test
};

// Everything resolved from the options, before anything runs.
struct DiskPlan {
  storage::DiskProfile profile;
  std::vector<storage::DiskStep> steps;
  storage::DiskProfileTarget target;
  storage::DiskTarget fio_target;
  std::uint64_t interval_ns = 0;
};

// Usage errors (as Failure) name the option or PATH: a bad profile, duration or size, write
// tests on a block device or an existing file without --destructive.
DiskPlan make_disk_plan(const DiskProfileOptions& o);

// Runs `plan` (creating and removing the test file as its target says) and adds to `result`
// (whose context the caller has filled in): options, one phase per test, the storage target
// with its warnings, a note on how loops aggregate, `interrupted`. Usage error when the test
// file does not fit; run error when a job fails. SIGINT/SIGTERM stop it between fio runs.
void measure_disk_profile(const DiskProfileOptions& o, const DiskPlan& plan, const CommandIo& io,
                          Result& result);

}  // namespace hostmark
