#include "io/device_safety.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "io/block_family.h"
#include "io/device_use.h"
#include "io/signature_probe.h"

namespace hostmark::io {
namespace {

struct FreeDeleter {
  void operator()(char* p) const { std::free(p); }
};

// realpath(3) of `path`; "" with `err` = errno when it cannot be resolved.
std::string resolve(const std::string& path, int& err) {
  const std::unique_ptr<char, FreeDeleter> real(::realpath(path.c_str(), nullptr));
  err = real ? 0 : errno;
  return real ? std::string(real.get()) : std::string();
}

}  // namespace

Status check_target(const TargetUse& use, const SafetyOverrides& overrides,
                    const SystemPaths& paths) {
  if (!use.writes && !use.trims) return Ok{};
  const std::string doing = use.writes ? "writing" : "trimming";
  const std::string does = use.writes ? "writes" : "trims";
  if (overrides.readonly) return usage_error(use.path, "--readonly forbids " + doing);

  int err = 0;
  const std::string real = resolve(use.path, err);
  if (real.empty()) {
    // A file the job will create is fine; anything else we cannot vouch for.
    if (err == ENOENT) return Ok{};
    return run_error(use.path, std::string("cannot resolve the path: ") + std::strerror(err));
  }
  struct stat st {};
  if (::stat(real.c_str(), &st) != 0) {
    return run_error(use.path, std::string("cannot stat: ") + std::strerror(errno));
  }
  if (!S_ISBLK(st.st_mode)) return Ok{};  // regular files, also on mounted filesystems

  const std::string what = real == use.path ? use.path : use.path + " (" + real + ")";
  const auto family = related_devices(st.st_rdev, paths.sys_dev_block);
  const auto in_use = find_device_use(real, family, paths);
  if (!in_use) return run_error(what, in_use.error().message());
  if (!in_use.value().empty()) {
    if (overrides.allow_mounted_write) return Ok{};
    return usage_error(what, in_use.value() + " (allow_mounted_write=1 " + does + " anyway)");
  }

  if (overrides.destructive) return Ok{};
  const auto signature = probe_signature(real);
  if (!signature) {
    return usage_error(what, signature.error().why + " (--destructive " + does + " anyway)");
  }
  if (signature.value()) {
    return usage_error(what, "carries " + describe_signature(*signature.value()) +
                                 " (--destructive " + does + " over it)");
  }
  return Ok{};
}

}  // namespace hostmark::io
