#pragma once
// The storage check: 4K random latency at QD1 (read, write), 4K random IOPS at QD32 (read,
// write) and sequential read on a test file in a directory, each one `hostmark fio` job built
// as `hostmark disk` builds its CrystalDiskMark tests (storage/disk_profile.h), so a doctor
// number means what the same `disk`/`fio` test reports. Never a raw device.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "commands/doctor/check.h"
#include "storage/disk_profile.h"
#include "storage/disk_profile_target.h"

namespace hostmark::doctor {

struct StoragePlan {
  storage::DiskProfileTarget target;  // the test file to create (target.create is true)
  std::uint64_t probe_ns = 0;         // each probe's run time
  std::uint64_t rate_iops = 0;        // >0: cap every probe at this many IOPS (tests)
  bool direct = true;                 // O_DIRECT (false where the filesystem refuses it)
  std::string where;                  // "ext4 on vda (/var/tmp)" for the evidence
};

// The probes in the order they run: RND4K Q1T1 read/write, RND4K Q32T1 read/write, SEQ1M Q8T1
// read.
std::vector<storage::DiskStep> storage_probe_steps();

// The `hostmark fio` arguments of one probe (disk_fio_arguments with direct=0 when !direct and
// rate_iops when set); prepare = the job that writes the test file first.
std::vector<std::string> storage_probe_arguments(const storage::DiskStep& step,
                                                 const StoragePlan& plan);
std::vector<std::string> storage_prepare_arguments(const StoragePlan& plan);

// True when a file in `dir` can be opened with O_DIRECT; a run error naming `dir` when no file
// can be created there at all.
Expected<bool> directory_allows_direct(const std::string& dir);

std::unique_ptr<Check> make_storage_check(StoragePlan plan);

}  // namespace hostmark::doctor
