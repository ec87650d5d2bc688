#pragma once
// Where `hostmark disk [PATH]` runs its tests: PATH is a directory (a test file
// "hostmark-disk.tmp" is created there, written once with random data and removed at the end),
// an existing regular file (used as it is, never removed; its content is overwritten by write
// tests), a block device (read in place; written only with --destructive, which the caller
// checks), or a file still to be created in an existing directory (created and removed).
#include <cstdint>
#include <optional>
#include <string>

#include "core/error.h"

namespace hostmark::storage {

inline constexpr std::uint64_t kDefaultDiskTestBytes = std::uint64_t{1} << 30;  // 1 GiB
inline constexpr std::uint64_t kMinDiskTestBytes = std::uint64_t{1} << 20;      // one SEQ1M block
inline constexpr const char* kDiskTestFileName = "hostmark-disk.tmp";

struct DiskProfileTarget {
  std::string path;              // file or device the tests address
  std::uint64_t size_bytes = 0;  // region tested from offset 0
  bool block_device = false;
  bool existing_file = false;  // a regular file that was there: written only with --destructive
  bool create = false;         // hostmark creates and writes it first, and removes it afterwards
};

// `size`: --size when given. Usage errors name PATH or --size: a path that does not exist and
// has no existing parent, a directory already holding hostmark-disk.tmp (left by a killed run),
// an empty file, a size larger than the existing file or device, a size below 1 MiB.
Expected<DiskProfileTarget> resolve_disk_target(const std::string& given,
                                                std::optional<std::uint64_t> size);

// Removes `path` when destroyed (unless empty or released); never throws.
class RemoveFileAtExit {
 public:
  explicit RemoveFileAtExit(std::string path) : path_(std::move(path)) {}
  ~RemoveFileAtExit() { remove(); }
  RemoveFileAtExit(const RemoveFileAtExit&) = delete;
  RemoveFileAtExit& operator=(const RemoveFileAtExit&) = delete;
  // Removes it now; false when it existed and could not be removed.
  bool remove();

 private:
  std::string path_;
};

}  // namespace hostmark::storage
