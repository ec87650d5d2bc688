#pragma once
// The profiles of `hostmark suite`: how long and how large each step runs. `quick` (the
// default) takes about 90 s on a 2-core machine, `full` several minutes with the defaults of
// each single command, `smoke` a few seconds (tests, CI).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hostmark {

struct SuiteProfile {
  std::string_view name;
  std::uint64_t cpu_phase_ns = 0;  // each of the single- and all-thread phases
  bool memory_quick = false;       // quick_memory_options() instead of the defaults
  double memory_estimate_s = 0;
  std::uint32_t disk_loops = 0;  // CrystalDiskMark standard profile: loops of each test
  std::string_view disk_duration;
  std::string_view disk_size;
  std::uint64_t fs_bytes = 0;  // bonnie++-style data file, and the per-char part of it
  std::uint64_t fs_char_bytes = 0;
  std::uint64_t fs_files_k = 0;
  int db_tables = 0;
  std::uint64_t db_table_size = 0;
  std::uint64_t db_phase_ns = 0;
  bool db_all_threads = false;  // one OLTP client per CPU (else one)
};

// "smoke", "quick" or "full"; nullopt for another name.
std::optional<SuiteProfile> find_suite_profile(std::string_view name);

}  // namespace hostmark
