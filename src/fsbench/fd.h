#pragma once
// An owned file descriptor whose reads, writes and syncs go through the syscall seam
// (platform/syscalls.h, passed in: tests inject faults) and whose every failing call throws
// Failure naming the file, the operation and the offset ("<path>: write at offset 16384: No
// space left on device"; "<path>: fsync: Input/output error"). EINTR and EAGAIN are issued
// again (a bounded number of times), short transfers continued from where they stopped.
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "platform/syscalls.h"

namespace hostmark::fsbench {

class Fd {
 public:
  // open(2) with mode 0600; throws on failure. `sys` outlives the Fd.
  static Fd open(const std::string& path, int flags, platform::Syscalls& sys);
  Fd(Fd&& other) noexcept;
  Fd& operator=(Fd&&) = delete;
  Fd(const Fd&) = delete;
  ~Fd();

  int get() const { return fd_; }
  void release() { fd_ = -1; }  // the descriptor now belongs to someone else (fdopen)
  // Writes all n bytes at the file position; a write that moves nothing is a full disk.
  void write_all(const void* data, std::size_t n);
  // Reads exactly n bytes; an early end of file is an error too.
  void read_exact(void* data, std::size_t n);
  void seek(off_t offset);
  void sync() const;

 private:
  Fd(int fd, std::string path, platform::Syscalls& sys)
      : fd_(fd), path_(std::move(path)), sys_(&sys) {}
  [[noreturn]] void fail(const char* op, std::int64_t error) const;

  int fd_ = -1;
  std::string path_;
  platform::Syscalls* sys_;
  std::uint64_t offset_ = 0;  // the file position: where the next read or write starts
};

}  // namespace hostmark::fsbench
