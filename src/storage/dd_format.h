#pragma once
// dd's vocabulary, pure functions: its flag lists (oflag=direct,dsync) and its summary line
//   "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 2.1 s, 511 MB/s"
// laid out as coreutils dd 9.1 prints it (status=progress style sizes and rate).
#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.h"

namespace hostmark::storage {

struct DdFlags {
  bool direct = false;  // O_DIRECT
  bool dsync = false;   // O_DSYNC: each write waits for its data on the device
  bool sync = false;    // O_SYNC: each write waits for data and metadata
};

// "direct", "dsync,direct", "" -> flags. Only names in `allowed` (a comma list) are accepted;
// anything else: usage_error(option, "'x' is not one of: direct, dsync, sync").
Expected<DdFlags> parse_dd_flags(std::string_view option, std::string_view text,
                                 std::string_view allowed);

enum class DdConv { kNone, kFdatasync, kFsync };

// "fdatasync", "fsync", "none" (also "" = none); usage error naming `option` otherwise.
Expected<DdConv> parse_dd_conv(std::string_view option, std::string_view text);

// dd's human number: `value` scaled by 1000 (si) or 1024 until below 1000/1024, printed with
// one decimal below 10 and none above, then the unit: "1.1 GB", "268 MB", "1.0 GiB", "31 MiB".
std::string dd_human_size(std::uint64_t bytes, bool si);

// dd's rate: decimal, three significant digits ("511 MB/s", "97.5 MB/s", "5.0 MB/s",
// "18.9 GB/s"); "Infinity B/s" when seconds is 0.
std::string dd_rate(std::uint64_t bytes, double seconds);

// The whole last line dd prints, without the newline. Below 1000 bytes dd leaves out the
// parenthesis: "512 bytes copied, 0.001 s, 512 kB/s". Seconds use %g (6 significant digits).
std::string dd_summary_line(std::uint64_t bytes, double seconds);

}  // namespace hostmark::storage
