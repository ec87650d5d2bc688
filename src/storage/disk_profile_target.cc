#include "storage/disk_profile_target.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace hostmark::storage {
namespace {

// Bytes of a block device or file (lseek to the end); a usage error when it cannot be opened.
Expected<std::uint64_t> device_bytes(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return usage_error(path, std::strerror(errno));
  const off_t end = ::lseek(fd, 0, SEEK_END);
  ::close(fd);
  return end > 0 ? static_cast<std::uint64_t>(end) : 0;
}

Expected<std::uint64_t> fit(const std::string& path, std::optional<std::uint64_t> size,
                            Expected<std::uint64_t> available, const char* what) {
  if (!available) return available.error();
  if (*available == 0) return usage_error(path, fmt::format("the {} is empty", what));
  if (*available < kMinDiskTestBytes) {
    return usage_error(path, fmt::format("the {} holds {} bytes: at least 1 MiB is needed (one "
                                         "SEQ1M block)",
                                         what, *available));
  }
  if (size && *size > *available) {
    return usage_error("--size", fmt::format("{} bytes is more than the {} {} holds ({} bytes)",
                                             *size, what, path, *available));
  }
  return size ? *size : std::min(kDefaultDiskTestBytes, *available);
}

}  // namespace

Expected<DiskProfileTarget> resolve_disk_target(const std::string& given,
                                                std::optional<std::uint64_t> size) {
  if (size && *size < kMinDiskTestBytes)
    return usage_error("--size", "must be at least 1 MiB (one SEQ1M block)");
  DiskProfileTarget t;
  struct stat st {};
  if (::stat(given.c_str(), &st) != 0) {
    if (errno != ENOENT) return usage_error(given, std::strerror(errno));
    std::filesystem::path parent = std::filesystem::path(given).parent_path();
    if (parent.empty()) parent = ".";
    std::error_code ec;
    if (!std::filesystem::is_directory(parent, ec))
      return usage_error(given, "no such file or directory");
    const auto real_parent = std::filesystem::canonical(parent, ec);
    if (!ec && (real_parent == "/dev" || real_parent.string().rfind("/dev/", 0) == 0))
      return usage_error(given, "no such device");  // a typo, not a test file to create in RAM
    t.path = given;
    t.create = true;
    t.size_bytes = size.value_or(kDefaultDiskTestBytes);
    return t;
  }
  if (S_ISDIR(st.st_mode)) {
    t.path = (std::filesystem::path(given) / kDiskTestFileName).string();
    struct stat existing {};
    if (::lstat(t.path.c_str(), &existing) == 0) {  // a dangling link too: never created through
      return usage_error(t.path,
                         "already exists (left by an interrupted run?): remove it, or "
                         "name it as PATH to test it as it is");
    }
    t.create = true;
    t.size_bytes = size.value_or(kDefaultDiskTestBytes);
    return t;
  }
  if (S_ISBLK(st.st_mode)) {
    t.path = given;
    t.block_device = true;
    auto fitted = fit(given, size, device_bytes(given), "device");
    if (!fitted) return fitted.error();
    t.size_bytes = fitted.value();
    return t;
  }
  if (S_ISREG(st.st_mode)) {
    t.path = given;
    auto fitted = fit(given, size, static_cast<std::uint64_t>(st.st_size), "file");
    if (!fitted) return fitted.error();
    t.size_bytes = fitted.value();
    t.existing_file = true;
    return t;
  }
  return usage_error(given, "not a directory, a regular file or a block device");
}

bool RemoveFileAtExit::remove() {
  if (path_.empty()) return true;
  const bool ok = ::unlink(path_.c_str()) == 0 || errno == ENOENT;
  path_.clear();
  return ok;
}

}  // namespace hostmark::storage
