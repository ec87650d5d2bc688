#pragma once
// The one rule for transient results of a call through the seam (syscalls.h): -EINTR and
// -EAGAIN are issued again, at most kTransientRetries times in a row, then the error stands (no
// endless loop on a device that keeps saying EAGAIN, e.g. RWF_NOWAIT on a page-cache miss).
// Used by the engines' retrying wrapper, the sysbench fileio files, dd, the hdparm-style timing
// and the filesystem benchmark, so all of them retry the same way.
#include <cerrno>
#include <cstdint>

namespace hostmark::platform {

inline constexpr int kTransientRetries = 64;

// True when `result` is transient and another attempt is allowed (and counts it in `retries`);
// false when the result stands: not transient, or the retries are used up.
template <typename Count>
constexpr bool retry_transient(std::int64_t result, Count& retries) {
  if ((result != -EINTR && result != -EAGAIN) || retries >= Count{kTransientRetries}) return false;
  ++retries;
  return true;
}

}  // namespace hostmark::platform
