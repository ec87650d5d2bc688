#pragma once
// The one seam between hostmark's I/O paths and the kernel: every read, write, sync and
// space call an I/O engine or the sysbench fileio workload makes goes through a Syscalls,
// so tests can swap in one that injects EINTR, EAGAIN, short transfers, ENOSPC or EIO
// (tests/fault_syscalls.h). The seam is passed in (EngineOptions::syscalls, FileioWorkload);
// real_syscalls() is the default everywhere.
//
// Contract of every call: on success the syscall's result (bytes moved, 0, a new offset); on
// failure -errno. errno is read in exactly one place, real_syscalls.cc; no caller sees it.
// Offsets and sizes are bytes. The real implementation keeps no state, so one object serves
// every thread.
#include <sys/uio.h>
#include <time.h>

#include <cstddef>
#include <cstdint>

// libaio's types (libaio.h), declared here so the seam does not pull the library's header in.
struct io_context;
struct io_event;

namespace hostmark::platform {

// What a completion hook is about (the async engines and mmap complete I/O without a
// read/write syscall of their own, so the seam sees their result after the fact).
enum class IoKind : std::uint8_t { kRead, kWrite, kSync };

struct Completion {
  IoKind kind = IoKind::kRead;
  int fd = -1;
  std::uint64_t offset = 0;  // bytes from the start of the file
  std::uint64_t length = 0;  // bytes asked for; 0 for a sync
};

class Syscalls {
 public:
  virtual ~Syscalls() = default;

  virtual std::int64_t pread(int fd, void* buf, std::size_t bytes, std::uint64_t offset) = 0;
  virtual std::int64_t pwrite(int fd, const void* buf, std::size_t bytes, std::uint64_t offset) = 0;
  // read/write at the file position, and lseek(SEEK_SET) to set it (the sync engine).
  virtual std::int64_t read(int fd, void* buf, std::size_t bytes) = 0;
  virtual std::int64_t write(int fd, const void* buf, std::size_t bytes) = 0;
  virtual std::int64_t seek(int fd, std::uint64_t offset) = 0;
  // preadv2/pwritev2 with RWF_* `flags` (the pvsync2 engine).
  virtual std::int64_t preadv2(int fd, const iovec* iov, int count, std::uint64_t offset,
                               int flags) = 0;
  virtual std::int64_t pwritev2(int fd, const iovec* iov, int count, std::uint64_t offset,
                                int flags) = 0;
  virtual std::int64_t fsync(int fd) = 0;
  virtual std::int64_t fdatasync(int fd) = 0;
  virtual std::int64_t msync(void* addr, std::size_t bytes) = 0;  // MS_SYNC
  virtual std::int64_t fallocate(int fd, int mode, std::uint64_t offset, std::uint64_t bytes) = 0;
  virtual std::int64_t ftruncate(int fd, std::uint64_t bytes) = 0;

  // libaio's io_getevents: waits for `min_nr` to `nr` completions of `ctx` (a null `timeout`:
  // no limit); returns how many were stored in `events`, or -errno. The wait itself can fail
  // (e.g. EINTR, or EINVAL on a torn-down context); the completions it returns still go
  // through completed().
  virtual std::int64_t getevents(::io_context* ctx, long min_nr, long nr, ::io_event* events,
                                 timespec* timeout) = 0;

  // An I/O the kernel completed asynchronously (a libaio event's res, an io_uring CQE's res)
  // or mmap completed by memcpy/msync, with `result` (bytes or -errno): returns the result the
  // engine reports. The real seam returns `result` unchanged.
  virtual std::int64_t completed(const Completion& io, std::int64_t result) = 0;
};

// The kernel: direct calls, no state. Lives as long as the program.
Syscalls& real_syscalls();

}  // namespace hostmark::platform
