#include "fsbench/fd.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "core/error.h"
#include "fsbench/work_dir.h"
#include "platform/retry.h"

namespace hostmark::fsbench {

Fd Fd::open(const std::string& path, int flags, platform::Syscalls& sys) {
  int fd = -1;
  do {
    fd = ::open(path.c_str(), flags | O_CLOEXEC, 0600);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) throw_errno(path, "open");
  return Fd(fd, path, sys);
}

Fd::Fd(Fd&& other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)), sys_(other.sys_), offset_(other.offset_) {
  other.fd_ = -1;
}

Fd::~Fd() {
  if (fd_ >= 0) ::close(fd_);
}

void Fd::fail(const char* op, std::int64_t error) const {
  throw Failure(run_error(path_, fmt::format("{} at offset {}: {}", op, offset_,
                                             std::strerror(static_cast<int>(-error)))));
}

void Fd::write_all(const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  int retries = 0;
  while (n > 0) {
    const std::int64_t w = sys_->write(fd_, p, n);
    if (platform::retry_transient(w, retries)) continue;
    if (w < 0) fail("write", w);
    if (w == 0) fail("write", -ENOSPC);
    p += w;
    n -= static_cast<std::size_t>(w);
    offset_ += static_cast<std::uint64_t>(w);
  }
}

void Fd::read_exact(void* data, std::size_t n) {
  char* p = static_cast<char*>(data);
  int retries = 0;
  while (n > 0) {
    const std::int64_t r = sys_->read(fd_, p, n);
    if (platform::retry_transient(r, retries)) continue;
    if (r < 0) fail("read", r);
    if (r == 0)
      throw Failure(
          run_error(path_, fmt::format("read at offset {}: the file ended early", offset_)));
    p += r;
    n -= static_cast<std::size_t>(r);
    offset_ += static_cast<std::uint64_t>(r);
  }
}

void Fd::seek(off_t offset) {
  const std::int64_t rc = sys_->seek(fd_, static_cast<std::uint64_t>(offset));
  if (rc < 0) {
    errno = static_cast<int>(-rc);
    throw_errno(path_, "lseek");
  }
  offset_ = static_cast<std::uint64_t>(offset);
}

void Fd::sync() const {
  const std::int64_t rc = sys_->fsync(fd_);
  if (rc < 0) {
    throw Failure(run_error(path_, fmt::format("fsync: {}", std::strerror(static_cast<int>(-rc)))));
  }
}

}  // namespace hostmark::fsbench
