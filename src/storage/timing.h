#pragma once
// hdparm -T / -t style read timings (issue 4 section 3). Read-only: every function here only
// reads from the descriptor it is given; flush_read_caches() drops clean cached pages.
//
// Units follow hdparm 9.65, whose "MB" are MiB (2^20 bytes): its buffer is 2 MiB and a 256 MiB
// loop device reads as "256 MB". TimingSample keeps bytes; the text line keeps hdparm's spelling.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "core/error.h"
#include "core/stop_requested.h"
#include "platform/syscalls.h"

namespace hostmark::storage {

inline constexpr std::size_t kTimingBufferBytes = std::size_t{2} << 20;  // hdparm's 2 MiB

struct TimingSample {
  std::uint64_t bytes = 0;   // bytes read in the timed loop
  double seconds = 0;        // wall-clock time of the timed loop
  bool reached_end = false;  // disk reads stopped at the end of the device/file, not the clock
  bool interrupted = false;  // `stop` asked to stop early (SIGINT)
  double mib_per_s() const {
    return seconds > 0 ? static_cast<double>(bytes) / 1048576.0 / seconds : 0;
  }
  double mb_per_s() const { return seconds > 0 ? static_cast<double>(bytes) / 1e6 / seconds : 0; }
};

// hdparm's line after its label: "%4u MB in %5.2f seconds = %6.2f MB/sec", MB = MiB, e.g.
// "14142 MB in  1.99 seconds = 7111.48 MB/sec". Pure.
std::string hdparm_timing_text(const TimingSample& sample);

// The labels hdparm prints before it: " Timing cached reads:   ", " Timing buffered disk
// reads:", and with O_DIRECT " Timing O_DIRECT cached reads:   " / " Timing O_DIRECT disk reads:".
std::string hdparm_cached_label(bool direct);
std::string hdparm_disk_label(bool direct);

// What is timed: an open descriptor (O_RDONLY, plus O_DIRECT when `direct`) of `size_bytes`.
struct TimingTarget {
  int fd = -1;
  std::uint64_t size_bytes = 0;
  bool block_device = false;
  std::string path;  // for messages
  // Every timed read goes through this seam (tests inject faults). Not owned.
  platform::Syscalls* syscalls = &platform::real_syscalls();
};

// Cached reads: reads the first 2 MiB once to bring them into the cache, then re-reads them
// with pread at offset 0 until `seconds` have passed. `buffer`: kTimingBufferBytes, aligned to
// 4096 (O_DIRECT). A failed or short read: run_error(path, why).
// `stop` is polled every 16 reads; when it says so the sample ends there, interrupted.
Expected<TimingSample> time_cached_reads(const TimingTarget& target, std::span<std::byte> buffer,
                                         double seconds, const StopRequested& stop = {});

// Disk reads: sequential 2 MiB preads from offset 0 until `seconds` have passed or the end of
// the target. Call flush_read_caches() first. Fails like time_cached_reads; a target smaller
// than one buffer fails with "smaller than 2 MiB".
Expected<TimingSample> time_disk_reads(const TimingTarget& target, std::span<std::byte> buffer,
                                       double seconds, const StopRequested& stop = {});

// Flushes before disk reads, as hdparm does: sync(), fsync/fdatasync of `fd`, then BLKFLSBUF on
// a block device (root only); when refused, and for files, posix_fadvise(DONTNEED) of the
// descriptor's clean pages. False when neither was accepted: reads may come from the cache.
bool flush_read_caches(const TimingTarget& target);

}  // namespace hostmark::storage
