#include "storage/timing.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <system_error>

#include "platform/retry.h"

namespace hostmark::storage {
namespace {

using Clock = std::chrono::steady_clock;

double timing_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

Error read_error(const TimingTarget& t, std::int64_t got, std::size_t wanted,
                 std::uint64_t offset) {
  if (got < 0) {
    return run_error(t.path, fmt::format("read at offset {}: {}", offset,
                                         std::generic_category().message(static_cast<int>(-got))));
  }
  return run_error(t.path,
                   fmt::format("read at offset {} returned {} of {} bytes", offset, got, wanted));
}

// One pread of the whole buffer through the seam: bytes or -errno; EINTR and EAGAIN are issued
// again (platform/retry.h).
std::int64_t pread_full(const TimingTarget& t, std::span<std::byte> buf, std::uint64_t offset) {
  std::int64_t n = 0;
  int retries = 0;
  do {
    n = t.syscalls->pread(t.fd, buf.data(), buf.size(), offset);
  } while (platform::retry_transient(n, retries));
  return n;
}

}  // namespace

std::string hdparm_timing_text(const TimingSample& s) {
  const auto mb = static_cast<unsigned>(s.bytes >> 20);
  return fmt::format("{:4} MB in {:5.2f} seconds = {:6.2f} MB/sec", mb, s.seconds, s.mib_per_s());
}

std::string hdparm_cached_label(bool direct) {
  return direct ? " Timing O_DIRECT cached reads:   " : " Timing cached reads:   ";
}

std::string hdparm_disk_label(bool direct) {
  return direct ? " Timing O_DIRECT disk reads:" : " Timing buffered disk reads:";
}

Expected<TimingSample> time_cached_reads(const TimingTarget& t, std::span<std::byte> buffer,
                                         double seconds, const StopRequested& stop) {
  const std::size_t len = buffer.size();
  if (t.size_bytes < len) {
    return run_error(t.path, fmt::format("smaller than {} MiB: nothing to time", len >> 20));
  }
  std::int64_t n = pread_full(t, buffer, 0);  // bring the buffer into the cache
  if (n != static_cast<std::int64_t>(len)) return read_error(t, n, len, 0);
  TimingSample s;
  const auto start = Clock::now();
  do {
    n = pread_full(t, buffer, 0);
    if (n != static_cast<std::int64_t>(len)) return read_error(t, n, len, 0);
    s.bytes += len;
    s.interrupted = stop && (s.bytes / len) % 16 == 0 && stop();  // a syscall: not every read
  } while (!s.interrupted && timing_since(start) < seconds);
  s.seconds = timing_since(start);
  return s;
}

Expected<TimingSample> time_disk_reads(const TimingTarget& t, std::span<std::byte> buffer,
                                       double seconds, const StopRequested& stop) {
  const std::size_t len = buffer.size();
  if (t.size_bytes < len) {
    return run_error(t.path, fmt::format("smaller than {} MiB: nothing to time", len >> 20));
  }
  TimingSample s;
  const auto start = Clock::now();
  do {
    if (s.bytes + len > t.size_bytes) {
      s.reached_end = true;
      break;
    }
    const std::int64_t n = pread_full(t, buffer, s.bytes);
    if (n != static_cast<std::int64_t>(len)) return read_error(t, n, len, s.bytes);
    s.bytes += len;
    s.interrupted = stop && (s.bytes / len) % 16 == 0 && stop();  // a syscall: not every read
  } while (!s.interrupted && timing_since(start) < seconds);
  s.seconds = timing_since(start);
  return s;
}

bool flush_read_caches(const TimingTarget& t) {
  ::sync();
  (void)::fsync(t.fd);  // read-only descriptors of devices accept it; errors are harmless here
  (void)::fdatasync(t.fd);
  if (t.block_device && ::ioctl(t.fd, BLKFLSBUF, 0) == 0) return true;
  // Without root (BLKFLSBUF refused) and for files: drop the clean pages of this descriptor.
  return ::posix_fadvise(t.fd, 0, 0, POSIX_FADV_DONTNEED) == 0;
}

}  // namespace hostmark::storage
