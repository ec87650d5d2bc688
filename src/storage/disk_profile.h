#pragma once
// The CrystalDiskMark/KDiskMark presets of `hostmark disk` and the `hostmark fio` command line
// of each of their tests. Pure: no I/O. Each test runs as one fio job (libaio, direct=1,
// time_based, group_reporting; end_fsync=1 when it writes), so a number of `hostmark disk`
// means exactly what the same `hostmark fio` (or fio) command line reports.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.h"
#include "results/storage.h"

namespace hostmark::storage {

// One CrystalDiskMark test: "SEQ1M Q8T1" = sequential, 1 MiB blocks, queue depth 8, 1 thread.
struct DiskTest {
  std::string label;
  std::uint32_t block_bytes = 0;
  std::uint32_t queue_depth = 1;
  std::uint32_t threads = 1;
  bool random = false;
};

enum class DiskDirection { kRead, kWrite, kMix };
const char* disk_direction_name(DiskDirection d);  // "read", "write", "mix"

// How the loops of one test become its number: the best loop (highest MB/s; CrystalDiskMark's
// way, and KDiskMark's Peak and Real World profiles; every profile's default here) or all loops
// together (bytes and I/Os summed over summed runtimes, latencies merged; KDiskMark's Default
// profile averages its loops).
enum class DiskAggregate { kBest, kAverage };
const char* disk_aggregate_name(DiskAggregate a);  // "best", "average"
Expected<DiskAggregate> parse_disk_aggregate(std::string_view text);

struct DiskProfile {
  std::string name;
  std::vector<DiskTest> tests;
  bool mix = false;  // each test runs as one 70% read / 30% write mix instead of read and write
  DiskAggregate aggregate = DiskAggregate::kBest;
};

// "standard", "nvme", "peak", "realworld", "mix"; a usage error naming --profile otherwise.
Expected<DiskProfile> find_disk_profile(std::string_view name);
std::vector<std::string> disk_profile_names();

// One test in one direction: what runs `loops` times.
struct DiskStep {
  DiskTest test;
  DiskDirection direction = DiskDirection::kRead;
  std::string name() const;      // "SEQ1M Q8T1 read"
  std::string job_name() const;  // "SEQ1M_Q8T1_read" (fio's --name=)
  bool reads() const { return direction != DiskDirection::kWrite; }
  bool writes() const { return direction != DiskDirection::kRead; }
};

// The steps of `profile` in CrystalDiskMark's order: every test read, then every test written
// (or each test mixed). `reads`/`writes` false drop that direction (not for mix profiles).
std::vector<DiskStep> disk_steps(const DiskProfile& profile, bool reads, bool writes);

// Where and how long every step runs.
struct DiskTarget {
  std::string path;               // the test file or block device
  std::uint64_t size_bytes = 0;   // region tested (fio's size=)
  std::uint64_t duration_ns = 0;  // of one loop (fio's runtime=, time_based)
};

// The arguments after `hostmark fio` of one loop of `step` on `target`.
std::vector<std::string> disk_fio_arguments(const DiskStep& step, const DiskTarget& target);
// The fio job that writes the test file once before the tests (random data, O_DIRECT), kept
// afterwards (unlink=0) for the tests to use.
std::vector<std::string> disk_prepare_arguments(const DiskTarget& target);

// "hostmark fio --name=... '--filename=/a b'": each argument quoted for a POSIX shell when it
// holds anything but [A-Za-z0-9_./=:,+-].
std::string shell_command_line(std::string_view program, const std::vector<std::string>& args);

}  // namespace hostmark::storage
